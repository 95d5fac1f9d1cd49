import { MESSAGES, type FieldError } from '@portal/shared-contracts';
import type { CompanyOffices } from '../../lib/office-names';

/** The CSV's and the roster's `office` column: rows with `officeId` set from their `office` cell (left out when the file has no such column), and the cells that name no office. */
export function withOffices<R extends { line: number; office?: string; officeId?: string | null }>(list: readonly R[], offices: CompanyOffices): { rows: R[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const out = list.map((r) => {
    if (r.office === undefined) return r;
    const officeId = offices.resolve(r.office);
    if (officeId === 'unknown' || officeId === 'ambiguous') {
      errors.push({ line: r.line, field: 'office', message: officeId === 'unknown' ? MESSAGES.employees.csvOfficeUnknown : MESSAGES.employees.csvOfficeAmbiguous });
      return r;
    }
    return { ...r, officeId };
  });
  return { rows: out, errors };
}
