import type { INVOICE_STATUSES } from '@portal/shared-contracts';

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** How an invoice is paid, as the provider decides when it is issued. */
export interface InvoiceTerms {
  paymentType: string;
  status: InvoiceStatus;
}

/**
 * Where payments go. Invoices are always issued from the database (numbers, periods, amounts);
 * a provider says how a new subscription pays and how each new invoice is collected. It is asked
 * inside the issuing transaction, so it must not call out: a card processor's provider would
 * answer `processing` here, charge after the commit and settle the status from its signed webhook
 * (docs/decisions/0013-billing.md).
 */
export interface BillingProvider {
  /** The payment methods an employer may choose from when starting the subscription (labels as shown). */
  readonly paymentMethods: readonly string[];
  invoiceTerms(invoice: { companyId: string; amountPence: number }): InvoiceTerms;
}

/** Invoices paid by bank transfer: each waits as `processing` until the payment is recorded. */
export const bankTransferProvider: BillingProvider = {
  paymentMethods: ['Bank transfer'],
  invoiceTerms: () => ({ paymentType: 'Bank transfer', status: 'processing' }),
};

/** The provider this build uses. */
export const BILLING_PROVIDER: BillingProvider = bankTransferProvider;
