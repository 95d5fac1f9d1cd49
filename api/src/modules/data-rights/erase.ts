import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, MESSAGES } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { recordAudit, summaryOf, type AuditActor } from '../../lib/audit';
import { findEmployee } from './personal-data';

const M = MESSAGES.dataRights;

/** Not an address anyone can receive mail at (RFC 2606 `.invalid`), unique through the record's new id. */
export const erasedEmail = (anonymousId: string) => `erased-${anonymousId}@erased.invalid`;

/** Each action's summary with the anonymous label: what an entry about the erased person says now. */
const ERASED_SUMMARIES = JSON.stringify(AUDIT_ACTIONS.map((action) => ({ action, summary: summaryOf(action, M.erasedName) })));

/**
 * Erases an employee (docs/decisions/0044-data-rights-and-retention.md), in one transaction (a
 * savepoint when `db` is already one): a new anonymous record takes the person's trips, passenger
 * seats, monthly figures, journey group places and feedback (its text removed), so every figure of
 * the company stays as it was; the audit log keeps its entries about them without their name, email
 * or reasons; mail to them and authentication events naming them go; then their row is deleted and
 * with it, by cascade, sessions, vehicle, verification history, reset links and provider links. The
 * new id is random, so nothing left leads back to the person. Answers the anonymous record's id.
 */
export async function eraseEmployee(db: Db, actor: AuditActor, scope: string | null, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const person = await findEmployee(tx, id, scope, true);
    const old = person.id;
    const anon = randomUUID();
    // Named as lists name employees (first and last name), so every screen shows "Erased employee".
    await tx.execute(sql`insert into users (id, email, password_hash, name, first_name, last_name, role, company_id, is_active, is_approved,
        is_driver_verified, deactivated_at, created_at, updated_at, erased_at, office_id)
      select ${anon}, ${erasedEmail(anon)}, '!', ${M.erasedName}, ${M.erasedFirstName}, ${M.erasedLastName}, 'Employee', company_id, false, is_approved,
        is_driver_verified,
        coalesce(deactivated_at, now()), created_at, now(), now(),
        -- Figures by office (decision 0045) follow the employee's office: the record keeps it.
        office_id
      from users where id = ${old}`);
    await tx.execute(sql`update trips set driver_id = ${anon} where driver_id = ${old}`);
    // A flagged trip's overlap names the people it overlapped by id (trips/service.ts, StoredTripFlag).
    await tx.execute(sql`update trips set flags = replace(flags::text, ${old}, ${anon})::jsonb
      where company_id = ${person.company_id} and flags <> '[]'::jsonb and strpos(flags::text, ${old}) > 0`);
    await tx.execute(sql`update trip_passengers set passenger_id = ${anon} where passenger_id = ${old}`);
    await tx.execute(sql`update employee_monthly_stats set employee_id = ${anon} where employee_id = ${old}`);
    await tx.execute(sql`update employee_trip_totals set employee_id = ${anon} where employee_id = ${old}`);
    await tx.execute(sql`update journey_group_members set user_id = ${anon} where user_id = ${old}`);
    await tx.execute(sql`update feedbacks set employee_id = ${anon}, feedback_text = ${M.feedbackRemoved} where employee_id = ${old}`);
    await tx.execute(sql`update erasure_requests set user_id = null, completed_at = coalesce(completed_at, now()) where user_id = ${old}`);
    await tx.execute(sql`delete from auth_events where user_id = ${old} or lower(email) = lower(${person.email})`);
    await tx.execute(sql`delete from mail_outbox where lower("to") = lower(${person.email})`);
    // Entries about them: the action stays, who it was does not.
    await tx.execute(sql`update audit_log a set target_id = ${anon}, target_label = ${M.erasedName}, reason = null, summary = s.summary
      from json_to_recordset(${ERASED_SUMMARIES}::json) as s(action text, summary text)
      where a.target_kind = 'user' and a.target_id = ${old}::text and s.action = a.action`);
    await tx.execute(sql`update audit_log set actor_user_id = ${anon}, actor_name = ${M.erasedName}, actor_email = null where actor_user_id = ${old}`);
    // A trip's entry names its driver in its label: the trip stays, its driver's name does not.
    await tx.execute(sql`update audit_log set target_label = replace(target_label, ${person.name}, ${M.erasedName}),
        summary = replace(summary, ${person.name}, ${M.erasedName})
      where target_kind = 'trip' and target_id in (select id::text from trips where driver_id = ${anon})`);
    await tx.execute(sql`delete from users where id = ${old}`);
    await recordAudit(tx, actor, { action: 'employee.erased', companyId: person.company_id, target: { kind: 'user', id: anon, label: M.erasedName } });
    return anon;
  });
}
