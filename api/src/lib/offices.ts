import { sql, type SQL } from 'drizzle-orm';
import { MESSAGES, OFFICE_NONE } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { HttpError, notFound } from './http-error';
import type { AuthUser } from './sessions';

/**
 * Offices as a dimension (docs/decisions/0045-offices-as-a-dimension.md): an employee belongs to one
 * of the company's office locations (`users.office_id`) or to none. An insight reads the whole
 * company, one office, or the employees without one.
 */
export type OfficeFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'office'; id: string } | { kind: 'offices'; ids: string[] };

export const ALL_OFFICES: { kind: 'all' } = { kind: 'all' };

/**
 * The filter a caller asked for, checked against the company: an office of another company (or of
 * none) is "not found", the same answer as an id that never existed, so nothing leaks.
 *
 * The caller's office scope is applied here, for every insight, export and report at once
 * (docs/decisions/0051-office-administrators.md): an admin limited to some offices who names none
 * reads the sum of their offices; one who names another office, or "No office", is refused (403).
 */
export async function officeFilter(db: Db, auth: AuthUser, companyId: string, officeId: string | undefined): Promise<OfficeFilter> {
  const limit = auth.offices;
  if (limit) {
    if (officeId === undefined) return { kind: 'offices', ids: limit };
    if (!limit.includes(officeId)) throw new HttpError(403, MESSAGES.admins.outsideOffices);
  }
  if (officeId === undefined) return ALL_OFFICES;
  if (officeId === OFFICE_NONE) return { kind: 'none' };
  const [found] = await rows<{ id: string }>(db, sql`select id from locations where id = ${officeId} and company_id = ${companyId}`);
  if (!found) throw notFound(MESSAGES.insights.officeNotFound);
  return { kind: 'office', id: found.id };
}

/** Whether the employee `u` (a users row) is in the filter, as SQL. */
export function inOffice(filter: OfficeFilter, u: SQL = sql`u`): SQL {
  if (filter.kind === 'all') return sql`true`;
  if (filter.kind === 'none') return sql`${u}.office_id is null`;
  // An office admin with no office left reads nothing: `= any('{}')` holds for no row.
  if (filter.kind === 'offices') return sql`${u}.office_id = any(${`{${filter.ids.join(',')}}`}::uuid[])`;
  return sql`${u}.office_id = ${filter.id}`;
}

/** A cache key's part for the filter: every answer kept per office. */
export const officeKey = (filter: Exclude<OfficeFilter, { kind: 'offices' }>): string => (filter.kind === 'office' ? filter.id : filter.kind);

/**
 * The employees `u` a caller may see and manage, as SQL: for an admin limited to some offices, those
 * offices' employees only (never "No office"); for anyone else, every employee their company scope
 * holds (`true`). Each employee statement adds it to its own `where`, so pages, totals and writes are
 * of the caller's offices (docs/decisions/0053-office-admins-manage-their-offices.md).
 */
export function callerOffices(auth: Pick<AuthUser, 'offices'>, u: SQL = sql`u`): SQL {
  return auth.offices ? inOffice({ kind: 'offices', ids: auth.offices }, u) : sql`true`;
}

/** The part of a kept answer's key that says whose offices it is of: `all`, or the caller's offices. */
export const callerOfficesKey = (auth: Pick<AuthUser, 'offices'>): string => (auth.offices ? `offices:${auth.offices.join(',')}` : 'all');
