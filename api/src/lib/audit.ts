import { eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES, type AuditAction, type AuditTargetKind } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { auditLog, companies, users } from '../db/schema';
import type { AuthUser } from './sessions';

/**
 * Writing the audit log: every module that changes something records it here, in the transaction
 * of the change. Reading and exporting the log is the audit module's.
 */

/**
 * Who did it, as they are at the time: a signed-in caller (`AuthUser` is one), or the user a
 * password reset belongs to.
 */
export type AuditActor = Pick<AuthUser, 'userId' | 'name' | 'email' | 'role'> | AccountlessActor;

/** An actor with no account of its own: a SCIM token, named by its name (docs/decisions/0039). */
export interface AccountlessActor {
  userId: null;
  name: string;
  email: null;
  role: null;
}

export interface AuditRecord {
  action: AuditAction;
  /** The company the change belongs to (its name is copied as it is now). */
  companyId: string | null;
  target: { kind: AuditTargetKind; id: string | null; label: string | null };
  reason?: string | null | undefined;
  /** Said after the target in the summary, e.g. the new value of a setting. */
  detail?: string | undefined;
}

/** The one-line summary of an entry, as the log shows it. */
export function summaryOf(action: AuditAction, label: string | null, detail?: string): string {
  const what = [label, detail].filter(Boolean).join(', ');
  return MESSAGES.audit.summary(MESSAGES.audit.actions[action], what || '-');
}

function actorColumns(actor: AuditActor) {
  return { actorUserId: actor.userId, actorName: actor.name, actorEmail: actor.email, actorRole: actor.role };
}

/**
 * One audit row. Call it with the transaction of the change it records, so the entry exists if
 * and only if the change does.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    ...actorColumns(actor),
    action: entry.action,
    summary: summaryOf(entry.action, entry.target.label, entry.detail),
    companyId: entry.companyId,
    companyName: entry.companyId ? sql`(select ${companies.name} from ${companies} where ${companies.id} = ${entry.companyId})` : null,
    targetKind: entry.target.kind,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    reason: entry.reason ?? null,
  });
}

/** "Name <email>": how a user is named in the log. */
const userLabel = (u: { name: string; email: string }) => `${u.name} <${u.email}>`;

/**
 * One row per user in `userIds` (employees, drivers, admins), each with the user's company and
 * label as they are now. Call it before a deletion, in its transaction.
 */
export async function recordUserAudit(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  userIds: readonly string[],
  options: { reason?: string | null; detail?: string } = {},
): Promise<void> {
  if (!userIds.length) return;
  const found = await db
    .select({ id: users.id, name: users.name, email: users.email, companyId: users.companyId, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, [...userIds]));
  if (!found.length) return;
  await db.insert(auditLog).values(
    found.map((u) => ({
      ...actorColumns(actor),
      action,
      summary: summaryOf(action, userLabel(u), options.detail),
      companyId: u.companyId,
      companyName: u.companyName,
      targetKind: 'user' as const,
      targetId: u.id,
      targetLabel: userLabel(u),
      reason: options.reason ?? null,
    })),
  );
}

/** A change of a company itself (details, incentives, a setting, its state), labelled with its name. */
export async function recordCompanyAudit(
  db: Db,
  actor: AuditActor,
  action: AuditAction,
  companyId: string,
  options: { reason?: string | null; detail?: string } = {},
): Promise<void> {
  const [c] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  await recordAudit(db, actor, {
    action,
    companyId,
    target: { kind: 'company', id: companyId, label: c?.name ?? null },
    reason: options.reason,
    detail: options.detail,
  });
}

/** The user a password reset belongs to, as the actor of its entries (they are not signed in). */
export async function userAsActor(db: Db, userId: string): Promise<(AuditActor & { companyId: string | null }) | null> {
  const [u] = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: users.role, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}
