import type { Billing, PaymentHistoryEntry } from '@portal/shared-contracts';
import { configure } from '@testing-library/react';
import { pageOf, uuid } from '@portal/testing';

// Builders of contract-shaped answers for tests.

export function makeBilling(over: Partial<Billing> = {}): Billing {
  const feePence = over.subscriptionFeePence ?? 125_000;
  return {
    companyName: 'Greenway Logistics Ltd',
    subscriptionStatus: 'Active',
    subscriptionFee: feePence / 100,
    subscriptionFeePence: feePence,
    plan: 'Business',
    billingInterval: 'month',
    vatRateBp: 2000,
    paymentMethod: 'Visa ending 4242',
    paymentMethods: ['Visa ending 4242'],
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    expiryDate: '2026-12-01T00:00:00.000Z',
    cancelAtPeriodEnd: false,
    cancelledAt: null,
    trial: null,
    acceptedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

/** A company on its free trial (30 days from 1 November 2026), on the Standard plan, nothing chosen yet. */
export function makeTrial(state: 'running' | 'ended' | 'restricted' = 'running', over: Partial<Billing> = {}): Billing {
  return makeBilling({
    subscriptionStatus: 'Trial',
    subscriptionFeePence: 49_900,
    plan: 'Standard',
    paymentMethod: null,
    paymentMethods: ['Bank transfer'],
    currentPeriodStart: '2026-11-01T09:00:00.000Z',
    expiryDate: '2026-12-01T09:00:00.000Z',
    acceptedAt: null,
    trial: {
      startedAt: '2026-11-01T09:00:00.000Z',
      endsAt: '2026-12-01T09:00:00.000Z',
      graceEndsAt: '2026-12-15T09:00:00.000Z',
      state,
      daysLeft: state === 'running' ? 12 : 0,
    },
    ...over,
  });
}

/** The `n`th invoice of a monthly subscription, dated the first of its month in 2026 (or later). */
export function makeEntry(n: number, over: Partial<PaymentHistoryEntry> = {}): PaymentHistoryEntry {
  const id = uuid(100 + n);
  const pricePence = over.pricePence ?? 125_000;
  const month = new Date(Date.UTC(2026, n - 1, 1));
  return {
    id,
    invoiceNo: `INV-${month.getUTCFullYear()}-${String(n).padStart(6, '0')}`,
    paymentType: 'Card',
    paymentDate: month.toISOString(),
    price: pricePence / 100,
    pricePence,
    paymentStatus: 'paid',
    pdfUrl: `/api/invoices/${id}/pdf`,
    ...over,
  };
}

// A machine busy with other suites answers later than Testing Library's one second.
configure({ asyncUtilTimeout: 5_000 });

/**
 * An in-memory billing api: start, cancel and resume change the subscription as the server does (and
 * say when they change nothing), the history pages newest first.
 */
export function billingServer(initial: Billing = makeBilling(), entries: PaymentHistoryEntry[] = []) {
  let billing = { ...initial };
  const newestFirst = [...entries].sort((a, b) => Date.parse(b.paymentDate) - Date.parse(a.paymentDate));
  const change = (cancelAtPeriodEnd: boolean) => {
    const changed = billing.cancelAtPeriodEnd !== cancelAtPeriodEnd;
    billing = { ...billing, cancelAtPeriodEnd, cancelledAt: cancelAtPeriodEnd ? '2026-11-23T10:00:00.000Z' : null };
    return { success: true, message: changed ? 'changed' : 'unchanged', changed, billing };
  };
  return {
    get billing() {
      return billing;
    },
    handlers: {
      'billing.billing': () => billing,
      'billing.historyPage': (input: Record<string, unknown> | undefined) => {
        const q = input?.query as { pageNumber: number; pageSize: number };
        return pageOf(newestFirst, q.pageNumber, q.pageSize);
      },
      'billing.cancel': () => change(true),
      'billing.resume': () => change(false),
      'billing.start': (input: Record<string, unknown> | undefined) => {
        const body = input?.body as { paymentMethod: string };
        billing = { ...billing, subscriptionStatus: 'Active', paymentMethod: body.paymentMethod, trial: null, acceptedAt: '2026-11-23T10:00:00.000Z', currentPeriodStart: '2026-11-23T10:00:00.000Z', expiryDate: '2026-12-23T10:00:00.000Z' };
        return { success: true, message: 'Subscription started.', changed: true, billing };
      },
    },
  };
}
