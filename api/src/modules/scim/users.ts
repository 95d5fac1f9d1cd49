import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { MESSAGES, SCIM_LIMITS, fullName, resetPasswordLink } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation, rows } from '../../db/sql';
import { recordAudit, type AccountlessActor } from '../../lib/audit';
import { deactivateEmployees } from '../../lib/deactivation';
import { isUuid } from '../../lib/ids';
import { INVITATION_TTL_DAYS, invitationMail, signsInWithCompanyAccount } from '../../lib/invitations';
import { NO_PASSWORD } from '../../lib/passwords';
import { endUserSessions } from '../../lib/sessions';
import { hashToken, newToken } from '../../lib/tokens';
import { ENTERPRISE_SCHEMA, PATCH_SCHEMA, listOf } from './discovery';
import { ScimError, invalidValue } from './errors';
import { filterCondition } from './filter';
import { companyOffices } from '../../lib/office-names';
import { EMPLOYEE_COLUMNS, EMPLOYEE_FROM, parseUser, toResource, type EmployeeRow, type UserInput } from './resource';
import type { ScimCaller } from './tokens';

/**
 * The SCIM Users of a company (RFC 7644, 3): its approved employees that no provider deleted. Each
 * write is one transaction with its audit entry, which names the token. docs/decisions/0039.
 */

const M = MESSAGES.scim;

/** The window of the company's allowance of addresses checked, shared with the employees' own adding. */
const ADDRESS_WINDOW_SECONDS = 60 * 60;

// An erased employee's anonymous record (decision 0044) is nobody a provider knows: never a SCIM User.
const visible = (companyId: string) =>
  sql`u.company_id = ${companyId} and u.role = 'Employee' and u.is_approved and u.scim_deleted_at is null and u.erased_at is null`;

const userNotFound = (id: string) => new ScimError(404, M.userNotFound(id.slice(0, 64)));
const taken = () => new ScimError(409, M.userNameTaken, 'uniqueness');

async function findVisible(db: Db, caller: ScimCaller, id: string, lock: boolean): Promise<EmployeeRow> {
  if (!isUuid(id)) throw userNotFound(id);
  const [row] = await rows<EmployeeRow>(
    db,
    sql`select ${sql.raw(EMPLOYEE_COLUMNS)} from ${sql.raw(EMPLOYEE_FROM)} where u.id = ${id.toLowerCase()}::uuid and ${visible(caller.companyId)} ${lock ? sql`for update of u` : sql``}`,
  );
  if (!row) throw userNotFound(id);
  return row;
}

export async function getUser(ctx: ApiContext, caller: ScimCaller, id: string, base: string) {
  return toResource(await findVisible(ctx.db, caller, id, false), base);
}

/** `startIndex` is 1-based; `count` 0 answers the total only (RFC 7644, 3.4.2.4). */
export async function listUsers(ctx: ApiContext, caller: ScimCaller, q: { filter?: string | undefined; startIndex: number; count: number }, base: string) {
  const where = sql`${visible(caller.companyId)} and ${filterCondition(q.filter)}`;
  const [page, [total]] = await Promise.all([
    q.count === 0
      ? Promise.resolve([] as EmployeeRow[])
      : rows<EmployeeRow>(
          ctx.db,
          sql`select ${sql.raw(EMPLOYEE_COLUMNS)} from ${sql.raw(EMPLOYEE_FROM)} where ${where} order by u.created_at, u.id limit ${q.count} offset ${q.startIndex - 1}`,
        ),
    rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from users u where ${where}`),
  ]);
  return listOf(
    page.map((r) => toResource(r, base)),
    total?.n ?? 0,
    q.startIndex,
  );
}

/** Every address the company's provider adds counts against the hourly allowance the employees' own adding uses. */
async function countAddress(ctx: ApiContext, companyId: string): Promise<void> {
  const limit = ctx.config.rateLimits.importAddressesPerCompanyHour;
  const key = `employees-add:company:${companyId}`;
  const used = await ctx.limiter.peek(key);
  if (used.count + 1 > limit) {
    const minutes = Math.max(1, Math.ceil(used.retryAfter / 60));
    throw new ScimError(429, MESSAGES.employees.tooManyAddresses(limit, minutes), undefined, { 'retry-after': String(Math.max(1, used.retryAfter)) });
  }
  await ctx.limiter.hit(key, ADDRESS_WINDOW_SECONDS, 1);
}

const label = (u: { name: string; email: string }) => `${u.name} <${u.email}>`;

async function audit(tx: Db, actor: AccountlessActor, caller: ScimCaller, action: Parameters<typeof recordAudit>[2]['action'], user: { id: string; name: string; email: string }, detail?: string) {
  await recordAudit(tx, actor, { action, companyId: caller.companyId, target: { kind: 'user', id: user.id, label: label(user) }, detail });
}

/** The columns the input sets, and the deactivation (or its end) when `active` changes. */
function assignments(input: UserInput, office: Office, reactivated: boolean): SQL {
  // A deactivation is deactivateEmployees' (the sessions end with it).
  const state = reactivated ? sql`, is_active = true, deactivation_reason = null, deactivated_by = null, deactivated_at = null` : sql``;
  return sql`email = ${input.email}, first_name = ${input.firstName}, last_name = ${input.lastName}, name = ${fullName(input)},
    phone_number = ${input.phone}, employee_number = ${input.employeeNumber}, department = ${input.department},
    scim_external_id = ${input.externalId}${office ? sql`, office_id = ${office.id}::uuid` : sql``}, updated_at = now() ${state}`;
}

/** The office a request sets (its id, null for No office, and its name), or undefined: the office stays. */
type Office = { id: string | null; label: string | null } | undefined;

/**
 * The office `input` names, matched like the CSV's office column (employees/offices.ts): the name
 * every screen shows or its first address line, case-insensitively and trimmed. A name that is no
 * office of the company answers 400 `invalidValue` naming it (docs/decisions/0054).
 */
async function officeFor(tx: Db, caller: ScimCaller, input: UserInput): Promise<Office> {
  if (input.office === undefined) return undefined;
  if (input.office === null) return { id: null, label: null };
  const offices = await companyOffices(tx, caller.companyId);
  const id = offices.resolve(input.office);
  if (id === 'unknown') throw invalidValue(M.officeUnknown(input.office));
  if (id === 'ambiguous') throw invalidValue(M.officeAmbiguous(input.office));
  return { id, label: offices.labelOf(id) };
}

/** The office change's own audit entry, as an administrator's move of an employee records it. */
async function auditOffice(tx: Db, caller: ScimCaller, user: { id: string; name: string; email: string }, office: { label: string | null }) {
  await audit(tx, caller.actor, caller, 'employee.officeChanged', user, office.label ?? MESSAGES.insights.noOffice);
}

/** Another user of the same address (any company, any role), or of the same employee number in this company. */
async function clash(tx: Db, caller: ScimCaller, input: UserInput, except: string | null): Promise<void> {
  const [found] = await rows<{ id: string }>(
    tx,
    sql`select id from users where (lower(email) = lower(${input.email})
        or (${input.employeeNumber}::text is not null and company_id = ${caller.companyId} and lower(employee_number) = lower(${input.employeeNumber})))
      ${except ? sql`and id <> ${except}::uuid` : sql``} limit 1`,
  );
  if (found) throw taken();
}

/** The changed attributes, as the audit entry's detail. */
function changes(before: EmployeeRow, input: UserInput): string {
  const changed: string[] = [];
  if (before.email !== input.email) changed.push('userName');
  if ((before.first_name ?? '') !== input.firstName || (before.last_name ?? '') !== input.lastName) changed.push('name');
  if (before.phone_number !== input.phone) changed.push('phoneNumbers');
  if (before.scim_external_id !== input.externalId) changed.push('externalId');
  if (before.employee_number !== input.employeeNumber) changed.push('employeeNumber');
  if (before.department !== input.department) changed.push('department');
  return changed.join(', ');
}

/** A write that met a concurrent one on a unique index answers as the check would have. */
async function uniquely<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/**
 * A new employee, approved (the provider is the employer's own statement) and invited to set a
 * password like one added by CSV, unless the address's domain is one the company proved for single
 * sign-on: they sign in with the company account, so no invitation is sent. An address of a join
 * request of this company, or of an employee a provider deleted, takes that account back; any other
 * account of the address, in this company or another, answers 409 `uniqueness` without saying whose.
 */
export async function createUser(ctx: ApiContext, caller: ScimCaller, body: unknown, base: string) {
  const input = parseUser(body, caller.countryCode);
  await countAddress(ctx, caller.companyId);
  const id = await uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const [existing] = await rows<EmployeeRow & { reusable: boolean }>(
        tx,
        sql`select ${sql.raw(EMPLOYEE_COLUMNS)},
            (u.company_id = ${caller.companyId} and u.role = 'Employee' and u.erased_at is null and (not u.is_approved or u.scim_deleted_at is not null)) as reusable
          from ${sql.raw(EMPLOYEE_FROM)} where lower(u.email) = lower(${input.email}) for update of u`,
      );
      if (existing && !existing.reusable) throw taken();
      await clash(tx, caller, input, existing?.id ?? null);
      const active = input.active ?? true;
      const office = await officeFor(tx, caller, input);
      if (existing) {
        await tx.execute(
          sql`update users set ${assignments(input, office, active && !existing.is_active)}, is_approved = true, scim_deleted_at = null where id = ${existing.id}::uuid`,
        );
        if (!active && existing.is_active) await deactivateEmployees(tx, { companyId: caller.companyId, ids: [existing.id], reason: caller.actor.name, by: null });
        else if (!active) await endUserSessions(tx, existing.id);
        const who = { id: existing.id, name: fullName(input), email: input.email };
        await audit(tx, caller.actor, caller, 'scim.userCreated', who);
        if (office && office.id !== existing.office_id) await auditOffice(tx, caller, who, office);
        return existing.id;
      }
      const newId = randomUUID();
      // An address of a domain proven for single sign-on signs in with the company account: no password to choose.
      const invite = active && !(await signsInWithCompanyAccount(tx, caller.companyId, input.email));
      await tx.execute(sql`
        insert into users (id, email, password_hash, name, role, company_id, first_name, last_name, phone_number, employee_number, department,
          scim_external_id, office_id, is_active, is_approved, invited_at, deactivation_reason, deactivated_at)
        values (${newId}, ${input.email}, ${NO_PASSWORD}, ${fullName(input)}, 'Employee', ${caller.companyId}, ${input.firstName}, ${input.lastName},
          ${input.phone}, ${input.employeeNumber}, ${input.department}, ${input.externalId}, ${office?.id ?? null}::uuid, ${active}, true,
          ${invite ? sql`now()` : sql`null`}, ${active ? null : caller.actor.name}, ${active ? sql`null` : sql`now()`})`);
      if (invite) {
        // The same invitation as an employee added by CSV: a link to choose a password, queued with the account.
        const token = newToken();
        const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
        await tx.execute(sql`insert into password_reset_tokens (user_id, token_hash, expires_at, kind)
          values (${newId}, ${hashToken(token)}, ${expiresAt}::timestamptz, 'invitation')`);
        await ctx.mailer.enqueueMany(tx, [invitationMail(input.email, input.firstName, caller.companyName, resetPasswordLink(ctx.config.publicUrl, input.email, token))]);
      }
      const who = { id: newId, name: fullName(input), email: input.email };
      await audit(tx, caller.actor, caller, 'scim.userCreated', who);
      if (office?.id) await auditOffice(tx, caller, who, office);
      return newId;
    }),
  );
  return getUser(ctx, caller, id, base);
}

/** Sets the employee to `input` (PUT, and PATCH after its operations), in one transaction. */
async function apply(ctx: ApiContext, caller: ScimCaller, id: string, input: (current: EmployeeRow) => UserInput, base: string) {
  await uniquely(() =>
    ctx.db.transaction(async (tx) => {
      const before = await findVisible(tx, caller, id, true);
      const next = input(before);
      if (next.email.toLowerCase() !== before.email.toLowerCase() || (next.employeeNumber && next.employeeNumber.toLowerCase() !== before.employee_number?.toLowerCase())) {
        await clash(tx, caller, next, before.id);
      }
      const active = next.active ?? before.is_active;
      const changed = changes(before, next);
      const named = await officeFor(tx, caller, next);
      const office = named && named.id !== before.office_id ? named : undefined;
      if (!changed && !office && active === before.is_active) return;
      await tx.execute(sql`update users set ${assignments(next, office, active && !before.is_active)} where id = ${before.id}::uuid`);
      const who = { id: before.id, name: fullName(next), email: next.email };
      if (changed) await audit(tx, caller.actor, caller, 'scim.userUpdated', who, changed);
      if (office) await auditOffice(tx, caller, who, office);
      if (active !== before.is_active) {
        if (!active) await deactivateEmployees(tx, { companyId: caller.companyId, ids: [before.id], reason: caller.actor.name, by: null });
        await audit(tx, caller.actor, caller, active ? 'scim.userReactivated' : 'scim.userDeactivated', who);
      }
    }),
  );
  return getUser(ctx, caller, id, base);
}

export async function replaceUser(ctx: ApiContext, caller: ScimCaller, id: string, body: unknown, base: string) {
  const input = parseUser(body, caller.countryCode);
  return apply(ctx, caller, id, () => input, base);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The operations of a PATCH body (RFC 7644, 3.5.2) as scim-patch takes them. What providers send
 * beyond the letter of the RFC is taken too: Microsoft Entra ID's capitalised `op` ("Replace") and
 * its "True"/"False" strings for `active` (resource.ts reads those), Okta's path-less
 * `{ op: "replace", value: { active: false } }`.
 */
function operations(body: unknown): ScimPatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, M.patchSchemas, 'invalidSyntax');
  const schemas = body.schemas;
  const ops = body.Operations ?? body.operations;
  if (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === PATCH_SCHEMA.toLowerCase())) {
    throw new ScimError(400, M.patchSchemas, 'invalidSyntax');
  }
  if (!Array.isArray(ops) || ops.length < 1 || ops.length > SCIM_LIMITS.patchOperationsMax) throw new ScimError(400, M.patchSchemas, 'invalidSyntax');
  return ops.flatMap(pathsOfValue).map((o) => {
    if (!isObject(o) || typeof o.op !== 'string' || o.op.length > 10) throw new ScimError(400, M.patchInvalid('op'), 'invalidSyntax');
    const op = o.op.toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw new ScimError(400, M.patchInvalid(`op "${o.op}"`), 'invalidSyntax');
    if (o.path !== undefined && (typeof o.path !== 'string' || o.path.length > SCIM_LIMITS.filterMax)) throw new ScimError(400, M.patchInvalid('path'), 'invalidPath');
    const path = o.path as string | undefined;
    if (path && /^(id|meta(\..*)?|schemas)$/i.test(path)) throw new ScimError(400, M.patchReadOnly(path), 'mutability');
    if (op === 'remove') return { op, ...(path ? { path } : {}), ...(o.value !== undefined ? { value: o.value } : {}) } as ScimPatchOperation;
    return { op, ...(path ? { path } : {}), value: o.value } as ScimPatchOperation;
  });
}

/**
 * A path-less operation whose value names attributes by a filtered path, as Microsoft Entra ID may
 * send the office (`{ "addresses[type eq \"work\"].formatted": "1 Park Row, Leeds" }`): one operation
 * per such key, with that path (scim-patch takes a value's keys as plain attribute names only).
 */
function pathsOfValue(o: unknown): unknown[] {
  if (!isObject(o) || o.path !== undefined || !isObject(o.value)) return [o];
  const value = o.value;
  const filtered = Object.keys(value).filter((k) => k.includes('['));
  if (!filtered.length) return [o];
  const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !k.includes('[')));
  return [...(Object.keys(rest).length ? [{ ...o, value: rest }] : []), ...filtered.map((k) => ({ op: o.op, path: k, value: value[k] }))];
}

export async function patchUser(ctx: ApiContext, caller: ScimCaller, id: string, body: unknown, base: string) {
  const ops = operations(body);
  return apply(
    ctx,
    caller,
    id,
    (current) => {
      const resource = toResource(current, base) as Record<string, unknown>;
      // Every attribute present, so an `add` to an empty one has somewhere to go.
      resource.phoneNumbers ??= [];
      resource.addresses ??= [];
      resource[ENTERPRISE_SCHEMA] ??= {};
      let patched: Record<string, unknown>;
      try {
        patched = scimPatch(resource as never, ops, { mutateDocument: false, treatMissingAsAdd: true }) as Record<string, unknown>;
      } catch (err) {
        const e = err as { scimCode?: string; message?: string };
        const type = e.scimCode === 'invalidPath' || e.scimCode === 'noTarget' || e.scimCode === 'invalidValue' ? e.scimCode : 'invalidSyntax';
        throw new ScimError(400, M.patchInvalid((e.message || type).slice(0, 200)), type);
      }
      // A removed work address (`remove` of `addresses[type eq "work"]`) is No office, not "unchanged".
      patched.addresses ??= [];
      return parseUser(patched, caller.countryCode);
    },
    base,
  );
}

/**
 * A provider's DELETE: the employee is deactivated and their sessions end; the row stays with its
 * trips (the company's totals and CO2 history do not change) and SCIM answers 404 for it from then on.
 */
export async function deleteUser(ctx: ApiContext, caller: ScimCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findVisible(tx, caller, id, true);
    await tx.execute(sql`update users set scim_deleted_at = now(), updated_at = now() where id = ${before.id}::uuid`);
    if (before.is_active) await deactivateEmployees(tx, { companyId: caller.companyId, ids: [before.id], reason: caller.actor.name, by: null });
    else await endUserSessions(tx, before.id);
    await audit(tx, caller.actor, caller, 'scim.userDeleted', { id: before.id, name: before.name, email: before.email });
  });
}
