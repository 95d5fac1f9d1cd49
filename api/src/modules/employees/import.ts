import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, ROUTES, fullName, resetPasswordLink, type FieldError, type ManualEmployeeRow } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { companies } from '../../db/schema';
import { isUniqueViolation, rows } from '../../db/sql';
import { HttpError } from '../../lib/http-error';
import { companySignOnDomains, domainOfAddress } from '../../lib/invitations';
import { NO_PASSWORD } from '../../lib/passwords';
import { NOTICE_WINDOW_SECONDS, noticeKey } from '../../lib/rate-limiter';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthUser } from '../../lib/sessions';
import { recordAudit } from '../../lib/audit';
import { INVITATION_TTL_DAYS, addedElsewhereMail, invitationMail } from './mails';
import { companyOffices } from '../../lib/office-names';
import { withOffices } from './offices';

/**
 * Employees added by the employer, from the manual list or a CSV file: checked together (within
 * the list and against the company), inserted all or nothing, each invited by mail.
 */

/** Rows per multi-row INSERT: big enough to be fast, small enough to keep each statement a few MB. */
const CHUNK = 1000;

/** The window of the per-company allowance of addresses checked. */
const ADDRESS_WINDOW_SECONDS = 60 * 60;

/** A row to import with the line it came from (CSV line, or 1-based row of a manual list). */
export interface ImportRow extends ManualEmployeeRow {
  line: number;
  /** The CSV's `office` cell, when the file has that column. */
  office?: string;
  /** The office it names (null: No office), once resolved (offices.ts). */
  officeId?: string | null;
}

/** What a row is checked by against the others and the company's users, whether the rest of it is valid or not. */
export interface ImportKey {
  line: number;
  email: string;
  employeeNumber: string;
}

/**
 * Rows that cannot be imported because of each other: the same email or employee number twice.
 * Emails compare case-insensitively, like the unique index; employee numbers too. An empty value is
 * a missing one (reported by the row's own check), not a duplicate.
 */
export function duplicatesWithin(list: readonly ImportKey[]): FieldError[] {
  const errors: FieldError[] = [];
  const seenEmail = new Map<string, number>();
  const seenNumber = new Map<string, number>();
  for (const r of list) {
    const e = r.email.trim().toLowerCase();
    const n = r.employeeNumber.trim().toLowerCase();
    const firstE = e ? seenEmail.get(e) : undefined;
    if (firstE !== undefined) errors.push({ line: r.line, field: 'email', message: MESSAGES.employees.duplicateInFile(firstE) });
    else if (e) seenEmail.set(e, r.line);
    const firstN = n ? seenNumber.get(n) : undefined;
    if (firstN !== undefined) errors.push({ line: r.line, field: 'employeeNumber', message: MESSAGES.employees.duplicateInFile(firstN) });
    else if (n) seenNumber.set(n, r.line);
  }
  return errors;
}

/** The whole list refused with every problem found; the message names the first one's line. */
export function refuse(errors: FieldError[]): HttpError {
  const first = errors[0]!;
  return new HttpError(400, first.line ? MESSAGES.employees.importLine(first.line, first.message) : first.message, errors);
}

/**
 * Which rows clash with users that exist already. An address or employee number of this company's
 * own users is a conflict the employer is told of (they are its users). An address in use anywhere
 * else is not told (docs/decisions/0014-address-enumeration.md): the row is answered like the others,
 * but no account is made; `elsewhere` lists those addresses (lower case) for a notice to their owner.
 * Two statements, any size.
 */
async function existingConflicts(db: Db, companyId: string, list: readonly ImportKey[]): Promise<{ errors: FieldError[]; elsewhere: Set<string> }> {
  const emails = JSON.stringify(list.map((r) => r.email.trim().toLowerCase()));
  const numbers = JSON.stringify(list.map((r) => r.employeeNumber.trim().toLowerCase()));
  const [takenEmails, takenNumbers] = await Promise.all([
    rows<{ e: string; own: boolean }>(
      db,
      sql`select lower(email) as e, coalesce(company_id = ${companyId}, false) as own from users
        where lower(email) in (select json_array_elements_text(${emails}::json))`,
    ),
    rows<{ n: string }>(
      db,
      sql`select lower(employee_number) as n from users where company_id = ${companyId}
        and lower(employee_number) in (select json_array_elements_text(${numbers}::json))`,
    ),
  ]);
  const own = new Set(takenEmails.filter((r) => r.own).map((r) => r.e));
  const elsewhere = new Set(takenEmails.filter((r) => !r.own).map((r) => r.e));
  const n = new Set(takenNumbers.map((r) => r.n));
  const errors: FieldError[] = [];
  for (const r of list) {
    if (own.has(r.email.trim().toLowerCase())) errors.push({ line: r.line, field: 'email', message: MESSAGES.employees.emailTaken });
    if (n.has(r.employeeNumber.trim().toLowerCase())) errors.push({ line: r.line, field: 'employeeNumber', message: MESSAGES.employees.employeeNumberTaken });
  }
  return { errors, elsewhere };
}

/**
 * Every address a company checks by adding employees counts against an hourly allowance, so the
 * answers (and the employee list after them) cannot be used to sift large address lists.
 */
export async function countAddressesChecked(ctx: ApiContext, companyId: string, n: number): Promise<void> {
  const limit = ctx.config.rateLimits.importAddressesPerCompanyHour;
  const key = `employees-add:company:${companyId}`;
  const used = await ctx.limiter.peek(key);
  if (used.count + n > limit) {
    const minutes = Math.max(1, Math.ceil(used.retryAfter / 60));
    ctx.log.warn({ companyId, rows: n, used: used.count, limit }, 'employees: hourly allowance of addresses reached');
    throw new HttpError(429, MESSAGES.employees.tooManyAddresses(limit, minutes), undefined, { 'retry-after': String(Math.max(1, used.retryAfter)) });
  }
  await ctx.limiter.hit(key, ADDRESS_WINDOW_SECONDS, n);
}

function conflictError(errors: FieldError[]): HttpError {
  return new HttpError(409, MESSAGES.employees.usersExistServer, errors);
}

/** Problems in the order of the lines they are on; those of one line in the order found. */
const byLine = (a: FieldError, b: FieldError) => (a.line ?? 0) - (b.line ?? 0);

/**
 * Adds the valid rows of a list to the caller's company, all or nothing: approved, active, each
 * invited by mail to set a password. A list with any problem is refused whole, with every problem
 * found in one pass (`problems`: the rows' own, found by the caller; then rows that repeat each
 * other; then rows whose email or number the company's users hold already), so a file is fixed once.
 * Only clashes with existing users answer 409 ("User/s already exists."), any other problem 400.
 * One transaction of multi-row inserts (users, invitation tokens, and the outbox when there is no
 * SMTP server), so thousands of rows take one or two seconds rather than thousands of round trips.
 */
export async function importEmployees(
  ctx: ApiContext,
  auth: AuthUser,
  list: ImportRow[],
  source: 'csv' | 'manual',
  { problems = [], keys = list }: { problems?: FieldError[]; keys?: readonly ImportKey[] } = {},
): Promise<number> {
  const companyId = auth.companyId;
  if (!companyId) throw new HttpError(400, MESSAGES.company.notFound);
  await countAddressesChecked(ctx, companyId, keys.length);
  const [{ errors: conflicts, elsewhere }, offices] = await Promise.all([
    existingConflicts(ctx.db, companyId, keys),
    list.some((r) => r.office !== undefined) ? companyOffices(ctx.db, companyId) : null,
  ]);
  const placed = offices ? withOffices(list, offices) : { rows: list, errors: [] };
  const own = [...problems, ...placed.errors, ...duplicatesWithin(keys)];
  if (own.length) throw refuse([...own, ...conflicts].sort(byLine));
  if (conflicts.length) throw conflictError(conflicts);

  const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new HttpError(400, MESSAGES.company.notFound);
  const people = invitees(ctx, placed.rows.filter((r) => !elsewhere.has(r.email.trim().toLowerCase())), company.name);
  try {
    await ctx.db.transaction(async (tx) => {
      await insertInvited(ctx, tx, companyId, people);
      // One entry per list, with the count the employer is answered (decision 0032): a file of
      // 20 000 rows is one decision, and the rows themselves are the employee list.
      await recordAudit(tx, auth, {
        action: source === 'csv' ? 'employees.imported' : 'employees.added',
        companyId,
        target: { kind: 'company', id: companyId, label: company.name },
        detail: MESSAGES.audit.employeeCount(list.length),
      });
    });
  } catch (err) {
    // Someone added one of these addresses between the check and the insert.
    if (isUniqueViolation(err)) throw conflictError([]);
    throw err;
  }
  // The sender delivers them a batch at a time over a few pooled connections.
  ctx.mailer.wake();
  await noticeElsewhere(ctx, [...elsewhere], company.name);
  ctx.log.info(
    { companyId, count: people.length, inUseElsewhere: elsewhere.size, mail: ctx.mailer.mode },
    ctx.mailer.mode === 'outbox' ? `employees added; ${people.length} invitation mail(s) kept in outbox (no SMTP_URL)` : 'employees added; invitations queued',
  );
  return list.length;
}

/** An account to make: the user's columns, the hash of its invitation token, and the invitation. */
export interface Invitee {
  id: string;
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  employee_number: string;
  department: string | null;
  office_id: string | null;
  token_hash: string;
  mail: ReturnType<typeof invitationMail>;
}

/** The accounts to make for `list`, each with an invitation to set a password. */
export function invitees(ctx: ApiContext, list: readonly ImportRow[], companyName: string): Invitee[] {
  return list.map((r) => {
    const firstName = r.firstName.trim();
    const lastName = r.lastName.trim();
    const email = r.email.trim();
    const token = newToken();
    return {
      id: randomUUID(),
      email,
      name: fullName({ firstName, lastName }),
      first_name: firstName,
      last_name: lastName,
      employee_number: r.employeeNumber.trim(),
      department: r.department ?? null,
      office_id: r.officeId ?? null,
      token_hash: hashToken(token),
      mail: invitationMail(email, firstName, companyName, resetPasswordLink(ctx.config.publicUrl, email, token)),
    };
  });
}

/**
 * Makes the accounts approved and active, with their invitation tokens and mails, in the caller's
 * transaction; an address at a domain proven for the company's single sign-on gets neither token
 * nor mail (it signs in with the company account). Each statement takes its rows as one JSON parameter: one parse and plan per chunk,
 * no parameter-count limit, and no per-row round trip.
 */
export async function insertInvited(ctx: ApiContext, tx: Tx, companyId: string, people: readonly Invitee[]): Promise<void> {
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
  // An address at a domain proven for the company's single sign-on signs in with the company account: no password to choose.
  const signOn = await companySignOnDomains(tx, companyId);
  for (let i = 0; i < people.length; i += CHUNK) {
    const chunk = people.slice(i, i + CHUNK);
    const invited = chunk.filter((p) => !signOn.has(domainOfAddress(p.email)));
    await tx.execute(sql`
      insert into users (id, email, password_hash, name, role, company_id, first_name, last_name, employee_number, department, office_id, is_active, is_approved, invited_at)
      select x.id, x.email, ${NO_PASSWORD}, x.name, 'Employee', ${companyId}::uuid, x.first_name, x.last_name, x.employee_number, x.department, l.id, true, true,
        case when x.invited then now() end
      from json_to_recordset(${JSON.stringify(chunk.map(({ mail: _m, token_hash: _t, ...u }) => ({ ...u, invited: !signOn.has(domainOfAddress(u.email)) })))}::json)
        as x(id uuid, email text, name text, first_name text, last_name text, employee_number text, department text, office_id uuid, invited boolean)
        -- An office removed since the file was checked is No office, as its employees become.
        left join locations l on l.id = x.office_id and l.company_id = ${companyId}::uuid`);
    if (invited.length === 0) continue;
    await tx.execute(sql`
      insert into password_reset_tokens (user_id, token_hash, expires_at, kind)
      select x.user_id, x.token_hash, ${expiresAt}::timestamptz, 'invitation'
      from json_to_recordset(${JSON.stringify(invited.map((p) => ({ user_id: p.id, token_hash: p.token_hash })))}::json) as x(user_id uuid, token_hash text)`);
    // The invitations are queued with the accounts: both exist, or neither.
    await ctx.mailer.enqueueMany(
      tx,
      invited.map((p) => p.mail),
    );
  }
}

/**
 * The owners of addresses in use elsewhere hear that this company tried to add them (instead of an
 * invitation), once a day at most per address, however often or by whomever they are added.
 */
export async function noticeElsewhere(ctx: ApiContext, emails: string[], companyName: string): Promise<void> {
  if (emails.length === 0) return;
  const first = await ctx.limiter.firstInWindow(emails.map(noticeKey), NOTICE_WINDOW_SECONDS);
  const base = ctx.config.publicUrl;
  const mails = emails
    .filter((e) => first.has(noticeKey(e)))
    .map((e) => addedElsewhereMail(e, companyName, `${base}/#${ROUTES.login}`, `${base}/#${ROUTES.forgotPassword}`));
  if (mails.length === 0) return;
  await ctx.mailer.enqueueMany(ctx.db, mails);
  ctx.mailer.wake();
}

/** The manual list: the contract already validated every row; the line is the row's position. */
export async function bulkAdd(ctx: ApiContext, auth: AuthUser, employees: ManualEmployeeRow[]): Promise<number> {
  return importEmployees(
    ctx,
    auth,
    employees.map((e, i) => ({ ...e, line: i + 1 })),
    'manual',
  );
}
