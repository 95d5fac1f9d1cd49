import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  MESSAGES,
  type AddUserBody,
  type AdminEntry,
  type ENDPOINTS,
  type EndpointQuery,
  type Page,
  type Role,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { companies, sessions, users } from '../../db/schema';
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

const entryColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

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
