import { eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { rows } from '../../db/sql';
import { recordUserAudit } from '../../lib/audit';
import { deactivateEmployees } from '../../lib/deactivation';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../lib/sessions';
import { callerCondition } from './rows';

/**
 * An employer's decisions on their employees: approving or rejecting join requests (one or many,
 * all or nothing), deactivating, reactivating and removing. Each is one transaction with its audit
 * entries. Adding employees (manual list, CSV file) is `import.ts`.
 */

/** The employee `id` of the caller's scope, locked for the transaction; else "not found". */
async function lockEmployee(tx: Tx, auth: AuthUser, id: string) {
  if (!isUuid(id)) throw notFound(MESSAGES.employees.notFound);
  const [r] = await rows<{ id: string; company_id: string; is_approved: boolean; is_active: boolean; erased: boolean }>(
    tx,
    sql`select u.id, u.company_id, u.is_approved, u.is_active, u.erased_at is not null as erased from users u
      where u.id = ${id} and u.role = 'Employee' and ${callerCondition(auth)} for update`,
  );
  if (!r) throw notFound(MESSAGES.employees.notFound);
  return r;
}

/**
 * An erased employee's anonymous record (decision 0044) is nobody to approve, reject or give access
 * back to: a request of theirs is closed, and an approved record is not reactivated.
 */
const erasedAnswer = (e: { is_approved: boolean }) =>
  new HttpError(409, e.is_approved ? MESSAGES.dataRights.erasedNotReactivated : MESSAGES.dataRights.erasedRequestClosed);

/** Approves a join request: approved and active. An already approved employee is left as is. */
export async function accept(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (e.erased) throw erasedAnswer(e);
    if (e.is_approved) return;
    await tx.update(users).set({ isApproved: true, isActive: true, updatedAt: sql`now()` }).where(eq(users.id, id));
    await recordUserAudit(tx, auth, 'employee.approved', [e.id]);
  });
}

/** All or nothing: every id must be a pending request of the caller's scope. */
export async function bulkAccept(ctx: ApiContext, auth: AuthUser, ids: string[]): Promise<number> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    const found = await rows<{ id: string; is_approved: boolean; erased: boolean }>(
      tx,
      sql`select u.id, u.is_approved, u.erased_at is not null as erased from users u
        where u.id in (select value::uuid from json_array_elements_text(${JSON.stringify(unique)}::json))
          and u.role = 'Employee' and ${callerCondition(auth)} for update`,
    );
    if (found.length !== unique.length) throw notFound(MESSAGES.employees.notFound);
    const erased = found.find((r) => r.erased);
    if (erased) throw erasedAnswer(erased);
    if (found.some((r) => r.is_approved)) throw new HttpError(400, MESSAGES.employees.notPending);
    await tx.update(users).set({ isApproved: true, isActive: true, updatedAt: sql`now()` }).where(inArray(users.id, unique));
    await recordUserAudit(tx, auth, 'employee.approved', unique);
    return unique.length;
  });
}

/** Rejects several join requests, all or nothing: every id must be a pending request of the caller's scope. */
export async function bulkReject(ctx: ApiContext, auth: AuthUser, ids: string[]): Promise<number> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    const found = await rows<{ id: string; is_approved: boolean; erased: boolean }>(
      tx,
      sql`select u.id, u.is_approved, u.erased_at is not null as erased from users u
        where u.id in (select value::uuid from json_array_elements_text(${JSON.stringify(unique)}::json))
          and u.role = 'Employee' and ${callerCondition(auth)} for update`,
    );
    if (found.length !== unique.length) throw notFound(MESSAGES.employees.notFound);
    const erased = found.find((r) => r.erased);
    if (erased) throw erasedAnswer(erased);
    if (found.some((r) => r.is_approved)) throw new HttpError(400, MESSAGES.employees.notPending);
    await recordUserAudit(tx, auth, 'employee.rejected', unique);
    await tx.delete(users).where(inArray(users.id, unique));
    return unique.length;
  });
}

/** Rejects a join request: the pending user is removed (sessions and tokens go with it). */
export async function reject(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (e.erased) throw erasedAnswer(e);
    if (e.is_approved) throw new HttpError(400, MESSAGES.employees.notPending);
    await recordUserAudit(tx, auth, 'employee.rejected', [e.id]);
    await tx.delete(users).where(eq(users.id, id));
  });
}

/** Deactivation: the reason is stored with who and when; the employee's sessions end at once. */
export async function deactivate(ctx: ApiContext, auth: AuthUser, id: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (!e.is_approved) throw notFound(MESSAGES.employees.notFound);
    await deactivateEmployees(tx, { companyId: e.company_id, ids: [e.id], reason, by: auth.userId });
    await recordUserAudit(tx, auth, 'employee.deactivated', [e.id], { reason });
  });
}

export async function reactivate(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (!e.is_approved) throw notFound(MESSAGES.employees.notFound);
    // Erasure is irreversible (decision 0044): the anonymous record is nobody to give access back to.
    if (e.erased) throw new HttpError(409, MESSAGES.dataRights.erasedNotReactivated);
    await tx
      .update(users)
      .set({ isActive: true, deactivationReason: null, deactivatedBy: null, deactivatedAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await recordUserAudit(tx, auth, 'employee.reactivated', [e.id]);
  });
}

/**
 * Moves an employee to one of the company's offices, or to none (null). The office is looked up in
 * the employee's own company, so another company's office is "not found" like one that never was.
 * An admin limited to some offices moves their offices' employees between those offices only: to
 * another office, or to "No office", is refused (403) with why (decision 0053).
 */
export async function setOffice(ctx: ApiContext, auth: AuthUser, id: string, officeId: string | null): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    // Figures by office follow the record's office (decision 0045): moving it would move the erased person's history.
    if (e.erased) throw new HttpError(409, MESSAGES.dataRights.erasedNotMoved);
    if (auth.offices && (officeId === null || !auth.offices.includes(officeId.toLowerCase()))) throw new HttpError(403, MESSAGES.admins.moveOutsideOffices);
    const [current] = await rows<{ office_id: string | null; office_ok: boolean }>(
      tx,
      sql`select u.office_id, ${officeId}::uuid is null or exists (select 1 from locations l where l.id = ${officeId}::uuid and l.company_id = u.company_id) as office_ok
        from users u where u.id = ${e.id}`,
    );
    if (!current?.office_ok) throw notFound(MESSAGES.insights.officeNotFound);
    if (current.office_id === officeId) return;
    await tx.update(users).set({ officeId, updatedAt: sql`now()` }).where(eq(users.id, e.id));
    await recordUserAudit(tx, auth, 'employee.officeChanged', [e.id]);
  });
}

/** Immediate and irreversible: the row goes, and with it (by cascade) sessions, tokens and the vehicle. */
export async function remove(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    await recordUserAudit(tx, auth, 'employee.deleted', [e.id]);
    await tx.execute(sql`delete from sessions where user_id = ${id}`);
    await tx.delete(users).where(eq(users.id, id));
  });
}
