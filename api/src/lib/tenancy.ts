import { sql } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { HttpError, forbidden } from './http-error';
import type { AuthUser } from './sessions';

/**
 * Which company's rows a caller reaches. Every module that reads or writes company data asks here,
 * so the rule is written once: an employer's users reach only their own company, whatever ids they
 * send (DESIGN.md section 4).
 */

/**
 * The company a caller works on: an Employer/Admin always their own (whatever they send); a super
 * admin the one asked for, or every company (null). An employer before setup has none: a company
 * id that matches nothing, so every lookup is "not found".
 */
export function scopeOf(auth: AuthUser, requested?: string): string | null {
  if (auth.role === 'SuperAdmin') return requested ?? null;
  return auth.companyId ?? '00000000-0000-0000-0000-000000000000';
}

/**
 * The one company an insight reads: an employer's or admin's own whatever they send (before setup,
 * an id that matches nothing, so every figure is empty); a super admin must name one, since every
 * roll-up is per company.
 */
export function insightCompany(auth: AuthUser, requested: string | undefined): string {
  const scope = scopeOf(auth, requested);
  if (scope === null) throw new HttpError(400, MESSAGES.insights.companyRequired);
  return scope;
}

/**
 * The caller as an employee of the mobile app: the session already proves them active; joining
 * the company's data also takes approval by the employer.
 */
export async function approvedEmployee(db: Db, auth: AuthUser): Promise<{ companyId: string }> {
  const [me] = await rows<{ company_id: string | null; is_approved: boolean }>(
    db,
    sql`select company_id, is_approved from users where id = ${auth.userId} and role = 'Employee'`,
  );
  if (!me?.company_id) throw forbidden();
  if (!me.is_approved) throw new HttpError(403, MESSAGES.trips.notApproved);
  return { companyId: me.company_id };
}
