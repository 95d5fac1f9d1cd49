import { parse } from 'csv-parse/sync';
import { LIMITS, MESSAGES, manualEmployeeRowSchema, type FieldError } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { refuse, type ImportRow } from './import';

const REQUIRED = LIMITS.csvColumns;
const COLUMNS = [...LIMITS.csvColumns, ...LIMITS.csvOptionalColumns];
type Column = (typeof COLUMNS)[number];

/** Text a person could have typed: valid UTF-8 without NULs or other control bytes (tab, CR, LF aside). */
function decodeText(buf: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return null;
  return text.replace(/^\uFEFF/, '');
}

/**
 * The employees of a CSV file: header line `firstName,lastName,email,employeeNumber` in any order,
 * optionally with `department` (no other column), one employee a line, every row checked against the manual row's schema.
 * Any problem refuses the whole file with every problem found: line (the header is line 1),
 * field and message.
 */
export function parseEmployeesCsv(buf: Buffer): ImportRow[] {
  const text = decodeText(buf);
  if (text === null) throw new HttpError(400, MESSAGES.employees.csvUnreadable);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as never;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    const errors: FieldError[] = [{ field: 'file', message: MESSAGES.employees.csvUnreadable, ...(line ? { line } : {}) }];
    throw refuse(errors);
  }
  const [header, ...body] = records;
  if (!header) throw new HttpError(400, MESSAGES.employees.csvEmpty);
  const names = header.record.map((h) => h.trim());
  const index = new Map<Column, number>();
  for (const [i, n] of names.entries()) {
    const col = COLUMNS.find((c) => c.toLowerCase() === n.toLowerCase());
    if (!col || index.has(col)) throw new HttpError(400, MESSAGES.employees.csvColumns, [{ line: 1, field: n || `column ${i + 1}`, message: MESSAGES.employees.csvColumns }]);
    index.set(col, i);
  }
  if (!REQUIRED.every((c) => index.has(c))) throw new HttpError(400, MESSAGES.employees.csvColumns, [{ line: 1, field: 'header', message: MESSAGES.employees.csvColumns }]);
  if (body.length === 0) throw new HttpError(400, MESSAGES.employees.csvEmpty);
  if (body.length > LIMITS.csvMaxRows) throw new HttpError(400, MESSAGES.employees.csvTooManyRows(LIMITS.csvMaxRows));

  const errors: FieldError[] = [];
  const out: ImportRow[] = [];
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== names.length) {
      errors.push({ line, field: 'row', message: MESSAGES.employees.csvColumns });
      continue;
    }
    const raw = Object.fromEntries([...index].map(([c, i]) => [c, record[i] ?? '']));
    const parsed = manualEmployeeRowSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ line, field: String(issue.path[0] ?? 'row'), message: issue.message });
      continue;
    }
    out.push({ ...parsed.data, line });
  }
  if (errors.length) throw refuse(errors);
  return out;
}
