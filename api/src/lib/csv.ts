/**
 * CSV for spreadsheet programs: RFC 4180 (CRLF lines, fields with a quote, comma or line break
 * quoted, quotes doubled), UTF-8 with a byte order mark so Excel reads the accents, and every text
 * cell that a spreadsheet would take for a formula (starting with =, +, -, @, tab or carriage
 * return) prefixed with an apostrophe, so it stays text (OWASP "CSV injection").
 */

const BOM = '\uFEFF';
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && text.length > 0 && FORMULA_START.has(text[0]!)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** `attachment; filename="..."` for a name of our own making (letters, digits, dashes, dots). */
export function attachment(filename: string): string {
  return `attachment; filename="${filename}"`;
}
