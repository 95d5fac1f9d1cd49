import type { Db } from '../db/client';
import { companies, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';

/**
 * Companies, employees and CSV uploads for the employees module's tests (imported only by
 * `*.test.ts`). Rows are written directly: the tests are about what the api does with them.
 */

/** Two companies whose setup is complete: Acme Ltd (the one under test) and its rival Globex. */
export async function acmeAndGlobexLtd(db: Db): Promise<{ acme: string; globex: string }> {
  const [acme] = await db.insert(companies).values({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '+44 7700 900123', signUpState: 3 }).returning();
  const [globex] = await db.insert(companies).values({ name: 'Globex', email: 'hi@globex.test', phoneNumber: '+44 7700 900456', signUpState: 3 }).returning();
  return { acme: acme!.id, globex: globex!.id };
}

export interface EmployeeOptions {
  first: string;
  last: string;
  email: string;
  number: string;
  active?: boolean;
  approved?: boolean;
  department?: string;
  /** A password to sign in with; without one the account cannot sign in. */
  password?: string;
}

/** An employee of a company, approved and active unless `o` says otherwise; its id. */
export async function addEmployee(db: Db, companyId: string, o: EmployeeOptions): Promise<string> {
  const [u] = await db
    .insert(users)
    .values({
      email: o.email,
      passwordHash: o.password ? await hashPassword(o.password) : '!',
      name: `${o.first} ${o.last}`,
      role: 'Employee',
      companyId,
      firstName: o.first,
      lastName: o.last,
      employeeNumber: o.number,
      department: o.department ?? null,
      isActive: o.active ?? true,
      isApproved: o.approved ?? true,
    })
    .returning();
  return u!.id;
}

/** A multipart body with one file, as a browser uploads a CSV: the payload and its content type. */
export function fileUpload(content: string | Buffer, { filename = 'employees.csv', type = 'text/csv', field = 'file' } = {}) {
  const boundary = '----portal-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
