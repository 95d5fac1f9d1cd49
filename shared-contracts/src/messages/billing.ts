import { PAGE_NAMES } from '@portal/shared-contracts/messages/shell';

/**
 * Billing: the subscription, its payments and invoices.
 * Part of `MESSAGES` (messages/index.ts), which composes every area; each string is defined once, here.
 */
export const BILLING_MESSAGES = {
  billing: {
    cancelConfirm: 'Are you sure you want to cancel your subscription? It stays active until the end of the paid period.',
    cancelled: 'Subscription cancelled. It stays active until the end of the paid period.',
    // api answers (ours)
    companyRequired: 'Choose a company to see its billing.',
    noSubscription: 'This company has no subscription yet.',
    alreadyCancelled: 'The subscription is already set to end at the end of the paid period.',
    subscriptionEnded: 'The subscription has already ended.',
    resumed: 'Subscription resumed. It renews at the end of the paid period.',
    notCancelled: 'The subscription has no pending cancellation to undo.',
    invoiceNotFound: 'Invoice not found.',
    // The free trial and the start of the subscription (docs/decisions/0033-trial-and-consent.md).
    onTrial: 'Your company is on its free trial: there is no subscription to cancel or resume yet.',
    alreadySubscribed: 'The subscription has already started.',
    started: 'Subscription started. Your first invoice is in the payment history.',
    startFailed: 'The subscription could not be started. Please try again.',
    choosePaymentMethod: 'Choose a payment method.',
    unknownPaymentMethod: 'Choose one of the payment methods offered.',
    acceptTerms: 'Tick the box to accept the terms before you start the subscription.',
    /** The audit entry's detail when a subscription starts (its label names the plan): the terms accepted. */
    acceptedDetail: (fee: string, per: string, method: string) => `${fee} ${per}, ${method}`,
    /** What a company's users are told (402) when they change something after the grace period. */
    restricted:
      'Your company’s free trial has ended and its subscription has not been started, so changes are paused. A company administrator can start the subscription in Payment and Billing.',
    /** The invoice PDF the api draws (billing.invoicePdf). */
    invoiceDocument: {
      title: 'Invoice',
      number: 'Invoice number',
      issued: 'Issue date',
      period: 'Period',
      periodRange: (from: string, to: string) => `${from} to ${to}`,
      paymentType: 'Payment type',
      status: 'Status',
      statuses: { paid: 'Paid', processing: 'Processing', failed: 'Payment failed', refunded: 'Refunded' },
      billTo: 'Bill to',
      description: 'Description',
      amount: 'Amount',
      item: (plan: string) => `${plan} plan subscription`,
      net: 'Net',
      vat: (rate: string) => `VAT at ${rate}`,
      total: 'Total',
      vatIncluded: (rate: string) => `The subscription fee includes VAT at ${rate}.`,
    },
    // The Payment and Billing screen of mfe-billing (ours around the spec's field names).
    title: PAGE_NAMES.payment,
    /** The employer's profile menu entry that opens /payment. */
    menuEntry: 'Billing',
    infoTitle: 'Billing information',
    facts: {
      companyName: 'Company name',
      subscriptionStatus: 'Subscription status',
      plan: 'Plan',
      subscriptionFee: 'Subscription fee',
      paymentMethod: 'Payment method',
      expiryDate: 'Expiry date',
    },
    feePer: { month: 'per month', year: 'per year' },
    /** On a trial, after the fee: what the plan will cost once started. */
    feeOnceStarted: 'once the subscription starts',
    /** On a trial: the payment method is chosen when the subscription starts. */
    paymentMethodPending: 'Chosen when you start the subscription',
    trialBadge: (date: string) => `Free trial until ${date}`,
    trialEndedBadge: 'Free trial ended',
    restrictedBadge: 'Read-only: start the subscription',
    daysLeft: (days: number) => (days === 1 ? '1 day left' : `${days} days left`),
    trialRunning: (date: string, days: string) =>
      `Your company is on a free trial until ${date} (${days}). Nothing is invoiced until you start the subscription.`,
    trialEnded: (ended: string, grace: string) =>
      `Your free trial ended on ${ended}. Start the subscription by ${grace} to keep making changes: after that your company’s data becomes read-only in the portal and the mobile app until you do.`,
    trialRestricted: (ended: string) =>
      `Your free trial ended on ${ended} and the grace period is over: your company’s data is read-only in the portal and the mobile app. Start the subscription to carry on where you left off.`,
    startTitle: 'Start subscription',
    termsTitle: 'The plan and its terms',
    /** `fee` as the plan states it: "£499.00 per month". */
    terms: (plan: string, fee: string, vat: string) => [
      `${plan} plan: ${fee}, VAT at ${vat} included.`,
      'Starting the subscription ends the free trial: the first period begins that day and is invoiced at once; each later period is invoiced when it begins.',
      'Cancel at any time: the subscription then ends with the period already paid for, and no further invoice is issued.',
    ],
    paymentMethodLegend: 'Payment method',
    paymentMethodHint: 'Invoices are paid by bank transfer; the bank details are on every invoice.',
    acceptLabel: (plan: string) => `I accept the ${plan} plan’s terms above and agree that my company is invoiced for it.`,
    startButton: 'Start subscription',
    starting: 'Starting...',
    /** The banner above every employer page while the company is on its trial (mfe-billing's TrialNotice). */
    notice: {
      label: 'Free trial',
      running: (days: string, date: string) => `Free trial: ${days}, until ${date}.`,
      ended: (grace: string) => `Your free trial has ended. Start the subscription by ${grace} to keep making changes.`,
      restricted: 'Your free trial has ended: your company’s data is read-only until the subscription is started.',
      action: 'Start subscription',
    },
    /** The super admin's All Employers: the company's trial or subscription. */
    summary: {
      column: 'Subscription',
      none: 'Not set up',
      trial: (date: string) => `Trial until ${date}`,
      trialEnded: (date: string) => `Trial ended ${date}`,
      restricted: 'Trial ended: read-only',
      active: 'Active',
      ending: (date: string) => `Ends ${date}`,
      cancelled: 'Cancelled',
    },
    activeUntil: (date: string) => `Active until ${date}`,
    endsOn: (date: string) => `Your subscription ends on ${date}.`,
    serviceEndsOn: (date: string) => `The service ends on ${date}.`,
    keepSubscription: 'Keep Subscription',
    cancelling: 'Cancelling...',
    cancelFailed: 'The subscription could not be cancelled. Please try again.',
    resume: 'Resume Subscription',
    resuming: 'Resuming...',
    resumeFailed: 'The subscription could not be resumed. Please try again.',
    loading: 'Loading billing information…',
    loadFailed: 'Billing information could not be loaded.',
    historyTitle: 'Payment history',
    historyColumns: ['Invoice No', 'Payment Type', 'Date', 'Price', 'Status', 'Invoice PDF'] as const,
    historyLoading: 'Loading the payment history…',
    historyFailed: 'The payment history could not be loaded.',
    noPayments: 'No payments yet.',
    historyPages: 'Payment history pages',
    /** The PDF link's visible text; its accessible name (downloadInvoice) starts with it and names the invoice. */
    download: 'Download',
    downloadInvoice: (invoiceNo: string) => `Download invoice ${invoiceNo} (PDF)`,
  },
} as const;
