import { describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { parseEmployeesCsv } from './csv';

const HEADER = 'firstName,lastName,email,employeeNumber,department';
const fileOf = (rows: number) => {
  const lines = [HEADER];
  for (let i = 1; i <= rows; i++) lines.push(`First${i},Last${i},person.number${i}@example-company.co.uk,EMP-${i},Department ${i % 10}`);
  return Buffer.from(`${lines.join('\n')}\n`);
};

async function refusal(buf: Buffer): Promise<HttpError> {
  const err = await parseEmployeesCsv(buf).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('parseEmployeesCsv', () => {
  it('reads the largest file allowed a slice at a time, letting other requests in between', async () => {
    const buf = fileOf(LIMITS.csvMaxRows);
    expect(buf.length).toBeLessThanOrEqual(LIMITS.csvMaxBytes);
    // Another request's work, as often as the event loop gets to it.
    let turns = 0;
    let running = true;
    const other = () => {
      turns += 1;
      if (running) setImmediate(other);
    };
    setImmediate(other);
    const { rows } = await parseEmployeesCsv(buf);
    running = false;
    expect(rows).toHaveLength(LIMITS.csvMaxRows);
    expect(rows.at(-1)).toMatchObject({ line: LIMITS.csvMaxRows + 1, email: `person.number${LIMITS.csvMaxRows}@example-company.co.uk` });
    // Read in one go (about half a second), the file let nothing else run; in slices of about
    // 100 rows (a few milliseconds each) the loop comes round between every two.
    expect(turns).toBeGreaterThan(LIMITS.csvMaxRows / 200);
  });

  it('keeps characters outside the Basic Multilingual Plane whole across slices', async () => {
    const name = '𝒜'.repeat(20_000);
    const { problems, keys } = await parseEmployeesCsv(Buffer.from(`${HEADER}\nA,B,a@acme.test,1,${name}\n`));
    expect(problems).toEqual([{ line: 2, field: 'department', message: MESSAGES.manualRow.departmentMax }]);
    // The row still counts in the checks for duplicates and existing users.
    expect(keys).toEqual([{ line: 2, email: 'a@acme.test', employeeNumber: '1' }]);
  });

  it('answers the parser verdict before the header, the header before the rows, and counts rows to the limit', async () => {
    expect((await refusal(Buffer.from('firstName,nope\n"unclosed,a,b\n'))).message).toBe(MESSAGES.employees.importLine(2, MESSAGES.employees.csvUnreadable));
    expect((await refusal(Buffer.from('firstName,nope\nA,B\n'))).message).toBe(MESSAGES.employees.csvColumns);
    expect((await refusal(Buffer.from(`${HEADER}\n`))).message).toBe(MESSAGES.employees.csvEmpty);
    expect((await refusal(fileOf(LIMITS.csvMaxRows + 1))).message).toBe(MESSAGES.employees.csvTooManyRows(LIMITS.csvMaxRows));
  });

  it('reports one problem a field of a row: an empty email is required, not also invalid', async () => {
    const { problems } = await parseEmployeesCsv(Buffer.from(`${HEADER}\nAnn,Lee,,EMP-1,Sales\n`));
    expect(problems.filter((p) => p.line === 2 && p.field === 'email')).toHaveLength(1);
  });
});
