import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  HEALTH_SERIES_POINTS,
  TELEMETRY_LIMITS,
  type ReleaseHealth,
  type TelemetryBatch,
  type TelemetryEvent,
  type VersionHealth,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { tooManyRequests } from '../../lib/http-error';
import { localLimiter } from './local-limits';
import { publishedSet } from './published';
import { scrubMessage } from './scrub';
import { BUCKETS, byVersion, figuresOf, foldBatch, foldEvents, type MinuteCounts, type VersionEvents, type WindowTotals } from './aggregation';

/** Minute rows are kept 30 days; error messages, which say more, 7; who sent them (hashed), 7. */
export const TELEMETRY_RETENTION_DAYS = 30;
export const ERROR_SAMPLE_RETENTION_DAYS = 7;
export const SENDER_RETENTION_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

/**
 * What one sender counts for, per remote version and half hour (docs/decisions/0029): about what one
 * person's browser produces (a page view loads each remote once; a failing page fails once or twice
 * and falls back to stable; a page view reports each vital once). The budget is spent on what the
 * sender sends, counted or not; the rest is taken in (202) and not counted, and a failed load past
 * the failures is dropped whole, so surplus failures never count as healthy views either. A sender is
 * a client address (IPv6 by /64) or a signed-in user, never an id the client makes up.
 */
export const SENDER_BUDGET = { windowMinutes: 30, pageViews: 30, failures: 3, errors: 10, vitals: 10 } as const;
/** Distinct senders stored per remote and half hour: past it a new sender counts for nothing. */
export const SENDERS_PER_REMOTE_WINDOW = 5_000;
/** Distinct error messages stored per remote version and minute. */
export const MESSAGES_PER_VERSION_MINUTE = 20;

type VersionKey = { remote: string; version: string };
const keyOf = (r: VersionKey) => `${r.remote}\u0000${r.version}`;

export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/** The start of the half hour (the senders' budget window) `at` falls in. */
export function senderWindowOf(at: Date): Date {
  const ms = SENDER_BUDGET.windowMinutes * 60_000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/** Who sent a batch: its client address's sender part (`senderAddress`), and the signed-in user, if any. */
export interface TelemetrySource {
  address: string;
  userId: string | null;
}

const senderKeys = new WeakMap<Db, Promise<string>>();

/** A sender as stored: a keyed hash (the key never leaves the database), so no address is kept. */
async function senderId(db: Db, source: TelemetrySource): Promise<string> {
  let key = senderKeys.get(db);
  if (!key) {
    key = rows<{ key: string }>(db, sql`select key from telemetry_sender_key where id = 1`).then(([row]) => {
      if (!row) throw new Error('telemetry_sender_key has no key (migration 0015)');
      return row.key;
    });
    // A failed read is tried again by the next batch.
    key.catch(() => senderKeys.delete(db));
    senderKeys.set(db, key);
  }
  const identity = source.userId ? `user:${source.userId}` : `address:${source.address}`;
  return createHmac('sha256', await key).update(identity).digest('hex').slice(0, 32);
}

/**
 * Per address (IPv6 by /64), then per browser session (its random id at that address): a few batches
 * a minute, counted in this process (`LocalLimiter`: a refusal costs no statement).
 */
function checkRate(ctx: ApiContext, batch: TelemetryBatch, address: string): void {
  const rl = ctx.config.rateLimits;
  const [byAddress, byClient] = localLimiter(ctx.db).hitAll([`ip\u0000${address}`, `client\u0000${address}\u0000${batch.client ?? ''}`]);
  if (byAddress!.count > rl.telemetryPerAddress) throw tooManyRequests(byAddress!.retryAfter);
  if (byClient!.count > rl.telemetryPerClient) throw tooManyRequests(byClient!.retryAfter);
}

interface Offered {
  views: number;
  failures: number;
  errors: number;
  lcp: number;
  inp: number;
  cls: number;
}

function offeredOf(events: readonly TelemetryEvent[]): Offered {
  const o: Offered = { views: 0, failures: 0, errors: 0, lcp: 0, inp: 0, cls: 0 };
  for (const e of events) {
    if (e.kind === 'load') {
      o.views += 1;
      if (!e.ok) o.failures += 1;
    } else if (e.kind === 'render-error') o.failures += 1;
    else if (e.kind === 'error') o.errors += 1;
    else if (e.name === 'LCP') o.lcp += 1;
    else if (e.name === 'INP') o.inp += 1;
    else o.cls += 1;
  }
  return o;
}

/**
 * What this process last saw each sender offer per version in the current half hour: a batch whose
 * every event falls in a spent part of its sender's budget is answered without touching the
 * database (a budget spent stays spent until its window ends; another instance simply asks the
 * database). At most `SPENT_KEPT` entries, all dropped when the window turns.
 */
const SPENT_KEPT = 50_000;
const lastOffered = new WeakMap<Db, { window: number; bySender: Map<string, Offered> }>();

function offeredSeen(db: Db, window: Date): Map<string, Offered> {
  let seen = lastOffered.get(db);
  if (!seen || seen.window !== window.getTime() || seen.bySender.size >= SPENT_KEPT) {
    seen = { window: window.getTime(), bySender: new Map() };
    lastOffered.set(db, seen);
  }
  return seen.bySender;
}

/** Forgets what this process saw of senders' budgets (tests that empty the tables). */
export function forgetSendersSeen(db: Db): void {
  lastOffered.delete(db);
}

/** True when the sender's budget has no room left for anything `g` offers. */
function spent(seen: Offered | undefined, g: VersionEvents): boolean {
  if (!seen) return false;
  const o = offeredOf(g.events);
  const b = SENDER_BUDGET;
  const full = (offered: number, total: number, budget: number) => offered === 0 || total >= budget;
  return (
    full(o.views, seen.views, b.pageViews) &&
    full(o.failures, seen.failures, b.failures) &&
    full(o.errors, seen.errors, b.errors) &&
    full(o.lcp, seen.lcp, b.vitals) &&
    full(o.inp, seen.inp, b.vitals) &&
    full(o.cls, seen.cls, b.vitals)
  );
}

/**
 * The events of one version that its sender's budget still has room for, in the order they came.
 * `offeredBefore` is what the sender had offered in this window before this batch.
 */
function withinBudget(events: readonly TelemetryEvent[], offeredBefore: Offered, offeredNow: Offered): TelemetryEvent[] {
  const b = SENDER_BUDGET;
  const room = (budget: number, key: keyof Offered) => Math.max(0, Math.min(budget, offeredNow[key]) - Math.min(budget, offeredBefore[key]));
  const left = {
    views: room(b.pageViews, 'views'),
    failures: room(b.failures, 'failures'),
    errors: room(b.errors, 'errors'),
    LCP: room(b.vitals, 'lcp'),
    INP: room(b.vitals, 'inp'),
    CLS: room(b.vitals, 'cls'),
  };
  const kept: TelemetryEvent[] = [];
  for (const e of events) {
    if (e.kind === 'load') {
      // A failed load is a page view and a failure: counted as both or not at all.
      if (left.views === 0 || (!e.ok && left.failures === 0)) continue;
      left.views -= 1;
      if (!e.ok) left.failures -= 1;
    } else if (e.kind === 'render-error') {
      if (left.failures === 0) continue;
      left.failures -= 1;
    } else if (e.kind === 'error') {
      if (left.errors === 0) continue;
      left.errors -= 1;
    } else {
      if (left[e.name] === 0) continue;
      left[e.name] -= 1;
    }
    kept.push(e);
  }
  return kept;
}

/**
 * Takes one batch's offer from its sender's budget, in one statement: versions release.json does not
 * name are not stored (no row, nothing counted), nor is a new sender past the remote's cap. Answers,
 * per stored version, the events that count.
 */
async function takeBudget(db: Db, sender: string, window: Date, groups: VersionEvents[]): Promise<VersionEvents[]> {
  const offered = groups.map((g) => ({ remote: g.remote, version: g.version, ...offeredOf(g.events) }));
  const found = await rows<{ remote: string; version: string } & Record<`o_${keyof Offered}`, number>>(
    db,
    sql`insert into telemetry_senders as s (remote, window_start, version, sender, offered_views, offered_failures, offered_errors, offered_lcp, offered_inp, offered_cls)
      select r.remote, ${window.toISOString()}::timestamptz, r.version, ${sender}, r.views, r.failures, r.errors, r.lcp, r.inp, r.cls
      from json_to_recordset(${JSON.stringify(offered)}::json) as r(remote text, version text, views int, failures int, errors int, lcp int, inp int, cls int)
      join release_versions v on v.remote = r.remote and v.version = r.version
      where exists (select 1 from telemetry_senders e where e.remote = r.remote and e.window_start = ${window.toISOString()}::timestamptz
                      and e.version = r.version and e.sender = ${sender})
         or (select count(*) from telemetry_senders c where c.remote = r.remote and c.window_start = ${window.toISOString()}::timestamptz) < ${SENDERS_PER_REMOTE_WINDOW}
      -- Rows in key order, so two batches of one sender lock them in the same order.
      order by r.remote, r.version
      on conflict (remote, window_start, version, sender) do update set
        offered_views = least(s.offered_views + excluded.offered_views, 1000000),
        offered_failures = least(s.offered_failures + excluded.offered_failures, 1000000),
        offered_errors = least(s.offered_errors + excluded.offered_errors, 1000000),
        offered_lcp = least(s.offered_lcp + excluded.offered_lcp, 1000000),
        offered_inp = least(s.offered_inp + excluded.offered_inp, 1000000),
        offered_cls = least(s.offered_cls + excluded.offered_cls, 1000000)
      returning s.remote, s.version, s.offered_views as o_views, s.offered_failures as o_failures, s.offered_errors as o_errors,
        s.offered_lcp as o_lcp, s.offered_inp as o_inp, s.offered_cls as o_cls`,
  );
  const out: VersionEvents[] = [];
  const seen = offeredSeen(db, window);
  for (const f of found) {
    const g = groups.find((x) => x.remote === f.remote && x.version === f.version)!;
    const batch = offered.find((x) => x.remote === f.remote && x.version === f.version)!;
    const now: Offered = { views: Number(f.o_views), failures: Number(f.o_failures), errors: Number(f.o_errors), lcp: Number(f.o_lcp), inp: Number(f.o_inp), cls: Number(f.o_cls) };
    seen.set(`${sender}\u0000${keyOf(f)}`, now);
    const before: Offered = {
      views: now.views - batch.views,
      failures: now.failures - batch.failures,
      errors: now.errors - batch.errors,
      lcp: now.lcp - batch.lcp,
      inp: now.inp - batch.inp,
      cls: now.cls - batch.cls,
    };
    const kept = withinBudget(g.events, before, now);
    if (kept.length) out.push({ remote: g.remote, version: g.version, events: kept });
  }
  return out;
}

const samplesOf = (groups: readonly VersionEvents[]) => {
  const messages = new Map<string, { remote: string; version: string; kind: string; message: string; count: number }>();
  for (const g of groups) {
    for (const e of g.events) {
      if (e.kind !== 'render-error' && e.kind !== 'error') continue;
      const message = scrubMessage(e.message);
      if (!message) continue;
      const key = [g.remote, g.version, e.kind, message].join('\u0000');
      const found = messages.get(key);
      if (found) found.count += 1;
      else messages.set(key, { remote: g.remote, version: g.version, kind: e.kind, message, count: 1 });
    }
  }
  return [...messages.values()].sort((a, b) => ([a.remote, a.version, a.kind, a.message] < [b.remote, b.version, b.kind, b.message] ? -1 : 1));
};

/**
 * Adds counted events to their minute: one upsert for the counts (which also records, on the
 * sender's row when there is one, what of it was counted), one for error messages when there are
 * any (at most `MESSAGES_PER_VERSION_MINUTE` distinct ones a version and minute).
 */
async function recordCounted(db: Db, groups: readonly VersionEvents[], at: Date, sender: { id: string; window: Date } | null): Promise<void> {
  const folded = groups.map(foldEvents);
  if (folded.length === 0) return;
  const minute = minuteOf(at).toISOString();
  const input = JSON.stringify(
    folded.map((r: MinuteCounts) => ({
      remote: r.remote,
      version: r.version,
      page_views: r.pageViews,
      loads_failed: r.loadsFailed,
      render_errors: r.renderErrors,
      errors: r.errors,
      load_ms: r.loadMs,
      lcp_ms: r.lcpMs,
      inp_ms: r.inpMs,
      cls: r.cls,
    })),
  );
  const sumArrays = (col: string) =>
    sql.raw(
      `${col} = array(select coalesce(a, 0) + coalesce(b, 0) from unnest(telemetry_minutes.${col}, excluded.${col}) with ordinality as u(a, b, i) order by i)`,
    );
  const counted = sender
    ? sql`counted as (
        update telemetry_senders s set page_views = s.page_views + r.page_views, failures = s.failures + r.loads_failed + r.render_errors,
          last_view_at = case when r.page_views > 0 then ${minute}::timestamptz else s.last_view_at end
        from input r
        where s.remote = r.remote and s.window_start = ${sender.window.toISOString()}::timestamptz and s.version = r.version and s.sender = ${sender.id}
        returning 1
      ),`
    : sql``;
  await db.execute(sql`
    with input as (
      select * from json_to_recordset(${input}::json) as r(remote text, version text, page_views int, loads_failed int, render_errors int, errors int,
        load_ms int[], lcp_ms int[], inp_ms int[], cls int[])
    ), ${counted} minutes as (
      insert into telemetry_minutes (remote, version, minute, page_views, loads_failed, render_errors, errors, load_ms, lcp_ms, inp_ms, cls)
      select r.remote, r.version, ${minute}::timestamptz, r.page_views, r.loads_failed, r.render_errors, r.errors, r.load_ms, r.lcp_ms, r.inp_ms, r.cls
      from input r
      -- Rows in key order, so two batches of the same versions lock their rows in the same order.
      order by r.remote, r.version
      on conflict (remote, version, minute) do update set
        page_views = telemetry_minutes.page_views + excluded.page_views,
        loads_failed = telemetry_minutes.loads_failed + excluded.loads_failed,
        render_errors = telemetry_minutes.render_errors + excluded.render_errors,
        errors = telemetry_minutes.errors + excluded.errors,
        ${sumArrays('load_ms')}, ${sumArrays('lcp_ms')}, ${sumArrays('inp_ms')}, ${sumArrays('cls')}
      returning 1
    )
    select (select count(*) from minutes) as minutes`);

  const samples = samplesOf(groups);
  if (samples.length > 0) {
    await db.execute(sql`
      insert into telemetry_error_samples as t (remote, version, minute, kind, message, count)
      select s.remote, s.version, ${minute}::timestamptz, s.kind, s.message, s.count
      from (
        select s.*, e.count is not null as stored,
          -- The new messages of a version in order, and how many it has this minute: room for the first few only.
          row_number() over (partition by s.remote, s.version, e.count is null order by s.kind, s.message) as nth,
          (select count(*) from telemetry_error_samples c where c.remote = s.remote and c.version = s.version and c.minute = ${minute}::timestamptz) as held
        from json_to_recordset(${JSON.stringify(samples)}::json) as s(remote text, version text, kind text, message text, count int)
        left join telemetry_error_samples e
          on e.remote = s.remote and e.version = s.version and e.minute = ${minute}::timestamptz and e.kind = s.kind and e.message = s.message
      ) s
      where s.stored or s.nth <= ${MESSAGES_PER_VERSION_MINUTE} - s.held
      order by s.remote, s.version, s.kind, s.message
      on conflict (remote, version, minute, kind, message) do update set count = t.count + excluded.count`);
  }
}

/**
 * Adds one batch to its minute, all of it counted, whoever sent it and whatever the version (the
 * figures' own tests write their minutes with it; `ingest` is what a client reaches).
 */
export async function recordBatch(db: Db, batch: TelemetryBatch, at: Date = new Date()): Promise<number> {
  const groups = byVersion(batch.events);
  await recordCounted(db, groups, at, null);
  return foldBatch(batch.events).length;
}

/** A batch from a client: its rate limits, then what its sender's budget and the published versions let count. */
export async function ingest(ctx: ApiContext, batch: TelemetryBatch, source: TelemetrySource, at: Date = new Date()): Promise<void> {
  checkRate(ctx, batch, source.address);
  const published = await publishedSet(ctx.db);
  const groups = byVersion(batch.events).filter((g) => published.has(keyOf(g)));
  if (groups.length === 0) return;
  const sender = { id: await senderId(ctx.db, source), window: senderWindowOf(at) };
  const seen = offeredSeen(ctx.db, sender.window);
  const open = groups.filter((g) => !spent(seen.get(`${sender.id}\u0000${keyOf(g)}`), g));
  if (open.length === 0) return;
  const counted = await takeBudget(ctx.db, sender.id, sender.window, open);
  await recordCounted(ctx.db, counted, at, sender);
}

/** Where versions release.json names come first (stable, canary, the rollback list), then the rest. */
const ROLE_ORDER = sql`case r.role when 'stable' then 0 when 'canary' then 1 when 'previous' then 2 else 3 end`;

export interface HealthPage {
  pageNumber: number;
  pageSize: number;
}
export const HEALTH_PAGE_SIZE = { default: 50, max: 100 } as const;

/**
 * Distinct senders with a counted page view in [from, to) (by the minute of their latest one in each
 * half hour) per version; null past their retention.
 */
async function sendersOver(db: Db, from: Date, to: Date, versions: readonly VersionKey[], now: Date): Promise<Map<string, number> | null> {
  if (from.getTime() < senderWindowOf(new Date(now.getTime() - SENDER_RETENTION_DAYS * DAY_MS)).getTime()) return null;
  const out = new Map<string, number>();
  if (versions.length === 0) return out;
  const found = await rows<{ remote: string; version: string; senders: number }>(
    db,
    sql`select s.remote, s.version, count(distinct s.sender)::int as senders
        from telemetry_senders s
        join json_to_recordset(${JSON.stringify(versions)}::json) as p(remote text, version text) on p.remote = s.remote and p.version = s.version
        where s.window_start >= ${senderWindowOf(from).toISOString()}::timestamptz and s.window_start < ${to.toISOString()}::timestamptz
          and s.last_view_at >= ${minuteOf(from).toISOString()}::timestamptz
        group by s.remote, s.version`,
  );
  for (const f of found) out.set(keyOf(f), Number(f.senders));
  return out;
}

/**
 * The versions' figures over [from, to): the minutes that began in it, a page of them at a time
 * (the versions release.json names first), each with the distinct senders its page views came from.
 */
export async function healthOver(
  db: Db,
  from: Date,
  to: Date,
  page: HealthPage = { pageNumber: 1, pageSize: HEALTH_PAGE_SIZE.max },
  now: Date = new Date(),
): Promise<{ versions: VersionHealth[]; totalCount: number }> {
  const window = sql`m.minute >= ${minuteOf(from).toISOString()}::timestamptz and m.minute < ${to.toISOString()}::timestamptz`;
  const counts = await rows<{
    remote: string;
    version: string;
    page_views: number;
    loads_failed: number;
    render_errors: number;
    errors: number;
    first_seen: Date | string;
    last_seen: Date | string;
    total: number;
  }>(
    db,
    sql`select m.remote, m.version, sum(m.page_views)::int as page_views, sum(m.loads_failed)::int as loads_failed,
          sum(m.render_errors)::int as render_errors, sum(m.errors)::int as errors, min(m.minute) as first_seen, max(m.minute) as last_seen,
          count(*) over ()::int as total
        from telemetry_minutes m left join release_versions r on r.remote = m.remote and r.version = m.version
        where ${window}
        group by m.remote, m.version, r.role
        order by ${ROLE_ORDER}, m.remote, max(m.minute) desc, m.version
        limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}`,
  );
  if (counts.length === 0) {
    if (page.pageNumber === 1) return { versions: [], totalCount: 0 };
    // A page past the end still says how many there are.
    const [n] = await rows<{ total: number }>(db, sql`select count(distinct (m.remote, m.version))::int as total from telemetry_minutes m where ${window}`);
    return { versions: [], totalCount: Number(n?.total ?? 0) };
  }
  const onPage = counts.map((c) => ({ remote: c.remote, version: c.version }));
  const pageJson = JSON.stringify(onPage);
  const buckets = await rows<{ remote: string; version: string; i: number; load: number; lcp: number; inp: number; cls: number }>(
    db,
    sql`select m.remote, m.version, u.i::int as i, sum(u.load)::int as load, sum(u.lcp)::int as lcp, sum(u.inp)::int as inp, sum(u.cls)::int as cls
        from telemetry_minutes m
        join json_to_recordset(${pageJson}::json) as p(remote text, version text) on p.remote = m.remote and p.version = m.version,
        unnest(m.load_ms, m.lcp_ms, m.inp_ms, m.cls) with ordinality as u(load, lcp, inp, cls, i)
        where ${window} group by m.remote, m.version, u.i`,
  );
  const senders = await sendersOver(db, from, to, onPage, now);
  const totals = new Map<string, WindowTotals>();
  for (const c of counts) {
    totals.set(keyOf(c), {
      remote: c.remote,
      version: c.version,
      pageViews: Number(c.page_views),
      loadsFailed: Number(c.loads_failed),
      renderErrors: Number(c.render_errors),
      errors: Number(c.errors),
      loadMs: new Array<number>(BUCKETS).fill(0),
      lcpMs: new Array<number>(BUCKETS).fill(0),
      inpMs: new Array<number>(BUCKETS).fill(0),
      cls: new Array<number>(BUCKETS).fill(0),
      firstSeen: new Date(c.first_seen),
      lastSeen: new Date(c.last_seen),
      senders: senders ? (senders.get(keyOf(c)) ?? 0) : null,
    });
  }
  for (const b of buckets) {
    const t = totals.get(keyOf(b));
    const i = Number(b.i) - 1;
    if (!t || i < 0 || i >= BUCKETS) continue;
    (t.loadMs as number[])[i] = Number(b.load);
    (t.lcpMs as number[])[i] = Number(b.lcp);
    (t.inpMs as number[])[i] = Number(b.inp);
    (t.cls as number[])[i] = Number(b.cls);
  }
  return { versions: [...totals.values()].map(figuresOf), totalCount: Number(counts[0]!.total) };
}

export async function releaseHealth(ctx: ApiContext, minutes: number, page: HealthPage, now: Date = new Date()): Promise<ReleaseHealth> {
  const windowMinutes = Math.min(Math.max(1, minutes), TELEMETRY_LIMITS.maxWindowMinutes);
  const from = new Date(now.getTime() - windowMinutes * 60_000);
  // The minute under way counts: a canary's first errors show at once.
  const to = new Date(minuteOf(now).getTime() + 60_000);
  const { versions, totalCount } = await healthOver(ctx.db, from, to, page, now);
  const bucketMinutes = Math.max(1, Math.ceil(windowMinutes / HEALTH_SERIES_POINTS));
  const series = await seriesOver(ctx.db, from, to, bucketMinutes, versions);
  const totalPages = Math.ceil(totalCount / page.pageSize);
  return {
    windowMinutes,
    bucketMinutes,
    from: from.toISOString(),
    to: now.toISOString(),
    versions: versions.map((v) => ({ ...v, series: series.get(keyOf(v)) ?? [] })),
    totalCount,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalPages,
    hasPreviousPage: page.pageNumber > 1,
    hasNextPage: page.pageNumber < totalPages,
  };
}

/** Page views and failures per `bucketMinutes` step of the window, per remote version of the page (steps with none left out). */
async function seriesOver(db: Db, from: Date, to: Date, bucketMinutes: number, versions: readonly VersionKey[]) {
  const out = new Map<string, { at: string; pageViews: number; failures: number }[]>();
  if (versions.length === 0) return out;
  const origin = minuteOf(from).toISOString();
  const found = await rows<{ remote: string; version: string; at: Date | string; page_views: number; failures: number }>(
    db,
    sql`select m.remote, m.version,
          date_bin(${`${bucketMinutes} minutes`}::interval, m.minute, ${origin}::timestamptz) as at,
          sum(m.page_views)::int as page_views, sum(m.loads_failed + m.render_errors)::int as failures
        from telemetry_minutes m
        join json_to_recordset(${JSON.stringify(versions.map((v) => ({ remote: v.remote, version: v.version })))}::json) as p(remote text, version text)
          on p.remote = m.remote and p.version = m.version
        where m.minute >= ${origin}::timestamptz and m.minute < ${to.toISOString()}::timestamptz
        group by 1, 2, 3 order by 3`,
  );
  for (const r of found) {
    const k = keyOf(r);
    const list = out.get(k) ?? [];
    list.push({ at: new Date(r.at).toISOString(), pageViews: Number(r.page_views), failures: Number(r.failures) });
    out.set(k, list);
  }
  return out;
}

/** Drops minutes, messages and senders past their retention; safe on every instance at once. */
export async function sweepTelemetry(db: Db, now: Date = new Date()): Promise<void> {
  await db.execute(sql`delete from telemetry_minutes where minute < ${new Date(now.getTime() - TELEMETRY_RETENTION_DAYS * DAY_MS).toISOString()}::timestamptz`);
  await db.execute(sql`delete from telemetry_error_samples where minute < ${new Date(now.getTime() - ERROR_SAMPLE_RETENTION_DAYS * DAY_MS).toISOString()}::timestamptz`);
  await db.execute(
    sql`delete from telemetry_senders where window_start < ${senderWindowOf(new Date(now.getTime() - SENDER_RETENTION_DAYS * DAY_MS)).toISOString()}::timestamptz`,
  );
}
