import { PAGE_NAMES } from '@portal/shared-contracts/messages/shell';

/**
 * Billing: the subscription, its payments and invoices.
 * Part of `MESSAGES` (messages.ts), which composes every area; each string is defined once, here.
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
