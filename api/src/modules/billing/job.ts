import { ROUTES } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import type { Mailer } from '../../mail/mailer';
import { trialEndedMail } from '../../mail/templates';
import { BILLING_PROVIDER, type BillingProvider } from './provider';
import { companiesToEnrol, dueSubscriptions, enrol, markTrialEndNotified, settleById, trialsToNotify } from './service';

/** The job runs when the api starts and then every hour. */
export const BILLING_JOB_EVERY_MS = 60 * 60 * 1000;

export interface BillingPassResult {
  /** Free trials started for companies that finished setup. */
  enrolled: number;
  settled: number;
  invoices: number;
  /** Companies told that their trial ended without a subscription. */
  notified: number;
  failed: number;
}

/** Where the trial-end mails go and the link they carry. */
export interface BillingNotices {
  mailer: Mailer;
  /** The portal's configured address (PUBLIC_URL): the mail links to its Payment and Billing page. */
  publicUrl: string;
}

export interface BillingPassOptions {
  now?: Date;
  provider?: BillingProvider;
  log?: Logger;
  /** Without it, ended trials are left for a pass that can mail (the api always passes it). */
  notices?: BillingNotices;
}

/**
 * One pass of the invoice job: free trials for the companies that finished setup (never invoiced),
 * then every subscription whose period has ended is settled (invoiced, or ended by a pending
 * cancellation), then companies whose trial ended unaccepted are told by mail, each in its own
 * transaction so one failure holds up no other company. Safe on several api instances at once: each
 * subscription is settled under its row lock, each period has one invoice, each ended trial one
 * notice (the mark and the mails commit together).
 */
export async function runBillingPass(db: Db, options: BillingPassOptions = {}): Promise<BillingPassResult> {
  const now = options.now ?? new Date();
  const provider = options.provider ?? BILLING_PROVIDER;
  const result: BillingPassResult = { enrolled: 0, settled: 0, invoices: 0, notified: 0, failed: 0 };
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
      if (await db.transaction((tx) => enrol(tx, companyId, now))) result.enrolled += 1;
    });
  }
  for (const id of await dueSubscriptions(db, now)) {
    await attempt('subscriptionId', id, async () => {
      result.invoices += await db.transaction((tx) => settleById(tx, id, now, provider));
      result.settled += 1;
    });
  }
  const notices = options.notices;
  if (notices) {
    const link = `${notices.publicUrl.replace(/\/+$/, '')}/#${ROUTES.payment}`;
    for (const id of await trialsToNotify(db, now)) {
      await attempt('subscriptionId', id, async () => {
        const told = await db.transaction(async (tx) => {
          const notice = await markTrialEndNotified(tx, id, now);
          if (!notice) return false;
          for (const to of notice.recipients) {
            await notices.mailer.enqueue(tx, trialEndedMail(to, notice.companyName, notice.trialEndsAt, notice.graceEndsAt, link), options.log);
          }
          return true;
        });
        if (told) result.notified += 1;
      });
    }
    if (result.notified) notices.mailer.wake();
  }
  return result;
}

export type BillingJob = PeriodicJob;

/** A pass now (so a start after downtime answers with its invoices caught up) and every `everyMs` (see `startPeriodic`). */
export function startBillingJob(db: Db, log: Logger, notices: BillingNotices, everyMs: number = BILLING_JOB_EVERY_MS): Promise<BillingJob> {
  return startPeriodic(
    async () => {
      const r = await runBillingPass(db, { log, notices });
      if (r.enrolled || r.settled || r.notified || r.failed) log.info({ billing: r }, 'billing job pass');
    },
    { everyMs, log, failure: 'billing job pass failed' },
  );
}
