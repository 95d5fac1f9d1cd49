import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { minuteOf, senderWindowOf } from './service';

/** One sender's counted share of a version's figures. */
export interface SenderShare {
  pageViews: number;
  failures: number;
}

/** What the release guard weighs for one version over its window (docs/decisions/0029). */
export interface GuardVersionFigures {
  remote: string;
  version: string;
  pageViews: number;
  loadFailures: number;
  renderErrors: number;
  /** Distinct senders of its counted page views. */
  senders: number;
  /**
   * The largest senders' counted shares: the one with the most page views and the one with the most
   * failures (one entry when a single sender leads both; none without senders). A verdict must still
   * hold without each of them.
   */
  largest: SenderShare[];
}

/**
 * The figures of the asked versions only (a guarded canary and its stable: bounded, whatever else was
 * sent), aggregated in the database. Page views and failures over the minutes of [from, to); the
 * senders with a counted page view in it, and their shares over the half hours it overlaps (a
 * sender's budget window: a share may hold page views from just before `from`, so a verdict without
 * it is judged on no more than what it had).
 */
export async function guardFiguresOver(db: Db, from: Date, to: Date, versions: ReadonlyArray<{ remote: string; version: string }>): Promise<GuardVersionFigures[]> {
  if (versions.length === 0) return [];
  const asked = JSON.stringify(versions.map((v) => ({ remote: v.remote, version: v.version })));
  const found = await rows<{
    remote: string;
    version: string;
    page_views: number;
    loads_failed: number;
    render_errors: number;
    senders: number;
    views_pv: number | null;
    views_f: number | null;
    failures_pv: number | null;
    failures_f: number | null;
  }>(
    db,
    sql`with asked as (
          select distinct a.remote, a.version from json_to_recordset(${asked}::json) as a(remote text, version text)
        ), totals as (
          select m.remote, m.version, sum(m.page_views)::int as page_views, sum(m.loads_failed)::int as loads_failed, sum(m.render_errors)::int as render_errors
          from telemetry_minutes m join asked a on a.remote = m.remote and a.version = m.version
          where m.minute >= ${minuteOf(from).toISOString()}::timestamptz and m.minute < ${to.toISOString()}::timestamptz
          group by m.remote, m.version
        ), per_sender as (
          select s.remote, s.version, s.sender, sum(s.page_views)::int as pv, sum(s.failures)::int as f
          from telemetry_senders s join asked a on a.remote = s.remote and a.version = s.version
          where s.window_start >= ${senderWindowOf(from).toISOString()}::timestamptz and s.window_start < ${to.toISOString()}::timestamptz
            and s.last_view_at >= ${minuteOf(from).toISOString()}::timestamptz
          group by s.remote, s.version, s.sender
        ), ranked as (
          select p.*,
            row_number() over (partition by p.remote, p.version order by p.pv desc, p.f desc, p.sender) as by_views,
            row_number() over (partition by p.remote, p.version order by p.f desc, p.pv desc, p.sender) as by_failures,
            count(*) filter (where p.pv > 0) over (partition by p.remote, p.version) as senders
          from per_sender p
        ), tops as (
          select r.remote, r.version, max(r.senders)::int as senders,
            max(r.pv) filter (where r.by_views = 1) as views_pv, max(r.f) filter (where r.by_views = 1) as views_f,
            max(r.pv) filter (where r.by_failures = 1) as failures_pv, max(r.f) filter (where r.by_failures = 1) as failures_f,
            bool_or(r.by_views = 1 and r.by_failures = 1) as one_leads
          from ranked r group by r.remote, r.version
        )
        select a.remote, a.version, coalesce(t.page_views, 0) as page_views, coalesce(t.loads_failed, 0) as loads_failed,
          coalesce(t.render_errors, 0) as render_errors, coalesce(p.senders, 0) as senders,
          p.views_pv, p.views_f, case when p.one_leads then null else p.failures_pv end as failures_pv, case when p.one_leads then null else p.failures_f end as failures_f
        from asked a
        left join totals t on t.remote = a.remote and t.version = a.version
        left join tops p on p.remote = a.remote and p.version = a.version
        order by a.remote, a.version`,
  );
  return found.map((f) => {
    const largest: SenderShare[] = [];
    if (f.views_pv !== null) largest.push({ pageViews: Number(f.views_pv), failures: Number(f.views_f) });
    if (f.failures_pv !== null) largest.push({ pageViews: Number(f.failures_pv), failures: Number(f.failures_f) });
    return {
      remote: f.remote,
      version: f.version,
      pageViews: Number(f.page_views),
      loadFailures: Number(f.loads_failed),
      renderErrors: Number(f.render_errors),
      senders: Number(f.senders),
      largest,
    };
  });
}
