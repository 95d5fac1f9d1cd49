import { sql, type SQL } from 'drizzle-orm';
import {
  ENDPOINTS,
  MESSAGES,
  SUBSCRIPTION_ACTIVE,
  SUBSCRIPTION_TRIAL,
  buildPath,
  graceEndOf,
  trialStateAt,
  type Billing,
  type Page,
  type PaymentHistoryEntry,
  type StartSubscriptionBody,
  type SubscriptionStatus,
  type Trial,
} from '@portal/shared-contracts';
import type { Db, Tx } from '../../db/client';
import { pageAnswer, rows, toIso } from '../../db/sql';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { addIntervals, intervalsSince, type BillingInterval } from './periods';
import { DEFAULT_PLAN, VAT_RATE_BP, formatPence, longDate, poundsOf, vatWithin } from './pricing';
import type { BillingProvider, InvoiceStatus, InvoiceTerms } from './provider';

/**
 * Trials, subscriptions and invoices (docs/decisions/0013-billing.md, 0033-trial-and-consent.md).
 * A company that finishes setup gets a free trial, which is never invoiced; an administrator's
 * acceptance of the plan, with the payment method chosen, starts the subscription and its first
 * period. Every change to a subscription happens with its row locked (`for update`), after bringing
 * it up to the present (`settle`): a period that has begun is invoiced exactly once, by whichever
 * api instance or request gets there first, and a pending cancellation takes effect at the end of
 * the paid period.
 */

export interface Subscription {
  id: string;
  companyId: string;
  companyName: string;
  plan: string;
  status: SubscriptionStatus;
  feePence: number;
  billingInterval: BillingInterval;
  /** Null on a trial. */
  paymentMethod: string | null;
  /** The paid periods: null on a trial. */
  startedAt: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelledAt: Date | null;
  /** The free trial; null for companies subscribed before trials existed. */
  trialStartedAt: Date | null;
  trialEndsAt: Date | null;
  acceptedAt: Date | null;
}

/** A subscription whose paid periods have begun (status Active or Cancelled). */
export type PaidSubscription = Subscription & { startedAt: Date; currentPeriodStart: Date; currentPeriodEnd: Date; paymentMethod: string };

function isPaid(s: Subscription): s is PaidSubscription {
  return s.status !== SUBSCRIPTION_TRIAL && s.startedAt !== null && s.currentPeriodStart !== null && s.currentPeriodEnd !== null;
}

interface SubscriptionDbRow {
  id: string;
  company_id: string;
  company_name: string;
  plan: string;
  status: SubscriptionStatus;
  fee_pence: number;
  billing_interval: BillingInterval;
  payment_method: string | null;
  started_at: Date | string | null;
  current_period_start: Date | string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  cancelled_at: Date | string | null;
  trial_started_at: Date | string | null;
  trial_ends_at: Date | string | null;
  accepted_at: Date | string | null;
}

const asDate = (v: Date | string): Date => new Date(toIso(v)!);
const orNull = (v: Date | string | null): Date | null => (v === null ? null : asDate(v));
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const DAY_MS = 86_400_000;

function toSubscription(r: SubscriptionDbRow): Subscription {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    plan: r.plan,
    status: r.status,
    feePence: Number(r.fee_pence),
    billingInterval: r.billing_interval,
    paymentMethod: r.payment_method,
    startedAt: orNull(r.started_at),
    currentPeriodStart: orNull(r.current_period_start),
    currentPeriodEnd: orNull(r.current_period_end),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    cancelledAt: orNull(r.cancelled_at),
    trialStartedAt: orNull(r.trial_started_at),
    trialEndsAt: orNull(r.trial_ends_at),
    acceptedAt: orNull(r.accepted_at),
  };
}

function trialOf(s: Subscription, now: Date): Trial | null {
  if (s.status !== SUBSCRIPTION_TRIAL || !s.trialStartedAt || !s.trialEndsAt) return null;
  return {
    startedAt: s.trialStartedAt.toISOString(),
    endsAt: s.trialEndsAt.toISOString(),
    graceEndsAt: graceEndOf(s.trialEndsAt).toISOString(),
    state: trialStateAt(s.trialEndsAt, now),
    daysLeft: Math.max(0, Math.ceil((s.trialEndsAt.getTime() - now.getTime()) / DAY_MS)),
  };
}

export function toBilling(s: Subscription, now: Date, provider: BillingProvider): Billing {
  const trial = trialOf(s, now);
  // On a trial the spec's period and expiry date are the trial's: when it began and when it ends.
  const periodStart = isPaid(s) ? s.currentPeriodStart : s.trialStartedAt!;
  const expiry = isPaid(s) ? s.currentPeriodEnd : s.trialEndsAt!;
  return {
    companyName: s.companyName,
    subscriptionStatus: s.status,
    subscriptionFee: poundsOf(s.feePence),
    subscriptionFeePence: s.feePence,
    plan: s.plan,
    billingInterval: s.billingInterval,
    vatRateBp: VAT_RATE_BP,
    paymentMethod: s.paymentMethod,
    paymentMethods: [...provider.paymentMethods],
    currentPeriodStart: periodStart.toISOString(),
    expiryDate: expiry.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
    trial,
    acceptedAt: s.acceptedAt?.toISOString() ?? null,
  };
}

async function findSubscription(db: Db, where: SQL, lock: SQL = sql``): Promise<Subscription | null> {
  const [r] = await rows<SubscriptionDbRow>(
    db,
    sql`select s.id, s.company_id, c.name as company_name, s.plan, s.status, s.fee_pence, s.billing_interval, s.payment_method,
        s.started_at, s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.cancelled_at,
        s.trial_started_at, s.trial_ends_at, s.accepted_at
      from subscriptions s join companies c on c.id = s.company_id
      where ${where} ${lock}`,
  );
  return r ? toSubscription(r) : null;
}

// ---------------------------------------------------------------- issuing

/** `INV-2026-000123`. */
export const invoiceNumber = (year: number, seq: number) => `INV-${year}-${String(seq).padStart(6, '0')}`;

export interface IssueOptions {
  /** When the invoice is issued; its year names the number series. */
  issuedAt: Date;
  terms: InvoiceTerms;
}

/**
 * The invoice of one period, numbered next in its year's series. The number is taken from the
 * year's counter row in this transaction, which keeps the row locked until the commit, so numbers
 * follow the order of the commits and a rolled-back issue gives its number back. A period already
 * invoiced inserts nothing and answers null, and the number goes back too.
 */
export async function issueInvoice(
  tx: Tx,
  sub: Pick<Subscription, 'id' | 'companyId' | 'feePence'>,
  period: { start: Date; end: Date },
  { issuedAt, terms }: IssueOptions,
): Promise<{ id: string; number: string } | null> {
  const year = issuedAt.getUTCFullYear();
  const [counter] = await rows<{ last: number }>(
    tx,
    sql`insert into invoice_counters (year, last) values (${year}, 1)
      on conflict (year) do update set last = invoice_counters.last + 1 returning last`,
  );
  const seq = Number(counter!.last);
  const number = invoiceNumber(year, seq);
  const [inserted] = await rows<{ id: string }>(
    tx,
    sql`insert into invoices (company_id, subscription_id, number, year, seq, period_start, period_end, issued_at,
        amount_pence, vat_pence, vat_rate_bp, payment_type, status)
      values (${sub.companyId}, ${sub.id}, ${number}, ${year}, ${seq}, ${ts(period.start)}, ${ts(period.end)}, ${ts(issuedAt)},
        ${sub.feePence}, ${vatWithin(sub.feePence)}, ${VAT_RATE_BP}, ${terms.paymentType}, ${terms.status})
      on conflict (subscription_id, period_start) do nothing
      returning id`,
  );
  if (!inserted) {
    // The counter row is still locked by this transaction: no later number exists, so this one can go back.
    await tx.execute(sql`update invoice_counters set last = last - 1 where year = ${year}`);
    return null;
  }
  return { id: inserted.id, number };
}

/**
 * Brings a locked subscription up to `now`. At the end of the paid period a pending cancellation
 * ends it (no invoice); otherwise every period that has begun since is invoiced (several when
 * the api was down for a while), each dated when it is issued. A trial is never invoiced.
 */
export async function settle(tx: Tx, sub: Subscription, now: Date, provider: BillingProvider): Promise<{ subscription: Subscription; issued: number }> {
  if (sub.status !== SUBSCRIPTION_ACTIVE || !isPaid(sub) || sub.currentPeriodEnd > now) return { subscription: sub, issued: 0 };
  let { currentPeriodStart: start, currentPeriodEnd: end } = sub;
  let status: SubscriptionStatus = sub.status;
  let issued = 0;
  while (end <= now) {
    if (sub.cancelAtPeriodEnd) {
      status = 'Cancelled';
      break;
    }
    start = end;
    end = addIntervals(sub.startedAt, intervalsSince(sub.startedAt, start, sub.billingInterval) + 1, sub.billingInterval);
    const terms = provider.invoiceTerms({ companyId: sub.companyId, amountPence: sub.feePence });
    if (await issueInvoice(tx, sub, { start, end }, { issuedAt: now, terms })) issued += 1;
  }
  await tx.execute(
    sql`update subscriptions set status = ${status}, current_period_start = ${ts(start)}, current_period_end = ${ts(end)}, updated_at = now()
      where id = ${sub.id}`,
  );
  return { subscription: { ...sub, status, currentPeriodStart: start, currentPeriodEnd: end }, issued };
}

/**
 * A company that has finished setup and is active starts its free trial the first time billing
 * meets it (its billing screen or notice, or the job), on the default plan's terms and for the
 * scheme's trial length as it is then. Nothing is invoiced. Answers whether this call created it
 * (a concurrent one may have).
 */
export async function enrol(tx: Tx, companyId: string, now: Date): Promise<boolean> {
  const plan = DEFAULT_PLAN;
  const [created] = await rows<{ id: string }>(
    tx,
    sql`insert into subscriptions (company_id, plan, fee_pence, billing_interval, status, trial_started_at, trial_ends_at)
      select c.id, ${plan.name}, ${plan.feePence}, ${plan.interval}, ${SUBSCRIPTION_TRIAL}, ${ts(now)}, ${ts(now)} + make_interval(days => s.trial_days)
      from companies c cross join scheme_settings s
      where c.id = ${companyId} and c.sign_up_state = 3 and c.is_active
      on conflict (company_id) do nothing
      returning id`,
  );
  return Boolean(created);
}

/** The company's subscription locked and settled for this transaction, enrolled if it may be; null when it has none. */
async function lockedSubscription(tx: Tx, companyId: string, now: Date, provider: BillingProvider): Promise<Subscription | null> {
  const lock = () => findSubscription(tx, sql`s.company_id = ${companyId}`, sql`for update of s`);
  let sub = await lock();
  if (!sub) {
    // Enrolled here, or by a concurrent call whose row the second read sees once it is committed.
    await enrol(tx, companyId, now);
    sub = await lock();
  }
  return sub && (await settle(tx, sub, now, provider)).subscription;
}

function existing(sub: Subscription | null): Subscription {
  if (!sub) throw new HttpError(404, MESSAGES.billing.noSubscription);
  return sub;
}

/**
 * The company's subscription as of `now`, so every read shows the present even between two runs
 * of the job. A read takes no lock unless the subscription is missing or its period has ended.
 */
async function currentSubscription(db: Db, companyId: string, now: Date, provider: BillingProvider): Promise<Subscription | null> {
  if (!isUuid(companyId)) return null;
  const found = await findSubscription(db, sql`s.company_id = ${companyId}`);
  if (found && (found.status !== SUBSCRIPTION_ACTIVE || !found.currentPeriodEnd || found.currentPeriodEnd > now)) return found;
  return db.transaction((tx) => lockedSubscription(tx, companyId, now, provider));
}

// ---------------------------------------------------------------- the company's calls

export async function billingOf(db: Db, companyId: string, now: Date, provider: BillingProvider): Promise<Billing> {
  return toBilling(existing(await currentSubscription(db, companyId, now, provider)), now, provider);
}

export interface BillingChange {
  changed: boolean;
  message: string;
  billing: Billing;
}

/** The audit entry of a change of the subscription, in its transaction. */
const auditSubscription = (
  tx: Tx,
  actor: AuditActor,
  action: 'subscription.started' | 'subscription.cancelled' | 'subscription.resumed',
  sub: Subscription,
  detail?: string,
) =>
  recordAudit(tx, actor, {
    action,
    companyId: sub.companyId,
    target: { kind: 'subscription', id: sub.id, label: MESSAGES.audit.subscription(sub.plan) },
    ...(detail ? { detail } : {}),
  });

/**
 * The employer's acceptance of the plan with the payment method chosen: it ends the free trial (or
 * restarts an ended subscription), begins the first period now and issues its invoice, and is
 * recorded in the audit log, all in one transaction. Nothing is ever invoiced without it. On a
 * running subscription it changes nothing and says so.
 */
export async function startSubscription(
  db: Db,
  actor: AuditActor,
  companyId: string,
  body: StartSubscriptionBody,
  now: Date,
  provider: BillingProvider,
): Promise<BillingChange> {
  return db.transaction(async (tx) => {
    const sub = existing(await lockedSubscription(tx, companyId, now, provider));
    if (sub.status === SUBSCRIPTION_ACTIVE) return { changed: false, message: MESSAGES.billing.alreadySubscribed, billing: toBilling(sub, now, provider) };
    const method = provider.paymentMethods.find((m) => m === body.paymentMethod.trim());
    if (!method) throw new HttpError(400, MESSAGES.billing.unknownPaymentMethod, [{ field: 'paymentMethod', message: MESSAGES.billing.unknownPaymentMethod }]);
    const end = addIntervals(now, 1, sub.billingInterval);
    await tx.execute(
      sql`update subscriptions set status = ${SUBSCRIPTION_ACTIVE}, payment_method = ${method}, started_at = ${ts(now)},
          current_period_start = ${ts(now)}, current_period_end = ${ts(end)}, cancel_at_period_end = false, cancelled_at = null,
          accepted_at = ${ts(now)}, accepted_by = ${actor.userId}, updated_at = now()
        where id = ${sub.id}`,
    );
    await issueInvoice(tx, sub, { start: now, end }, { issuedAt: now, terms: provider.invoiceTerms({ companyId, amountPence: sub.feePence }) });
    await auditSubscription(
      tx,
      actor,
      'subscription.started',
      sub,
      MESSAGES.billing.acceptedDetail(formatPence(sub.feePence), MESSAGES.billing.feePer[sub.billingInterval], method),
    );
    const started: Subscription = {
      ...sub,
      status: SUBSCRIPTION_ACTIVE,
      paymentMethod: method,
      startedAt: now,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      acceptedAt: now,
    };
    return { changed: true, message: MESSAGES.billing.started, billing: toBilling(started, now, provider) };
  });
}

/** A subscription that can be cancelled or resumed: running (a trial has none yet; an ended one is over). */
function running(sub: Subscription): PaidSubscription {
  if (sub.status === SUBSCRIPTION_TRIAL) throw new HttpError(409, MESSAGES.billing.onTrial);
  if (sub.status !== SUBSCRIPTION_ACTIVE || !isPaid(sub)) throw new HttpError(409, MESSAGES.billing.subscriptionEnded);
  return sub;
}

/** Cancel at the end of the paid period; a second call changes nothing, says so, and records nothing. */
export async function cancelSubscription(db: Db, actor: AuditActor, companyId: string, now: Date, provider: BillingProvider): Promise<BillingChange> {
  return db.transaction(async (tx) => {
    const sub = running(existing(await lockedSubscription(tx, companyId, now, provider)));
    if (sub.cancelAtPeriodEnd) return { changed: false, message: MESSAGES.billing.alreadyCancelled, billing: toBilling(sub, now, provider) };
    await tx.execute(sql`update subscriptions set cancel_at_period_end = true, cancelled_at = ${ts(now)}, updated_at = now() where id = ${sub.id}`);
    await auditSubscription(tx, actor, 'subscription.cancelled', sub, MESSAGES.audit.endsOn(longDate.format(sub.currentPeriodEnd)));
    return { changed: true, message: MESSAGES.billing.cancelled, billing: toBilling({ ...sub, cancelAtPeriodEnd: true, cancelledAt: now }, now, provider) };
  });
}

/** Undo a pending cancellation while the paid period lasts. */
export async function resumeSubscription(db: Db, actor: AuditActor, companyId: string, now: Date, provider: BillingProvider): Promise<BillingChange> {
  return db.transaction(async (tx) => {
    const sub = running(existing(await lockedSubscription(tx, companyId, now, provider)));
    if (!sub.cancelAtPeriodEnd) return { changed: false, message: MESSAGES.billing.notCancelled, billing: toBilling(sub, now, provider) };
    await tx.execute(sql`update subscriptions set cancel_at_period_end = false, cancelled_at = null, updated_at = now() where id = ${sub.id}`);
    await auditSubscription(tx, actor, 'subscription.resumed', sub);
    return { changed: true, message: MESSAGES.billing.resumed, billing: toBilling({ ...sub, cancelAtPeriodEnd: false, cancelledAt: null }, now, provider) };
  });
}

// ---------------------------------------------------------------- payment history

interface HistoryDbRow {
  total?: number;
  id: string | null;
  number: string;
  payment_type: string;
  issued_at: Date | string;
  amount_pence: number;
  status: string;
}

function toEntry(r: HistoryDbRow): PaymentHistoryEntry {
  const pricePence = Number(r.amount_pence);
  return {
    id: r.id!,
    invoiceNo: r.number,
    paymentType: r.payment_type,
    paymentDate: toIso(r.issued_at) ?? '',
    price: poundsOf(pricePence),
    pricePence,
    paymentStatus: r.status,
    pdfUrl: buildPath(ENDPOINTS.billing.invoicePdf.path, { id: r.id! }),
  };
}

const HISTORY_COLUMNS = sql`i.id, i.number, i.payment_type, i.issued_at, i.seq, i.amount_pence, i.status`;
/** Newest first; invoices issued together (a catch-up) in the order of their numbers. */
const HISTORY_ORDER = sql`i.issued_at desc, i.seq desc`;

/** The whole history, the current period's invoice included. */
export async function paymentHistory(db: Db, companyId: string, now: Date, provider: BillingProvider): Promise<PaymentHistoryEntry[]> {
  if (!(await currentSubscription(db, companyId, now, provider))) return [];
  const found = await rows<HistoryDbRow>(db, sql`select ${HISTORY_COLUMNS} from invoices i where i.company_id = ${companyId} order by ${HISTORY_ORDER}`);
  return found.map(toEntry);
}

/** One statement: the company's count (an index range) and the page. */
export async function paymentHistoryPage(db: Db, companyId: string, now: Date, provider: BillingProvider, pageNumber: number, pageSize: number): Promise<Page<PaymentHistoryEntry>> {
  if (!(await currentSubscription(db, companyId, now, provider))) return pageAnswer([], 0, pageNumber, pageSize);
  const found = await rows<HistoryDbRow>(
    db,
    sql`select t.total, p.* from (select count(*)::int as total from invoices i where i.company_id = ${companyId}) t
      left join lateral (
        select ${HISTORY_COLUMNS} from invoices i where i.company_id = ${companyId}
        order by ${HISTORY_ORDER}
        limit ${pageSize} offset ${(pageNumber - 1) * pageSize}
      ) p on true
      order by p.issued_at desc, p.seq desc`,
  );
  return pageAnswer(found.filter((r) => r.id !== null).map(toEntry), Number(found[0]?.total ?? 0), pageNumber, pageSize);
}

// ---------------------------------------------------------------- the invoice document

export interface InvoiceDocument {
  number: string;
  issuedAt: Date;
  periodStart: Date;
  periodEnd: Date;
  amountPence: number;
  vatPence: number;
  vatRateBp: number;
  paymentType: string;
  status: InvoiceStatus;
  plan: string;
  company: { name: string; email: string; address: string[] };
}

interface InvoiceDbRow {
  number: string;
  issued_at: Date | string;
  period_start: Date | string;
  period_end: Date | string;
  amount_pence: number;
  vat_pence: number;
  vat_rate_bp: number;
  payment_type: string;
  status: InvoiceStatus;
  plan: string;
  company_name: string;
  company_email: string;
  address_line1: string | null;
  address_line2: string | null;
  town: string | null;
  postal_code: string | null;
}

/**
 * One invoice with what its PDF shows: the company and its first office address. `scope` is the
 * caller's company (null: a super admin, any company); another company's invoice is "not found".
 */
export async function invoiceDocument(db: Db, id: string, scope: string | null): Promise<InvoiceDocument> {
  const notFound = new HttpError(404, MESSAGES.billing.invoiceNotFound);
  if (!isUuid(id)) throw notFound;
  const [r] = await rows<InvoiceDbRow>(
    db,
    sql`select i.number, i.issued_at, i.period_start, i.period_end, i.amount_pence, i.vat_pence, i.vat_rate_bp, i.payment_type, i.status,
        s.plan, c.name as company_name, c.email as company_email, l.address_line1, l.address_line2, l.town, l.postal_code
      from invoices i
      join subscriptions s on s.id = i.subscription_id
      join companies c on c.id = i.company_id
      left join lateral (select * from locations l where l.company_id = c.id order by l.created_at, l.id limit 1) l on true
      where i.id = ${id} ${scope === null ? sql`` : sql`and i.company_id = ${scope}`}`,
  );
  if (!r) throw notFound;
  return {
    number: r.number,
    issuedAt: asDate(r.issued_at),
    periodStart: asDate(r.period_start),
    periodEnd: asDate(r.period_end),
    amountPence: Number(r.amount_pence),
    vatPence: Number(r.vat_pence),
    vatRateBp: Number(r.vat_rate_bp),
    paymentType: r.payment_type,
    status: r.status,
    plan: r.plan,
    company: {
      name: r.company_name,
      email: r.company_email,
      address: [r.address_line1, r.address_line2, r.town, r.postal_code].filter((v): v is string => Boolean(v)),
    },
  };
}

// ---------------------------------------------------------------- the job's reads

/** Companies that finished setup, are active and have no subscription yet. */
export async function companiesToEnrol(db: Db): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select c.id from companies c
      where c.sign_up_state = 3 and c.is_active and not exists (select 1 from subscriptions s where s.company_id = c.id)
      order by c.id`,
  );
  return found.map((r) => r.id);
}

/** Active subscriptions whose paid period has ended by `now` (the partial index `subscriptions_due_idx`). */
export async function dueSubscriptions(db: Db, now: Date): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select s.id from subscriptions s where s.status = 'Active' and s.current_period_end <= ${ts(now)} order by s.current_period_end, s.id`,
  );
  return found.map((r) => r.id);
}

/** Trials of active companies that ended by `now` unaccepted and whose company has not been told yet (`subscriptions_trial_notice_idx`). */
export async function trialsToNotify(db: Db, now: Date): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select s.id from subscriptions s join companies c on c.id = s.company_id
      where s.status = ${SUBSCRIPTION_TRIAL} and s.trial_end_notified_at is null and s.trial_ends_at <= ${ts(now)} and c.is_active
      order by s.trial_ends_at, s.id`,
  );
  return found.map((r) => r.id);
}

export interface TrialEndNotice {
  companyName: string;
  trialEndsAt: Date;
  graceEndsAt: Date;
  /** The company's email and its active employers' and admins' addresses, each once. */
  recipients: string[];
}

/**
 * Marks one ended trial as told, in the caller's transaction, and answers whom to tell; null when
 * there is nothing to tell (accepted meanwhile, or already told). The update is conditional on the
 * mark being unset, so whichever instance or pass gets there first tells the company, once: a second
 * one waits for the row, then finds it marked.
 */
export async function markTrialEndNotified(tx: Tx, id: string, now: Date): Promise<TrialEndNotice | null> {
  const [marked] = await rows<{ company_id: string; name: string; email: string; trial_ends_at: Date | string }>(
    tx,
    sql`update subscriptions s set trial_end_notified_at = ${ts(now)}, updated_at = now()
      from companies c
      where s.id = ${id} and c.id = s.company_id and c.is_active and s.status = ${SUBSCRIPTION_TRIAL}
        and s.trial_end_notified_at is null and s.trial_ends_at <= ${ts(now)}
      returning s.company_id, c.name, c.email, s.trial_ends_at`,
  );
  if (!marked) return null;
  const people = await rows<{ email: string }>(
    tx,
    sql`select u.email from users u
      where u.company_id = ${marked.company_id} and u.role in ('Employer', 'Admin') and u.is_active
      order by u.created_at, u.id`,
  );
  const seen = new Set<string>();
  const recipients = [marked.email, ...people.map((p) => p.email)].filter((e) => {
    const key = e.trim().toLowerCase();
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const trialEndsAt = asDate(marked.trial_ends_at);
  return { companyName: marked.name, trialEndsAt, graceEndsAt: graceEndOf(trialEndsAt), recipients };
}

/**
 * Locks and settles one subscription. Another instance already holding it (`skip locked`) is
 * settling it: this one moves on.
 */
export async function settleById(tx: Tx, id: string, now: Date, provider: BillingProvider): Promise<number> {
  const sub = await findSubscription(tx, sql`s.id = ${id}`, sql`for update of s skip locked`);
  return sub ? (await settle(tx, sub, now, provider)).issued : 0;
}
