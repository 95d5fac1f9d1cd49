import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LIMITS, MESSAGES, type FieldError, type RosterDiff } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { isUniqueViolation, rows } from '../../db/sql';
import { recordAudit } from '../../lib/audit';
import { deactivateEmployees } from '../../lib/deactivation';
import { HttpError } from '../../lib/http-error';
import type { AuthUser } from '../../lib/sessions';
import type { ParsedCsv } from './csv';
import { countAddressesChecked, duplicatesWithin, insertInvited, invitees, noticeElsewhere, refuse, type ImportRow } from './import';
import { companyOffices } from '../../lib/office-names';
import { withOffices } from './offices';

/**
 * Roster sync by file (docs/decisions/0040-roster-sync-and-data-rights.md): a CSV file taken as the
 * company's whole list of employees. The preview compares it with the company's users and changes
 * nothing; the apply recomputes the same comparison in one transaction, with the company's users
 * locked, checks that it is the one previewed (the fingerprint) and makes it: adds, updates,
 * deactivates, one audit entry with the counts.
 */

/** A user of the company as the comparison reads it. */
interface Member {
  id: string;
  e: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  name: string;
  employee_number: string | null;
  department: string | null;
  office_id: string | null;
  role: string;
  is_active: boolean;
  is_approved: boolean;
  /** An erased employee's anonymous record (decision 0044): never made active again. */
  erased: boolean;
}

/** A comparison and what the apply needs beyond the answer. */
interface Comparison {
  diff: RosterDiff;
  /** New rows whose address a user of another company holds: answered as new, made into no account (decision 0014). */
  elsewhere: Set<string>;
  /** The rows that become accounts. */
  toAdd: ImportRow[];
  /** Every valid row with its office resolved (when the file has an `office` column). */
  rows: ImportRow[];
}

const statusOf = (m: Member) => (!m.is_approved ? 'Pending' : m.is_active ? 'Active' : 'Deactivated');
const lower = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/**
 * The company's users, every column the comparison reads, in id order (the fingerprint's order).
 * `lock` takes them for update, so nothing changes them between the check and the writes.
 */
async function members(db: Db, companyId: string, lock: boolean): Promise<Member[]> {
  return rows<Member>(
    db,
    sql`select id, lower(email) as e, email, first_name, last_name, name, employee_number, department, office_id, role, is_active, is_approved,
        erased_at is not null as erased
      from users where company_id = ${companyId} order by id ${lock ? sql`for update` : sql``}`,
  );
}

/** The file (its bytes) and the roster (every compared column of every user) the comparison was made on. */
function fingerprintOf(file: Buffer, list: readonly Member[]): string {
  const h = createHash('sha256');
  h.update(createHash('sha256').update(file).digest('hex'));
  for (const m of list) {
    h.update(JSON.stringify([m.id, m.email, m.first_name, m.last_name, m.employee_number, m.department, m.office_id, m.role, m.is_active, m.is_approved]));
  }
  return h.digest('hex');
}

/** Of `emails` (lower case), those a user outside the company holds. One statement. */
async function heldElsewhere(db: Db, companyId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const found = await rows<{ e: string }>(
    db,
    sql`select lower(email) as e from users
      where lower(email) in (select json_array_elements_text(${JSON.stringify(emails)}::json))
        and company_id is distinct from ${companyId}`,
  );
  return new Set(found.map((r) => r.e));
}

/**
 * The difference between the file and the company's users. A row is matched to a user by email
 * (case-insensitive): an employee matched is changed when a name, the number or the department
 * differs (or the office, when the file has an `office` column: an empty cell is No office), or when
 * they are pending or deactivated (the file says they are staff); an administrator
 * matched is left as is. An unmatched row is new. Approved, active employees no row names are
 * leaving. Join requests the file does not name are left waiting.
 */
async function compare(db: Db, companyId: string, file: Buffer, parsed: ParsedCsv, list: Member[]): Promise<Comparison> {
  const byEmail = new Map(list.map((m) => [m.e, m]));
  const byNumber = new Map(list.filter((m) => m.employee_number).map((m) => [lower(m.employee_number), m]));
  const offices = parsed.hasOffice ? await companyOffices(db, companyId) : null;
  const placed = offices ? withOffices(parsed.rows, offices) : { rows: parsed.rows, errors: [] };
  const errors: FieldError[] = [...parsed.problems, ...placed.errors, ...duplicatesWithin(parsed.keys)];
  const diff: RosterDiff = {
    fingerprint: fingerprintOf(file, list),
    added: [],
    changed: [],
    leaving: [],
    unchanged: 0,
    activeBefore: list.filter((m) => m.role === 'Employee' && m.is_approved && m.is_active).length,
    needsLeavingConfirmation: false,
    errors: [],
  };
  const toAdd: ImportRow[] = [];
  for (const r of placed.rows) {
    const m = byEmail.get(lower(r.email));
    const department = r.department?.trim() || null;
    const holder = byNumber.get(lower(r.employeeNumber));
    if (holder && holder !== m) {
      errors.push({ line: r.line, field: 'employeeNumber', message: MESSAGES.employees.employeeNumberTaken });
      continue;
    }
    if (!m) {
      toAdd.push(r);
      diff.added.push({ line: r.line, email: r.email.trim(), firstName: r.firstName.trim(), lastName: r.lastName.trim(), employeeNumber: r.employeeNumber.trim(), department });
      continue;
    }
    if (m.erased) {
      errors.push({ line: r.line, field: 'email', message: MESSAGES.dataRights.erasedInRoster });
      continue;
    }
    if (m.role !== 'Employee') {
      diff.unchanged += 1;
      continue;
    }
    const changes: RosterDiff['changed'][number]['changes'] = [];
    const differs = (field: 'firstName' | 'lastName' | 'employeeNumber' | 'department' | 'office', from: string | null, to: string | null) => {
      if ((from ?? '') !== (to ?? '')) changes.push({ field, from, to });
    };
    differs('firstName', m.first_name, r.firstName.trim());
    differs('lastName', m.last_name, r.lastName.trim());
    differs('employeeNumber', m.employee_number, r.employeeNumber.trim());
    differs('department', m.department, department);
    // By id (two offices may share a name), told by name.
    if (offices && r.officeId !== undefined && r.officeId !== m.office_id) changes.push({ field: 'office', from: offices.labelOf(m.office_id), to: offices.labelOf(r.officeId) });
    if (statusOf(m) !== 'Active') changes.push({ field: 'status', from: statusOf(m), to: 'Active' });
    if (changes.length) diff.changed.push({ line: r.line, id: m.id, email: m.email, name: m.name, changes });
    else diff.unchanged += 1;
  }
  // Every row's address counts, valid or not: a row with a typo in its name is not a leaver.
  const named = new Set(parsed.keys.map((k) => lower(k.email)));
  for (const m of list) {
    if (m.role === 'Employee' && m.is_approved && m.is_active && !named.has(m.e)) {
      diff.leaving.push({ id: m.id, email: m.email, name: m.name, employeeNumber: m.employee_number });
    }
  }
  // By name, as the employee list reads; the fingerprint keeps the id order.
  diff.leaving.sort((a, b) => a.name.localeCompare(b.name, 'en-GB') || a.email.localeCompare(b.email));
  diff.needsLeavingConfirmation = diff.leaving.length > 0 && diff.leaving.length > diff.activeBefore * LIMITS.rosterLeavingShare;
  diff.errors = errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const elsewhere = await heldElsewhere(
    db,
    companyId,
    toAdd.map((r) => lower(r.email)),
  );
  return { diff, elsewhere, toAdd, rows: placed.rows };
}

/**
 * Only the new rows' addresses are looked up outside the company: they count against the company's
 * hourly allowance of addresses checked, as the import's do. Counted before any transaction: the
 * allowance is kept apart from the data.
 */
async function countNewAddresses(ctx: ApiContext, companyId: string, parsed: ParsedCsv, list: readonly Member[]): Promise<void> {
  const known = new Set(list.map((m) => m.e));
  await countAddressesChecked(ctx, companyId, parsed.rows.filter((r) => !known.has(lower(r.email))).length);
}

function requireCompany(auth: AuthUser): string {
  if (!auth.companyId) throw new HttpError(400, MESSAGES.company.notFound);
  return auth.companyId;
}

/** The difference the file would make; nothing is written. */
export async function previewRoster(ctx: ApiContext, auth: AuthUser, file: Buffer, parsed: ParsedCsv): Promise<RosterDiff> {
  const companyId = requireCompany(auth);
  const list = await members(ctx.db, companyId, false);
  await countNewAddresses(ctx, companyId, parsed, list);
  const { diff } = await compare(ctx.db, companyId, file, parsed, list);
  return diff;
}

/**
 * Makes the previewed difference, all or nothing. Refused: 409 when the file or the roster is not
 * the one previewed, or when more than the stated share would leave without `confirmLeaving`; 400
 * when a row has a problem. The leavers are deactivated as an employer deactivates (reason, who,
 * when; sessions ended), never deleted.
 */
export async function applyRoster(
  ctx: ApiContext,
  auth: AuthUser,
  file: Buffer,
  parsed: ParsedCsv,
  fingerprint: string,
  confirmLeaving: boolean,
): Promise<RosterDiff> {
  const companyId = requireCompany(auth);
  const [company] = await ctx.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new HttpError(400, MESSAGES.company.notFound);
  await countNewAddresses(ctx, companyId, parsed, await members(ctx.db, companyId, false));
  let made: Comparison;
  try {
    made = await ctx.db.transaction(async (tx) => {
      const c = await compare(tx, companyId, file, parsed, await members(tx, companyId, true));
      const { diff } = c;
      if (diff.fingerprint !== fingerprint) throw new HttpError(409, MESSAGES.roster.stale);
      if (diff.errors.length) throw refuse(diff.errors);
      if (diff.needsLeavingConfirmation && !confirmLeaving) {
        throw new HttpError(409, MESSAGES.roster.leavingNeedsConfirmation(diff.leaving.length, diff.activeBefore));
      }
      await insertInvited(
        ctx,
        tx,
        companyId,
        invitees(
          ctx,
          c.toAdd.filter((r) => !c.elsewhere.has(lower(r.email))),
          company.name,
        ),
      );
      if (diff.changed.length) {
        const rowOf = new Map(c.rows.map((r) => [lower(r.email), r]));
        const updates = diff.changed.map((ch) => {
          const r = rowOf.get(lower(ch.email))!;
          return {
            id: ch.id,
            first_name: r.firstName.trim(),
            last_name: r.lastName.trim(),
            employee_number: r.employeeNumber.trim(),
            department: r.department?.trim() || null,
            office_id: r.officeId ?? null,
          };
        });
        // A file without an office column leaves every office as it is; an office removed since the
        // comparison is No office, as its employees become.
        await tx.execute(sql`
          update users u set first_name = x.first_name, last_name = x.last_name, name = x.first_name || ' ' || x.last_name,
            employee_number = x.employee_number, department = x.department,
            office_id = ${parsed.hasOffice ? sql`(select l.id from locations l where l.id = x.office_id and l.company_id = ${companyId})` : sql`u.office_id`},
            is_active = true, is_approved = true, deactivation_reason = null, deactivated_by = null, deactivated_at = null, updated_at = now()
          from json_to_recordset(${JSON.stringify(updates)}::json) as x(id uuid, first_name text, last_name text, employee_number text, department text, office_id uuid)
          where u.id = x.id and u.company_id = ${companyId}`);
      }
      if (diff.leaving.length) {
        await deactivateEmployees(tx, { companyId, ids: diff.leaving.map((l) => l.id), reason: MESSAGES.roster.leftReason, by: auth.userId });
      }
      // One entry for the file, with its counts (decision 0032): the rows are the employee list.
      await recordAudit(tx, auth, {
        action: 'employees.rosterReplaced',
        companyId,
        target: { kind: 'company', id: companyId, label: company.name },
        detail: MESSAGES.roster.auditDetail(diff.added.length, diff.changed.length, diff.leaving.length),
      });
      return c;
    });
  } catch (err) {
    // An address or number taken between the comparison and the writes.
    if (isUniqueViolation(err)) throw new HttpError(409, MESSAGES.roster.stale);
    throw err;
  }
  ctx.mailer.wake();
  await noticeElsewhere(ctx, [...made.elsewhere], company.name);
  ctx.log.info(
    { companyId, added: made.diff.added.length, changed: made.diff.changed.length, leaving: made.diff.leaving.length },
    'employees: roster replaced',
  );
  return made.diff;
}
