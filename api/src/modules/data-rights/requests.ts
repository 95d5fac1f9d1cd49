import { sql } from 'drizzle-orm';
import { ERASURE_REQUEST_DAYS, MESSAGES, type ErasureRequest } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { rows, toIso } from '../../db/sql';
import { recordUserAudit } from '../../lib/audit';
import { forbidden } from '../../lib/http-error';
import type { AuthUser } from '../../lib/sessions';

/** More than any company has open at once; the list is not paged. */
const LIST_MAX = 1000;

/**
 * The signed-in employee asks to be erased. One open request per person (a unique index): asking
 * again answers the one already open, and only the first is audited.
 */
export async function requestErasure(db: Db, auth: AuthUser): Promise<{ requestedAt: string; dueAt: string }> {
  if (auth.role !== 'Employee' || !auth.companyId) throw forbidden();
  const companyId = auth.companyId;
  return db.transaction(async (tx) => {
    const made = await rows<{ id: string }>(
      tx,
      sql`insert into erasure_requests (company_id, user_id, due_at)
        values (${companyId}, ${auth.userId}, now() + make_interval(days => ${ERASURE_REQUEST_DAYS}))
        on conflict (user_id) where completed_at is null do nothing returning id`,
    );
    if (made.length) await recordUserAudit(tx, auth, 'employee.erasureRequested', [auth.userId]);
    const [open] = await rows<{ requested_at: Date | string; due_at: Date | string }>(
      tx,
      sql`select requested_at, due_at from erasure_requests where user_id = ${auth.userId} and completed_at is null`,
    );
    return { requestedAt: toIso(open!.requested_at)!, dueAt: toIso(open!.due_at)! };
  });
}

/** The company's open requests, oldest first, with who asked. */
export async function openRequests(db: Db, companyId: string): Promise<ErasureRequest[]> {
  const found = await rows<{ id: string; user_id: string; name: string; email: string; employee_number: string | null; requested_at: Date | string; due_at: Date | string }>(
    db,
    sql`select r.id, r.user_id, coalesce(u.first_name || ' ' || u.last_name, u.name) as name, u.email, u.employee_number, r.requested_at, r.due_at
      from erasure_requests r join users u on u.id = r.user_id
      where r.company_id = ${companyId} and r.completed_at is null
      order by r.requested_at, r.id limit ${LIST_MAX}`,
  );
  return found.map((r) => ({
    id: r.id,
    employeeId: r.user_id,
    name: r.name,
    email: r.email,
    employeeNumber: r.employee_number,
    requestedAt: toIso(r.requested_at)!,
    dueAt: toIso(r.due_at)!,
  }));
}

export const requestRecorded = (dueAt: string) => MESSAGES.dataRights.requestRecorded(dueAt.slice(0, 10));
