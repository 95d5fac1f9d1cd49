import { sql } from 'drizzle-orm';
import { officeLabel } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { rows } from '../db/sql';

/**
 * An office named in words, as a CSV cell, a roster row, a SCIM work address or a single sign-on
 * claim name it (docs/decisions/0045-offices-as-a-dimension.md, 0054): one of the company's offices
 * as every screen names it (`officeLabel`: "1 Park Row, Leeds") or by its first address line,
 * case-insensitively and trimmed; an empty name is No office.
 */
export interface CompanyOffices {
  /** The office a cell names: its id, null for an empty cell, or why it names none. */
  resolve(cell: string): string | null | 'unknown' | 'ambiguous';
  /** An office's name by id, for the roster's changes. */
  labelOf(id: string | null): string | null;
}

const key = (s: string) => s.trim().toLowerCase();

/** The company's offices, in one statement whatever the file's size (a company has a handful). */
export async function companyOffices(db: Db, companyId: string): Promise<CompanyOffices> {
  const list = await rows<{ id: string; address_line1: string; town: string }>(
    db,
    sql`select id, address_line1, town from locations where company_id = ${companyId}`,
  );
  const labels = new Map(list.map((l) => [l.id, officeLabel({ addressLine1: l.address_line1, town: l.town })]));
  const byLabel = new Map<string, string>();
  for (const [id, label] of labels) byLabel.set(key(label), id);
  // A first address line two offices share names neither: the full name does.
  const byLine = new Map<string, string | 'ambiguous'>();
  for (const l of list) {
    const k = key(l.address_line1);
    byLine.set(k, byLine.has(k) && byLine.get(k) !== l.id ? 'ambiguous' : l.id);
  }
  return {
    resolve(cell) {
      const k = key(cell);
      if (k === '') return null;
      return byLabel.get(k) ?? byLine.get(k) ?? 'unknown';
    },
    labelOf: (id) => (id === null ? null : (labels.get(id) ?? null)),
  };
}
