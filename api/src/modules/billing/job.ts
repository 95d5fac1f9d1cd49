import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import { BILLING_PROVIDER, type BillingProvider } from './provider';
import { companiesToEnrol, dueSubscriptions, enrol, settleById } from './service';

/** The job runs when the api starts and then every hour. */
export const BILLING_JOB_EVERY_MS = 60 * 60 * 1000;

export interface BillingPassResult {
  enrolled: number;
  settled: number;
  invoices: number;
  failed: number;
}

export interface BillingPassOptions {
  now?: Date;
  provider?: BillingProvider;
  log?: Logger;
}

/**
 * One pass of the invoice job: subscriptions for the companies that finished setup, then every
 * subscription whose period has ended is settled (invoiced, or ended by a pending cancellation),
 * each in its own transaction so one failure holds up no other company. Safe on several api
 * instances at once: each subscription is settled under its row lock, each period has one invoice.
 */
export async function runBillingPass(db: Db, options: BillingPassOptions = {}): Promise<BillingPassResult> {
  const now = options.now ?? new Date();
  const provider = options.provider ?? BILLING_PROVIDER;
  const result: BillingPassResult = { enrolled: 0, settled: 0, invoices: 0, failed: 0 };
  const attempt = async (what: string, id: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      result.failed += 1;
      options.log?.error({ err, [what]: id }, 'billing: a subscription could not be settled');
    }
  };
  for (const companyId of await companiesToEnrol(db)) {
    await attempt('companyId', companyId, async () => {
      if (await db.transaction((tx) => enrol(tx, companyId, now, provider))) {
        result.enrolled += 1;
        result.invoices += 1;
      }
    });
  }
  for (const id of await dueSubscriptions(db, now)) {
    await attempt('subscriptionId', id, async () => {
      result.invoices += await db.transaction((tx) => settleById(tx, id, now, provider));
      result.settled += 1;
    });
  }
  return result;
}

export type BillingJob = PeriodicJob;

/** A pass now (so a start after downtime answers with its invoices caught up) and every `everyMs` (see `startPeriodic`). */
export function startBillingJob(db: Db, log: Logger, everyMs: number = BILLING_JOB_EVERY_MS): Promise<BillingJob> {
  return startPeriodic(
    async () => {
      const r = await runBillingPass(db, { log });
      if (r.enrolled || r.settled || r.failed) log.info({ billing: r }, 'billing job pass');
    },
    { everyMs, log, failure: 'billing job pass failed' },
  );
}
