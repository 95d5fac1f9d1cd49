import { sql, type SQL } from 'drizzle-orm';
import { MESSAGES, OFFICE_NONE } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { notFound } from './http-error';

/**
 * Offices as a dimension (docs/decisions/0045-offices-as-a-dimension.md): an employee belongs to one
 * of the company's office locations (`users.office_id`) or to none. An insight reads the whole
 * company, one office, or the employees without one.
 */
export type OfficeFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'office'; id: string };

export const ALL_OFFICES: OfficeFilter = { kind: 'all' };

/**
 * The filter a caller asked for, checked against the company: an office of another company (or of
 * none) is "not found", the same answer as an id that never existed, so nothing leaks.
 */
export async function officeFilter(db: Db, companyId: string, officeId: string | undefined): Promise<OfficeFilter> {
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
  return sql`${u}.office_id = ${filter.id}`;
}

/** A cache key's part for the filter: every answer kept per office. */
export const officeKey = (filter: OfficeFilter): string => (filter.kind === 'office' ? filter.id : filter.kind);
