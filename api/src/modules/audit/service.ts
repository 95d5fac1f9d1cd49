import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  SUPER_ADMIN_AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type Page,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { auditActorText, auditLog } from '../../db/schema';
import { containsPattern, pageAnswer, rows } from '../../db/sql';
import type { AuthUser } from '../../lib/sessions';
import { toCsv } from '../../lib/csv';
import { summaryOf } from '../../lib/audit';

// ---------------------------------------------------------------- releases

/** One line of the release tool's history (`deploy`'s `history.jsonl`), as the api needs it. */
export interface ReleaseJournalEntry {
  at: string;
  action: string;
  remote: string;
  version: string;
  from?: string | null | undefined;
  by?: string | undefined;
  note?: string | undefined;
}

/** Any fixed number: the key of the lock that lets one api instance import the release history at a time. */
const RELEASE_IMPORT_LOCK = 52_600_012;

function releaseRow(e: ReleaseJournalEntry) {
  const label = `${e.remote} ${e.version}`;
  const detail = [e.action, e.from ? `from ${e.from}` : null].filter(Boolean).join(', ');
  return {
    createdAt: new Date(e.at),
    actorUserId: null,
    actorName: e.by?.trim() || MESSAGES.audit.releaseActor,
    actorEmail: null,
    actorRole: null,
    action: 'release.changed' as const,
    summary: summaryOf('release.changed', label, detail),
    companyId: null,
    companyName: null,
    targetKind: 'release' as const,
    targetId: `${e.remote}@${e.version}`,
    targetLabel: label,
    reason: e.note?.trim() || null,
  };
}

/**
 * The release tool writes its history to the release store, not to the database: the server that
 * can read the store hands its lines here, as often as it likes. Each line becomes one entry, once
 * (a line is known by its time, remote, version and action), whichever api instance gets there first.
 * Answers how many entries were added.
 */
export async function importReleaseHistory(db: Db, entries: readonly ReleaseJournalEntry[]): Promise<number> {
  const wanted = entries.filter((e) => !Number.isNaN(Date.parse(e.at))).map(releaseRow);
  if (!wanted.length) return 0;
  const since = new Date(Math.min(...wanted.map((r) => r.createdAt.getTime())));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RELEASE_IMPORT_LOCK})`);
    const known = await tx
      .select({ createdAt: auditLog.createdAt, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'release.changed'), gte(auditLog.createdAt, since)));
    const key = (r: { createdAt: Date; summary: string }) => `${r.createdAt.getTime()}|${r.summary}`;
    const seen = new Set(known.map(key));
    const fresh = wanted.filter((r) => {
      if (seen.has(key(r))) return false;
      seen.add(key(r));
      return true;
    });
    if (fresh.length) await tx.insert(auditLog).values(fresh);
    return fresh.length;
  });
}

// ---------------------------------------------------------------- reading

/** An export holds at most this many rows (newest first); narrower filters reach older ones. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/**
 * The company whose entries a caller reads: an employer or admin only its own (from the session,
 * whatever `companyId` says); a super admin every company, or the one it names. `undefined` means
 * every company; `null` a caller without one (an employer before setup), who has none to read.
 */
function scopeOf(auth: AuthUser, companyId: string | undefined): string | null | undefined {
  if (auth.role === 'SuperAdmin') return companyId;
  return auth.companyId;
}

/**
 * How a caller reads the log. An employer or admin (decision 0032): super admins appear as the
 * scheme, not by name, email or id (searching their name or email finds nothing, searching
 * "scheme administrator" finds them), and an action only super admins' entries carry matches
 * nothing, without a query: no entry of the company's can have it.
 */
interface View {
  scope: string | undefined;
  employer: boolean;
}

/** Null: nothing to read (an employer before setup, or an action its log cannot hold). */
function viewOf(auth: AuthUser, f: AuditFilter): View | null {
  const employer = auth.role !== 'SuperAdmin';
  if (employer && f.action && (SUPER_ADMIN_AUDIT_ACTIONS as readonly AuditAction[]).includes(f.action)) return null;
  const scope = scopeOf(auth, f.companyId);
  return scope === null ? null : { scope, employer };
}

const SUPER_ADMIN_ROLE = 'SuperAdmin';

function actorCondition(actor: string, employer: boolean): SQL {
  // The expression of `audit_log_actor_trgm_idx`, so a search reads the index rather than every entry.
  const byText = sql`${auditActorText(auditLog)} like ${containsPattern(actor)}`;
  if (!employer) return byText;
  const named = sql`(${auditLog.actorRole} is distinct from ${SUPER_ADMIN_ROLE} and ${byText})`;
  return MESSAGES.audit.schemeAdministrator.toLowerCase().includes(actor.toLowerCase())
    ? sql`(${named} or ${auditLog.actorRole} = ${SUPER_ADMIN_ROLE})`
    : named;
}

function whereOf(view: View, f: AuditFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (view.scope) conds.push(eq(auditLog.companyId, view.scope));
  if (f.action) conds.push(eq(auditLog.action, f.action));
  const actor = f.actor?.trim();
  if (actor) conds.push(actorCondition(actor, view.employer));
  if (f.from) conds.push(gte(auditLog.createdAt, new Date(`${f.from}T00:00:00.000Z`)));
  if (f.to) conds.push(lt(auditLog.createdAt, new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86_400_000)));
  return conds.length ? and(...conds) : undefined;
}

type AuditRow = typeof auditLog.$inferSelect;

/** The row as this view shows it: an employer sees a super admin as the scheme. */
function asSeen(r: AuditRow, view: View): AuditRow {
  if (!view.employer || r.actorRole !== SUPER_ADMIN_ROLE) return r;
  return { ...r, actorUserId: null, actorName: MESSAGES.audit.schemeAdministrator, actorEmail: null };
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    actorUserId: r.actorUserId,
    actorName: r.actorName,
    actorEmail: r.actorEmail,
    actorRole: r.actorRole,
    action: r.action,
    summary: r.summary,
    companyId: r.companyId,
    companyName: r.companyName,
    targetKind: r.targetKind,
    targetId: r.targetId,
    targetLabel: r.targetLabel,
    reason: r.reason,
  };
}

const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

/**
 * How many entries a filter matches. Without filters (the whole log, or one company's) it is read
 * from `audit_log_counts`, which triggers keep exact (migration 0009), not counted.
 */
async function totalOf(db: Db, scope: string | undefined, f: AuditFilter, where: SQL | undefined): Promise<number> {
  if (!f.action && !f.actor?.trim() && !f.from && !f.to) {
    const [r] = await rows<{ n: number | string | null }>(
      db,
      sql`select coalesce(sum(n), 0)::bigint as n from audit_log_counts ${scope ? sql`where company_id = ${scope}` : sql``}`,
    );
    return Number(r?.n ?? 0);
  }
  const [r] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditLog).where(where);
  return r?.n ?? 0;
}

/**
 * One page, newest first, on the (company, created_at) or (created_at) index. The total is counted
 * only when the page is full (a short page already says how many there are), and read from the
 * counters when nothing but the company is asked for.
 */
export async function listAudit(
  ctx: ApiContext,
  auth: AuthUser,
  q: AuditFilter & { pageNumber: number; pageSize: number },
): Promise<Page<AuditEntry>> {
  const { pageNumber, pageSize } = q;
  const view = viewOf(auth, q);
  if (view === null) return pageAnswer([], 0, pageNumber, pageSize);
  const where = whereOf(view, q);
  const offset = (pageNumber - 1) * pageSize;
  const found = await ctx.db.select().from(auditLog).where(where).orderBy(...newestFirst).limit(pageSize).offset(offset);
  let totalCount = offset + found.length;
  if (found.length === pageSize || (found.length === 0 && pageNumber > 1)) totalCount = await totalOf(ctx.db, view.scope, q, where);
  return pageAnswer(
    found.map((r) => toEntry(asSeen(r, view))),
    totalCount,
    pageNumber,
    pageSize,
  );
}

/** The filtered log as CSV, newest first, scoped as the list is. */
export async function exportAudit(ctx: ApiContext, auth: AuthUser, f: AuditFilter): Promise<string> {
  const view = viewOf(auth, f);
  const found =
    view === null
      ? []
      : (await ctx.db.select().from(auditLog).where(whereOf(view, f)).orderBy(...newestFirst).limit(AUDIT_EXPORT_MAX_ROWS)).map((r) => asSeen(r, view));
  const C = MESSAGES.audit.columns;
  return toCsv(
    [C.when, C.actor, C.actorEmail, C.actorRole, C.action, C.summary, C.company, C.companyId, C.target, C.targetId, C.reason],
    found.map((r) => [
      r.createdAt.toISOString(),
      r.actorName,
      r.actorEmail,
      r.actorRole,
      MESSAGES.audit.actions[r.action],
      r.summary,
      r.companyName,
      r.companyId,
      r.targetLabel,
      r.targetId,
      r.reason,
    ]),
  );
}
