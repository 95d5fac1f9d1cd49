import { Readable, pipeline } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { LIMITS, MESSAGES, manualEmployeeRowSchema, type FieldError } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { refuse, type ImportKey, type ImportRow } from './import';

const REQUIRED = LIMITS.csvColumns;
const COLUMNS = [...LIMITS.csvColumns, ...LIMITS.csvOptionalColumns, LIMITS.csvOfficeColumn];
type Column = (typeof COLUMNS)[number];

/** Valid UTF-8 as text without its byte order mark; null when it is not. */
function decodeText(buf: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return null;
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** NULs and other control characters (tab, CR and LF aside): nothing a person could have typed. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Text handed to the parser per turn of the event loop: a few milliseconds of checking and parsing. */
const SLICE_CHARS = 8 * 1024;

/**
 * The text in slices, yielding the event loop between them (never inside a surrogate pair); a
 * slice with a control character ends it as unreadable.
 */
async function* slices(text: string): AsyncGenerator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + SLICE_CHARS);
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end += 1;
    const slice = text.slice(start, end);
    if (CONTROL.test(slice)) throw new HttpError(400, MESSAGES.employees.csvUnreadable);
    yield slice;
    start = end;
    await nextTurn();
  }
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** The header's columns by name; a problem with the header is the error to answer. */
function readHeader(record: string[]): { names: string[]; index: Map<Column, number> } | HttpError {
  const names = record.map((h) => h.trim());
  const index = new Map<Column, number>();
  for (const [i, n] of names.entries()) {
    const col = COLUMNS.find((c) => c.toLowerCase() === n.toLowerCase());
    if (!col || index.has(col)) return new HttpError(400, MESSAGES.employees.csvColumns, [{ line: 1, field: n || `column ${i + 1}`, message: MESSAGES.employees.csvColumns }]);
    index.set(col, i);
  }
  if (!REQUIRED.every((c) => index.has(c))) return new HttpError(400, MESSAGES.employees.csvColumns, [{ line: 1, field: 'header', message: MESSAGES.employees.csvColumns }]);
  return { names, index };
}

/** A CSV file's employees: the rows that pass the manual row's schema, the problems of the others, and every row's keys. */
export interface ParsedCsv {
  rows: ImportRow[];
  /** Line (the header is line 1), field and message of each problem of a row. */
  problems: FieldError[];
  /** The email and employee number of every row, valid or not, for the checks against each other and the company. */
  keys: ImportKey[];
  /** The file has an `office` column: its rows say each employee's office (an empty cell: No office). */
  hasOffice: boolean;
}

/**
 * The employees of a CSV file: header line `firstName,lastName,email,employeeNumber` in any order,
 * optionally with `department` and `office` (no other column), one employee a line, every row checked against the
 * manual row's schema. A row's problems are answered, not thrown, so that the import reports them
 * with the file's duplicates and clashes in one go (`importEmployees`). A file the parser cannot
 * read, a bad header, no rows or too many refuse the whole file at once, in that order.
 * The file is parsed and checked a slice at a time, so a large one never holds the event loop.
 */
export async function parseEmployeesCsv(buf: Buffer): Promise<ParsedCsv> {
  const text = decodeText(buf);
  if (text === null) throw new HttpError(400, MESSAGES.employees.csvUnreadable);
  const parser = parse({ info: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  // pipeline, not pipe: a refusal of the slices reaches the loop below through the parser.
  pipeline(Readable.from(slices(text)), parser, () => {});
  let header: ReturnType<typeof readHeader> | undefined;
  let rows = 0;
  const errors: FieldError[] = [];
  const out: ImportRow[] = [];
  const keys: ImportKey[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<CsvRecord>) {
      if (header === undefined) {
        header = readHeader(record);
        continue;
      }
      rows += 1;
      // Past a bad header or the row limit only the parser's verdict is still wanted.
      if (header instanceof HttpError || rows > LIMITS.csvMaxRows) continue;
      const line = info.lines;
      if (record.length !== header.names.length) {
        errors.push({ line, field: 'row', message: MESSAGES.employees.csvColumns });
        continue;
      }
      const raw = Object.fromEntries([...header.index].map(([c, i]) => [c, record[i] ?? '']));
      keys.push({ line, email: raw.email ?? '', employeeNumber: raw.employeeNumber ?? '' });
      const parsed = manualEmployeeRowSchema.safeParse(raw);
      if (!parsed.success) {
        // One problem a field: an empty email is "required", not also "invalid", as the form shows it.
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          if (seen.has(field)) continue;
          seen.add(field);
          errors.push({ line, field, message: issue.message });
        }
        continue;
      }
      out.push({ ...parsed.data, line, ...(header.index.has(LIMITS.csvOfficeColumn) ? { office: raw.office ?? '' } : {}) });
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const line = (err as { lines?: number }).lines;
    throw refuse([{ field: 'file', message: MESSAGES.employees.csvUnreadable, ...(line ? { line } : {}) }]);
  }
  if (header === undefined) throw new HttpError(400, MESSAGES.employees.csvEmpty);
  if (header instanceof HttpError) throw header;
  if (rows === 0) throw new HttpError(400, MESSAGES.employees.csvEmpty);
  if (rows > LIMITS.csvMaxRows) throw new HttpError(400, MESSAGES.employees.csvTooManyRows(LIMITS.csvMaxRows));
  return { rows: out, problems: errors, keys, hasOffice: header.index.has(LIMITS.csvOfficeColumn) };
}
