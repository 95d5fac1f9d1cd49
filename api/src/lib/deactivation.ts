import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Deactivates employees of one company and ends their sessions, in the caller's transaction: their
 * next request is refused. The reason is stored with who (null: a provider, not a portal user) and
 * when; the rows stay (their trips count in the company's history). Only the company's employees
 * are touched, whatever the ids name; used by an employer's deactivation, the roster replacement and
 * SCIM, so all three leave an employee in the same state.
 */
export async function deactivateEmployees(tx: Db, o: { companyId: string; ids: readonly string[]; reason: string; by: string | null }): Promise<void> {
  if (o.ids.length === 0) return;
  await tx.execute(sql`
    with gone as (
      update users set is_active = false, deactivation_reason = ${o.reason}, deactivated_by = ${o.by}::uuid, deactivated_at = now(), updated_at = now()
      where company_id = ${o.companyId}::uuid and role = 'Employee' and id in (select value::uuid from json_array_elements_text(${JSON.stringify(o.ids)}::json))
      returning id
    )
    delete from sessions where user_id in (select id from gone)`);
}
