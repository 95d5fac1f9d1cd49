import { sql, type SQL } from 'drizzle-orm';
import { ENDPOINTS, MESSAGES, buildPath, type Billing, type Page, type PaymentHistoryEntry } from '@portal/shared-contracts';
import type { Db, Tx } from '../../db/client';
import { pageAnswer, rows, toIso } from '../../db/sql';
import { HttpError } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { recordAudit, type AuditActor } from '../audit/service';
import { addIntervals, intervalsSince, type BillingInterval } from './periods';
import { DEFAULT_PLAN, VAT_RATE_BP, longDate, poundsOf, vatWithin } from './pricing';
import type { BillingProvider, InvoiceStatus, InvoiceTerms } from './provider';

/**
 * Subscriptions and invoices (docs/decisions/0013-billing.md). Every change to a subscription
 * happens with its row locked (`for update`), after bringing it up to the present (`settle`): a
 * period that has begun is invoiced exactly once, by whichever api instance or request gets there
 * first, and a pending cancellation takes effect at the end of the paid period.
 */

export interface Subscription {
  id: string;
  companyId: string;
  companyName: string;
  plan: string;
  status: string;
  feePence: number;
  billingInterval: BillingInterval;
  paymentMethod: string;
  startedAt: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  cancelledAt: Date | null;
}

interface SubscriptionDbRow {
  id: string;
  company_id: string;
  company_name: string;
  plan: string;
  status: string;
  fee_pence: number;
  billing_interval: BillingInterval;
  payment_method: string;
  started_at: Date | string;
  current_period_start: Date | string;
  current_period_end: Date | string;
  cancel_at_period_end: boolean;
  cancelled_at: Date | string | null;
}

const asDate = (v: Date | string): Date => new Date(toIso(v)!);
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

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
    startedAt: asDate(r.started_at),
    currentPeriodStart: asDate(r.current_period_start),
    currentPeriodEnd: asDate(r.current_period_end),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    cancelledAt: r.cancelled_at === null ? null : asDate(r.cancelled_at),
  };
}

export function toBilling(s: Subscription): Billing {
  return {
    companyName: s.companyName,
    subscriptionStatus: s.status,
    subscriptionFee: poundsOf(s.feePence),
    subscriptionFeePence: s.feePence,
    plan: s.plan,
    billingInterval: s.billingInterval,
    paymentMethod: s.paymentMethod,
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    expiryDate: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelledAt: s.cancelledAt?.toISOString() ?? null,
  };
}

async function findSubscription(db: Db, where: SQL, lock: SQL = sql``): Promise<Subscription | null> {
  const [r] = await rows<SubscriptionDbRow>(
    db,
    sql`select s.id, s.company_id, c.name as company_name, s.plan, s.status, s.fee_pence, s.billing_interval, s.payment_method,
        s.started_at, s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.cancelled_at
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
 * the api was down for a while), each dated when it is issued.
 */
export async function settle(tx: Tx, sub: Subscription, now: Date, provider: BillingProvider): Promise<{ subscription: Subscription; issued: number }> {
  if (sub.status !== 'Active' || sub.currentPeriodEnd > now) return { subscription: sub, issued: 0 };
  let { currentPeriodStart: start, currentPeriodEnd: end } = sub;
  let status: string = sub.status;
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
 * A company that has finished setup and is active gets the default plan the first time billing
 * meets it (its billing screen, or the job), its first period starting then and invoiced at once.
 * Answers whether this call created it (a concurrent one may have).
 */
export async function enrol(tx: Tx, companyId: string, now: Date, provider: BillingProvider): Promise<boolean> {
  const plan = DEFAULT_PLAN;
  const end = addIntervals(now, 1, plan.interval);
  const [created] = await rows<{ id: string }>(
    tx,
    sql`insert into subscriptions (company_id, plan, fee_pence, billing_interval, payment_method, started_at, current_period_start, current_period_end)
      select c.id, ${plan.name}, ${plan.feePence}, ${plan.interval}, ${provider.paymentMethod}, ${ts(now)}, ${ts(now)}, ${ts(end)}
      from companies c where c.id = ${companyId} and c.sign_up_state = 3 and c.is_active
      on conflict (company_id) do nothing
      returning id`,
  );
  if (!created) return false;
  const sub = { id: created.id, companyId, feePence: plan.feePence };
  await issueInvoice(tx, sub, { start: now, end }, { issuedAt: now, terms: provider.invoiceTerms({ companyId, amountPence: plan.feePence }) });
  return true;
}

/** The company's subscription locked and settled for this transaction, enrolled if it may be; null when it has none. */
async function lockedSubscription(tx: Tx, companyId: string, now: Date, provider: BillingProvider): Promise<Subscription | null> {
  const lock = () => findSubscription(tx, sql`s.company_id = ${companyId}`, sql`for update of s`);
  let sub = await lock();
  if (!sub) {
    // Enrolled here, or by a concurrent call whose row the second read sees once it is committed.
    await enrol(tx, companyId, now, provider);
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
  if (found && (found.status !== 'Active' || found.currentPeriodEnd > now)) return found;
  return db.transaction((tx) => lockedSubscription(tx, companyId, now, provider));
}

// ---------------------------------------------------------------- the company's calls

export async function billingOf(db: Db, companyId: string, now: Date, provider: BillingProvider): Promise<Billing> {
  return toBilling(existing(await currentSubscription(db, companyId, now, provider)));
}

export interface BillingChange {
  changed: boolean;
  message: string;
  billing: Billing;
}

/** The audit entry of a change of the subscription, in its transaction. */
const auditSubscription = (tx: Tx, actor: AuditActor, action: 'subscription.cancelled' | 'subscription.resumed', sub: Subscription) =>
  recordAudit(tx, actor, {
    action,
    companyId: sub.companyId,
    target: { kind: 'subscription', id: sub.id, label: MESSAGES.audit.subscription(sub.plan) },
    ...(action === 'subscription.cancelled' ? { detail: MESSAGES.audit.endsOn(longDate.format(sub.currentPeriodEnd)) } : {}),
  });

/** Cancel at the end of the paid period; a second call changes nothing, says so, and records nothing. */
export async function cancelSubscription(db: Db, actor: AuditActor, companyId: string, now: Date, provider: BillingProvider): Promise<BillingChange> {
  return db.transaction(async (tx) => {
    const sub = existing(await lockedSubscription(tx, companyId, now, provider));
    if (sub.status !== 'Active') throw new HttpError(409, MESSAGES.billing.subscriptionEnded);
    if (sub.cancelAtPeriodEnd) return { changed: false, message: MESSAGES.billing.alreadyCancelled, billing: toBilling(sub) };
    await tx.execute(sql`update subscriptions set cancel_at_period_end = true, cancelled_at = ${ts(now)}, updated_at = now() where id = ${sub.id}`);
    await auditSubscription(tx, actor, 'subscription.cancelled', sub);
    return { changed: true, message: MESSAGES.billing.cancelled, billing: toBilling({ ...sub, cancelAtPeriodEnd: true, cancelledAt: now }) };
  });
}

/** Undo a pending cancellation while the paid period lasts. */
export async function resumeSubscription(db: Db, actor: AuditActor, companyId: string, now: Date, provider: BillingProvider): Promise<BillingChange> {
  return db.transaction(async (tx) => {
    const sub = existing(await lockedSubscription(tx, companyId, now, provider));
    if (sub.status !== 'Active') throw new HttpError(409, MESSAGES.billing.subscriptionEnded);
    if (!sub.cancelAtPeriodEnd) return { changed: false, message: MESSAGES.billing.notCancelled, billing: toBilling(sub) };
    await tx.execute(sql`update subscriptions set cancel_at_period_end = false, cancelled_at = null, updated_at = now() where id = ${sub.id}`);
    await auditSubscription(tx, actor, 'subscription.resumed', sub);
    return { changed: true, message: MESSAGES.billing.resumed, billing: toBilling({ ...sub, cancelAtPeriodEnd: false, cancelledAt: null }) };
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

/**
 * Locks and settles one subscription. Another instance already holding it (`skip locked`) is
 * settling it: this one moves on.
 */
export async function settleById(tx: Tx, id: string, now: Date, provider: BillingProvider): Promise<number> {
  const sub = await findSubscription(tx, sql`s.id = ${id}`, sql`for update of s skip locked`);
  return sub ? (await settle(tx, sub, now, provider)).issued : 0;
}
