import { sql } from 'drizzle-orm';
import { TRIAL } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { addIntervals } from '../modules/billing/periods';
import { DEFAULT_PLAN } from '../modules/billing/pricing';
import { BILLING_PROVIDER, type InvoiceStatus } from '../modules/billing/provider';
import { issueInvoice } from '../modules/billing/service';
import { prng } from './employees';

/**
 * Billing history for demo companies, at any length: a subscription on the default plan, accepted by
 * the company's employer at the end of a free trial `months` months ago, and one invoice per month up
 * to the current period, numbered in the same yearly series the invoice job continues. Older invoices are paid, except one that failed a few
 * months back and one that was refunded; the current one is processing. Invoices of all the
 * companies are issued in date order, so the numbers follow the dates. Companies that already
 * have a subscription are left alone.
 */

export interface SeedDemoBillingOptions {
  companyIds: readonly string[];
  /** Monthly invoices per company, the last for the current period (default 12). */
  months?: number;
  /** Companies whose subscription is set to end with the current period. */
  cancelling?: readonly string[];
  seed?: number | string;
  now?: Date;
}

export interface SeedDemoBillingResult {
  subscriptions: number;
  invoices: number;
  statuses: Record<InvoiceStatus, number>;
}

const DAY = 86_400_000;

/** Which invoice of a company's `months` (0 the oldest) gets which status. */
function statusesFor(months: number, rand: () => number): InvoiceStatus[] {
  const statuses = Array.from({ length: months }, (): InvoiceStatus => 'paid');
  statuses[months - 1] = 'processing';
  const failed = months - 2 - Math.floor(rand() * 3);
  if (failed >= 0) statuses[failed] = 'failed';
  if (failed > 0) statuses[Math.floor(rand() * failed)] = 'refunded';
  return statuses;
}

export async function seedDemoBilling(db: Db, options: SeedDemoBillingOptions): Promise<SeedDemoBillingResult> {
  const months = options.months ?? 12;
  const now = options.now ?? new Date();
  const result: SeedDemoBillingResult = { subscriptions: 0, invoices: 0, statuses: { paid: 0, processing: 0, failed: 0, refunded: 0 } };
  if (months <= 0 || options.companyIds.length === 0) return result;
  const billed = await rows<{ company_id: string }>(db, sql`select company_id from subscriptions where company_id in ${options.companyIds}`);
  const companies = options.companyIds.filter((id) => !billed.some((b) => b.company_id === id));
  const rand = prng(`billing:${options.seed ?? 1}`);
  const plan = DEFAULT_PLAN;

  await db.transaction(async (tx) => {
    const issues: { sub: { id: string; companyId: string; feePence: number }; start: Date; end: Date; status: InvoiceStatus }[] = [];
    for (const companyId of companies) {
      // The current period began 1 to 27 days ago, so it ends within the coming month.
      const currentStart = new Date(now.getTime() - (1 + Math.floor(rand() * 27)) * DAY - Math.floor(rand() * DAY));
      const anchor = addIntervals(currentStart, -(months - 1), plan.interval);
      const period = (n: number) => ({ start: addIntervals(anchor, n, plan.interval), end: addIntervals(anchor, n + 1, plan.interval) });
      const current = period(months - 1);
      const cancelling = options.cancelling?.includes(companyId) ?? false;
      // A free trial of the default length before it, accepted by the company's employer on its last day.
      const trialStart = new Date(anchor.getTime() - TRIAL.defaultDays * DAY);
      const [sub] = await rows<{ id: string }>(
        tx,
        sql`insert into subscriptions (company_id, plan, status, fee_pence, billing_interval, payment_method, started_at, current_period_start, current_period_end,
            cancel_at_period_end, cancelled_at, trial_started_at, trial_ends_at, accepted_at, accepted_by)
          values (${companyId}, ${plan.name}, 'Active', ${plan.feePence}, ${plan.interval}, ${BILLING_PROVIDER.paymentMethods[0]!}, ${anchor.toISOString()}::timestamptz,
            ${current.start.toISOString()}::timestamptz, ${current.end.toISOString()}::timestamptz,
            ${cancelling}, ${cancelling ? new Date(now.getTime() - 2 * DAY).toISOString() : null}::timestamptz,
            ${trialStart.toISOString()}::timestamptz, ${anchor.toISOString()}::timestamptz, ${anchor.toISOString()}::timestamptz,
            (select u.id from users u where u.company_id = ${companyId} and u.role = 'Employer' order by u.created_at limit 1))
          returning id`,
      );
      const statuses = statusesFor(months, rand);
      for (let n = 0; n < months; n++) issues.push({ sub: { id: sub!.id, companyId, feePence: plan.feePence }, ...period(n), status: statuses[n]! });
      result.subscriptions += 1;
    }
    issues.sort((a, b) => a.start.getTime() - b.start.getTime());
    for (const i of issues) {
      await issueInvoice(tx, i.sub, i, { issuedAt: i.start, terms: { paymentType: BILLING_PROVIDER.invoiceTerms({ companyId: i.sub.companyId, amountPence: i.sub.feePence }).paymentType, status: i.status } });
      result.invoices += 1;
      result.statuses[i.status] += 1;
    }
  });
  return result;
}
