import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  MESSAGES,
  officeLabel,
  type AddUserBody,
  type AdminEntry,
  type ENDPOINTS,
  type EndpointQuery,
  type Page,
  type Role,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { adminOffices, companies, locations, sessions, users } from '../../db/schema';
import { pageAnswer } from '../../db/sql';
import { HttpError, forbidden, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { createUser, mailRegistrationAttempt } from '../../lib/new-user';
import { hashPassword } from '../../lib/passwords';
import type { ClientMeta } from '../../lib/request-meta';
import type { AuthUser } from '../../lib/sessions';
import { recordUserAudit } from '../../lib/audit';

/** The users an employer's User Management page lists: the company's owner and its admins. */
const EMPLOYER_SIDE: Role[] = ['Employer', 'Admin'];

const entryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  // By primary key, in the list's own statement (no call per row): see AdminEntry.offices.
  offices: sql<string[] | null>`case when ${users.officeLimited} then array(select ao.office_id::text from admin_offices ao where ao.user_id = ${users.id} order by ao.office_id) end`,
};

/**
 * The company whose admins a caller may see: their own (taken from the session), or any existing
 * one for a super admin. Anything else is "not found", so another company's id tells nothing.
 */
async function visibleCompany(ctx: ApiContext, auth: AuthUser, employerId: string): Promise<string> {
  if (auth.role !== 'SuperAdmin') {
    if (!auth.companyId || auth.companyId !== employerId) throw notFound(MESSAGES.company.notFound);
    return auth.companyId;
  }
  if (!isUuid(employerId)) throw notFound(MESSAGES.company.notFound);
  const [c] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, employerId));
  if (!c) throw notFound(MESSAGES.company.notFound);
  return c.id;
}

/** The Employer and Admin users of a company, by name, the caller left out. */
export async function listEmployerAdmins(
  ctx: ApiContext,
  auth: AuthUser,
  employerId: string,
  q: EndpointQuery<typeof ENDPOINTS.accounts.employerAdmins>,
): Promise<Page<AdminEntry>> {
  const companyId = await visibleCompany(ctx, auth, employerId);
  const pageNumber = q.pageNumber ?? 1;
  const pageSize = q.pageSize ?? 10;
  const where = and(eq(users.companyId, companyId), inArray(users.role, EMPLOYER_SIDE), ne(users.id, auth.userId));
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const items = await ctx.db
    .select(entryColumns)
    .from(users)
    .where(where)
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  return pageAnswer(items, Number(count?.n ?? 0), pageNumber, pageSize);
}

/**
 * Every super admin but the caller, newest first (the one just added heads the list). Employer
 * accounts without a company yet are not admins of the back office: All Employers lists them
 * (`employers.awaitingSetup`).
 */
export async function listSuperAdmins(ctx: ApiContext, auth: AuthUser): Promise<AdminEntry[]> {
  return ctx.db
    .select(entryColumns)
    .from(users)
    .where(and(eq(users.role, 'SuperAdmin'), ne(users.id, auth.userId)))
    .orderBy(desc(users.createdAt), asc(users.id));
}

/**
 * Creates a user from the admin pages. A super admin creates super admins, or employers who then
 * set up their own company (sign-up state 0); an employer or admin creates admins of its own
 * company only: the company comes from the session, never from `employerId` in the body.
 */
export async function addUser(ctx: ApiContext, auth: AuthUser, body: AddUserBody, meta: ClientMeta): Promise<{ id: string; message: string }> {
  const role = body.role;
  let companyId: string | null = null;
  if (auth.role === 'SuperAdmin') {
    if (role !== 'SuperAdmin' && role !== 'Employer') throw forbidden();
  } else {
    if (role !== 'Admin') throw forbidden();
    if (!auth.companyId) throw new HttpError(400, MESSAGES.company.notFound);
    companyId = auth.companyId;
  }

  const email = body.email.trim();
  const passwordHash = await hashPassword(body.password);
  const created = await ctx.db.transaction(async (tx) => {
    const made = await createUser(tx, { email, passwordHash, name: body.userName.trim(), role, companyId });
    if ('id' in made) {
      const detail = role === 'SuperAdmin' ? undefined : MESSAGES.labels.accountTypes[role];
      await recordUserAudit(tx, auth, role === 'SuperAdmin' ? 'superAdmin.added' : 'admin.added', [made.id], detail ? { detail } : {});
    }
    return made;
  });
  if (!('id' in created)) {
    // As registration does: the answer does not confirm the account exists; its owner hears of the attempt.
    await mailRegistrationAttempt(ctx, email);
    ctx.log.info({ adminEvent: 'user.add-existing-email', by: auth.userId, role, ip: meta.ip }, 'admins: add refused, email in use');
    throw new HttpError(400, MESSAGES.admins.addFailed);
  }
  const { id } = created;
  ctx.log.info({ adminEvent: 'user.added', by: auth.userId, userId: id, role, companyId, ip: meta.ip }, 'admins: user added');
  const message = auth.role === 'SuperAdmin' && role === 'SuperAdmin' ? MESSAGES.admins.adminAdded : MESSAGES.admins.userAdded;
  return { id, message };
}

/**
 * Removes an admin user; their sessions go with them (at once, not at their next timeout).
 * Super admin: another super admin (never the last one) or an employer-side user of any company.
 * Employer or admin: an Admin of its own company, never itself nor the company's owner.
 */
export async function removeUser(ctx: ApiContext, auth: AuthUser, id: string, meta: ClientMeta): Promise<void> {
  if (id === auth.userId) throw new HttpError(400, MESSAGES.admins.cannotRemoveSelf);
  if (!isUuid(id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id, role: users.role, companyId: users.companyId }).from(users).where(eq(users.id, id));
    if (!target) throw notFound();
    if (auth.role === 'SuperAdmin') {
      if (target.role === 'Employee') throw notFound();
      if (target.role === 'SuperAdmin') {
        // Locks every super admin row, so two removing each other at once cannot both succeed.
        const admins = await tx
          .select({ id: users.id, isActive: users.isActive })
          .from(users)
          .where(eq(users.role, 'SuperAdmin'))
          .for('update');
        if (!admins.some((a) => a.id !== id && a.isActive)) throw new HttpError(400, MESSAGES.admins.lastSuperAdmin);
      }
    } else {
      if (!auth.companyId || target.companyId !== auth.companyId || !EMPLOYER_SIDE.includes(target.role)) throw notFound();
      if (target.role === 'Employer') throw new HttpError(403, MESSAGES.admins.cannotRemoveOwner);
    }
    // Sessions, reset links and the employer-user record cascade with the row; ended explicitly all the same.
    const detail = target.role === 'SuperAdmin' || target.role === 'Employee' ? undefined : MESSAGES.labels.accountTypes[target.role];
    await recordUserAudit(tx, auth, target.role === 'SuperAdmin' ? 'superAdmin.removed' : 'admin.removed', [id], detail ? { detail } : {});
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await tx.delete(users).where(eq(users.id, id));
  });
  ctx.log.info({ adminEvent: 'user.removed', by: auth.userId, userId: id, ip: meta.ip }, 'admins: user removed');
}

/**
 * Limits an admin of the caller's company to some of its offices, or gives them the whole company
 * (`officeIds` null); audited with the offices by name (docs/decisions/0051-office-administrators.md).
 * Only the owner and unlimited admins reach this call (an office admin is refused before it runs), so
 * no one widens their own limit; nobody changes their own, and the owner always has the whole company.
 * The admin's next request reads the new limit with their session.
 */
export async function setAdminOffices(ctx: ApiContext, auth: AuthUser, id: string, officeIds: readonly string[] | null): Promise<void> {
  if (auth.offices) throw new HttpError(403, MESSAGES.admins.officesOnlyForAdmins);
  if (id === auth.userId) throw new HttpError(400, MESSAGES.admins.cannotLimitSelf);
  if (!isUuid(id) || !auth.companyId) throw notFound();
  const companyId = auth.companyId;
  await ctx.db.transaction(async (tx) => {
    // Locked, so two changes of one admin's offices at once leave one of them whole.
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, companyId), inArray(users.role, EMPLOYER_SIDE)))
      .for('update');
    if (!target) throw notFound();
    if (target.role !== 'Admin') throw new HttpError(403, MESSAGES.admins.cannotLimitOwner);
    const wanted = officeIds ? [...new Set(officeIds.map((o) => o.toLowerCase()))] : null;
    const offices = wanted
      ? await tx
          .select({ id: locations.id, addressLine1: locations.addressLine1, town: locations.town })
          .from(locations)
          .where(and(eq(locations.companyId, companyId), inArray(locations.id, wanted)))
          .orderBy(asc(locations.addressLine1), asc(locations.id))
      : [];
    // Another company's office reads as one that never existed: the same answer, nothing learnt.
    if (wanted && offices.length !== wanted.length) throw new HttpError(400, MESSAGES.admins.officeUnknown);
    await tx.delete(adminOffices).where(eq(adminOffices.userId, id));
    if (offices.length) await tx.insert(adminOffices).values(offices.map((o) => ({ userId: id, companyId, officeId: o.id })));
    await tx.update(users).set({ officeLimited: wanted !== null, updatedAt: sql`now()` }).where(eq(users.id, id));
    const detail = wanted ? offices.map(officeLabel).join('; ') : MESSAGES.admins.wholeCompany;
    await recordUserAudit(tx, auth, 'admin.officesChanged', [id], { detail });
  });
  ctx.log.info({ adminEvent: 'user.offices', by: auth.userId, userId: id, offices: officeIds?.length ?? null }, 'admins: offices set');
}
