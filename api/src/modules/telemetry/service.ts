import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HEALTH_SERIES_POINTS, TELEMETRY_LIMITS, type ReleaseHealth, type TelemetryBatch, type VersionHealth } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { tooManyRequests } from '../../lib/http-error';
import type { ClientMeta } from '../../lib/request-meta';
import { BUCKETS, figuresOf, foldBatch, type MinuteCounts, type WindowTotals } from './aggregation';
import { scrubMessage } from './scrub';

/** Minute rows are kept 30 days; error messages, which say more, 7. */
export const TELEMETRY_RETENTION_DAYS = 30;
export const ERROR_SAMPLE_RETENTION_DAYS = 7;
const RATE_WINDOW_SECONDS = 60;

const hashed = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

/** Per address, then per browser session (its random id, else its address): a few batches a minute. */
async function checkRate(ctx: ApiContext, batch: TelemetryBatch, meta: ClientMeta): Promise<void> {
  const rl = ctx.config.rateLimits;
  const byAddress = await ctx.limiter.hit(`telemetry:ip:${hashed(meta.ip)}`, RATE_WINDOW_SECONDS);
  if (byAddress.count > rl.telemetryPerAddress) throw tooManyRequests(byAddress.retryAfter);
  const byClient = await ctx.limiter.hit(`telemetry:client:${hashed(`${meta.ip}\u0000${batch.client ?? ''}`)}`, RATE_WINDOW_SECONDS);
  if (byClient.count > rl.telemetryPerClient) throw tooManyRequests(byClient.retryAfter);
}

/**
 * What one sender may add to a version's figures in half an hour (docs/decisions/0020): the batches
 * are anonymous (the login page sends them before sign-in), so a browser (its address and random
 * client id) counts at most 30 page views and 3 failures (load failures plus render errors), and one
 * address at most 20 failures, whatever client ids it makes up. Beyond that its events are taken in
 * (202) and not counted. A real page view fails once or twice; a flood is counted as one browser.
 */
export const FIGURES_BUDGET = { windowSeconds: 30 * 60, pageViewsPerBrowser: 30, failuresPerBrowser: 3, failuresPerAddress: 20 } as const;

async function withinBudget(ctx: ApiContext, counted: MinuteCounts[], batch: TelemetryBatch, meta: ClientMeta): Promise<MinuteCounts[]> {
  const b = FIGURES_BUDGET;
  // The part of `amount` still under `budget` in this window (the counter counts all of it).
  const take = async (key: string, budget: number, amount: number) => {
    if (amount <= 0) return 0;
    const { count } = await ctx.limiter.hit(key, b.windowSeconds, amount);
    return Math.max(0, Math.min(amount, budget - (count - amount)));
  };
  const out: MinuteCounts[] = [];
  for (const r of counted) {
    const version = `${r.remote}\u0000${r.version}`;
    const browser = hashed(`${meta.ip}\u0000${batch.client ?? ''}\u0000${version}`);
    const views = await take(`telemetry:views:${browser}`, b.pageViewsPerBrowser, r.pageViews);
    const byBrowser = await take(`telemetry:failures:${browser}`, b.failuresPerBrowser, r.loadsFailed + r.renderErrors);
    const failures = await take(`telemetry:failures:ip:${hashed(`${meta.ip}\u0000${version}`)}`, b.failuresPerAddress, byBrowser);
    const renderErrors = Math.min(r.renderErrors, failures);
    // A failed load is a page view: one not counted as a view is not counted as a failure either.
    out.push({ ...r, pageViews: views, renderErrors, loadsFailed: Math.min(r.loadsFailed, failures - renderErrors, views) });
  }
  return out;
}

export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/** Adds one batch to its minute: one upsert for the counts, one for error messages when there are any. */
export async function recordBatch(db: Db, batch: TelemetryBatch, at: Date = new Date(), folded: MinuteCounts[] = foldBatch(batch.events)): Promise<number> {
  if (folded.length === 0) return 0;
  const minute = minuteOf(at).toISOString();
  const input = JSON.stringify(
    folded.map((r) => ({
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
  await db.execute(sql`
    insert into telemetry_minutes (remote, version, minute, page_views, loads_failed, render_errors, errors, load_ms, lcp_ms, inp_ms, cls)
    select r.remote, r.version, ${minute}::timestamptz, r.page_views, r.loads_failed, r.render_errors, r.errors, r.load_ms, r.lcp_ms, r.inp_ms, r.cls
    from json_to_recordset(${input}::json) as r(remote text, version text, page_views int, loads_failed int, render_errors int, errors int,
      load_ms int[], lcp_ms int[], inp_ms int[], cls int[])
    -- Rows in key order, so two batches of the same versions lock their rows in the same order.
    order by r.remote, r.version
    on conflict (remote, version, minute) do update set
      page_views = telemetry_minutes.page_views + excluded.page_views,
      loads_failed = telemetry_minutes.loads_failed + excluded.loads_failed,
      render_errors = telemetry_minutes.render_errors + excluded.render_errors,
      errors = telemetry_minutes.errors + excluded.errors,
      ${sumArrays('load_ms')}, ${sumArrays('lcp_ms')}, ${sumArrays('inp_ms')}, ${sumArrays('cls')}`);

  const messages = new Map<string, { remote: string; version: string; kind: string; message: string; count: number }>();
  for (const e of batch.events) {
    if (e.reason === 'override' || (e.kind !== 'render-error' && e.kind !== 'error')) continue;
    const message = scrubMessage(e.message);
    if (!message) continue;
    const key = [e.remote, e.version, e.kind, message].join('\u0000');
    const found = messages.get(key);
    if (found) found.count += 1;
    else messages.set(key, { remote: e.remote, version: e.version, kind: e.kind, message, count: 1 });
  }
  if (messages.size > 0) {
    const samples = [...messages.values()].sort((a, b) => ([a.remote, a.version, a.kind, a.message] < [b.remote, b.version, b.kind, b.message] ? -1 : 1));
    await db.execute(sql`
      insert into telemetry_error_samples (remote, version, minute, kind, message, count)
      select s.remote, s.version, ${minute}::timestamptz, s.kind, s.message, s.count
      from json_to_recordset(${JSON.stringify(samples)}::json) as s(remote text, version text, kind text, message text, count int)
      on conflict (remote, version, minute, kind, message) do update set count = telemetry_error_samples.count + excluded.count`);
  }
  return folded.length;
}

export async function ingest(ctx: ApiContext, batch: TelemetryBatch, meta: ClientMeta): Promise<void> {
  await checkRate(ctx, batch, meta);
  await recordBatch(ctx.db, batch, new Date(), await withinBudget(ctx, foldBatch(batch.events), batch, meta));
}

/** Every version's figures over [from, to): the minutes that began in it. */
export async function healthOver(db: Db, from: Date, to: Date): Promise<VersionHealth[]> {
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
  }>(
    db,
    sql`select m.remote, m.version, sum(m.page_views)::int as page_views, sum(m.loads_failed)::int as loads_failed,
          sum(m.render_errors)::int as render_errors, sum(m.errors)::int as errors, min(m.minute) as first_seen, max(m.minute) as last_seen
        from telemetry_minutes m where ${window} group by m.remote, m.version order by m.remote, m.version`,
  );
  if (counts.length === 0) return [];
  const buckets = await rows<{ remote: string; version: string; i: number; load: number; lcp: number; inp: number; cls: number }>(
    db,
    sql`select m.remote, m.version, u.i::int as i, sum(u.load)::int as load, sum(u.lcp)::int as lcp, sum(u.inp)::int as inp, sum(u.cls)::int as cls
        from telemetry_minutes m, unnest(m.load_ms, m.lcp_ms, m.inp_ms, m.cls) with ordinality as u(load, lcp, inp, cls, i)
        where ${window} group by m.remote, m.version, u.i`,
  );
  const totals = new Map<string, WindowTotals>();
  const key = (r: { remote: string; version: string }) => `${r.remote}\u0000${r.version}`;
  for (const c of counts) {
    totals.set(key(c), {
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
    });
  }
  for (const b of buckets) {
    const t = totals.get(key(b));
    const i = Number(b.i) - 1;
    if (!t || i < 0 || i >= BUCKETS) continue;
    (t.loadMs as number[])[i] = Number(b.load);
    (t.lcpMs as number[])[i] = Number(b.lcp);
    (t.inpMs as number[])[i] = Number(b.inp);
    (t.cls as number[])[i] = Number(b.cls);
  }
  return [...totals.values()].map(figuresOf);
}

export async function releaseHealth(ctx: ApiContext, minutes: number, now: Date = new Date()): Promise<ReleaseHealth> {
  const windowMinutes = Math.min(Math.max(1, minutes), TELEMETRY_LIMITS.maxWindowMinutes);
  const from = new Date(now.getTime() - windowMinutes * 60_000);
  // The minute under way counts: a canary's first errors show at once.
  const to = new Date(minuteOf(now).getTime() + 60_000);
  const versions = await healthOver(ctx.db, from, to);
  const bucketMinutes = Math.max(1, Math.ceil(windowMinutes / HEALTH_SERIES_POINTS));
  const series = await seriesOver(ctx.db, from, to, bucketMinutes);
  const key = (r: { remote: string; version: string }) => `${r.remote}\u0000${r.version}`;
  return {
    windowMinutes,
    bucketMinutes,
    from: from.toISOString(),
    to: now.toISOString(),
    versions: versions.map((v) => ({ ...v, series: series.get(key(v)) ?? [] })),
  };
}

/** Page views and failures per `bucketMinutes` step of the window, per remote version (steps with none left out). */
async function seriesOver(db: Db, from: Date, to: Date, bucketMinutes: number) {
  const origin = minuteOf(from).toISOString();
  const found = await rows<{ remote: string; version: string; at: Date | string; page_views: number; failures: number }>(
    db,
    sql`select m.remote, m.version,
          date_bin(${`${bucketMinutes} minutes`}::interval, m.minute, ${origin}::timestamptz) as at,
          sum(m.page_views)::int as page_views, sum(m.loads_failed + m.render_errors)::int as failures
        from telemetry_minutes m
        where m.minute >= ${origin}::timestamptz and m.minute < ${to.toISOString()}::timestamptz
        group by 1, 2, 3 order by 3`,
  );
  const out = new Map<string, { at: string; pageViews: number; failures: number }[]>();
  for (const r of found) {
    const k = `${r.remote}\u0000${r.version}`;
    const list = out.get(k) ?? [];
    list.push({ at: new Date(r.at).toISOString(), pageViews: Number(r.page_views), failures: Number(r.failures) });
    out.set(k, list);
  }
  return out;
}

/** Drops minutes past the retention; safe on every instance at once. */
export async function sweepTelemetry(db: Db, now: Date = new Date()): Promise<void> {
  const day = 24 * 60 * 60_000;
  await db.execute(sql`delete from telemetry_minutes where minute < ${new Date(now.getTime() - TELEMETRY_RETENTION_DAYS * day).toISOString()}::timestamptz`);
  await db.execute(
    sql`delete from telemetry_error_samples where minute < ${new Date(now.getTime() - ERROR_SAMPLE_RETENTION_DAYS * day).toISOString()}::timestamptz`,
  );
}
