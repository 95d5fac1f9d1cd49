import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, fullName, type EmployeeSignupBody } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { companies } from '../../db/schema';
import { rows } from '../../db/sql';
import { recordAuthEvent } from '../../lib/auth-events';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { createUser, mailRegistrationAttempt } from '../../lib/new-user';
import { hashPassword } from '../../lib/passwords';
import { accountKey } from '../../lib/rate-limiter';
import type { ClientMeta } from '../../lib/request-meta';

/**
 * The shared link's sign-up: a pending employee (inactive, not approved) of an active company.
 * The company comes from the path; `isActive` and `company_id` in the body are ignored. An office's
 * link also names the office (`officeId`) the request lands in.
 * Whether the address has an account is not told: a taken address gets the same answer as a new
 * request (a join request id that matches nothing) and its owner a notice by mail, once a day at
 * most (docs/decisions/0014-address-enumeration.md). The form is anonymous, so it is rate limited
 * per client address, per company and per email.
 */
export async function selfRegister(ctx: ApiContext, companyId: string, body: EmployeeSignupBody, meta: ClientMeta): Promise<{ id: string }> {
  const rl = ctx.config.rateLimits;
  const email = body.email.trim();
  const byAddress = await ctx.limiter.hit(`self-register:ip:${meta.ip}`, rl.windowSeconds);
  if (byAddress.count > rl.selfRegisterPerAddress) await limited(ctx, meta, email, 'address', byAddress.retryAfter);
  const [company] = isUuid(companyId)
    ? await ctx.db.select({ id: companies.id, isActive: companies.isActive }).from(companies).where(eq(companies.id, companyId))
    : [];
  if (!company || !company.isActive) throw notFound(MESSAGES.employeeSignup.companyNotFound);
  const byCompany = await ctx.limiter.hit(`self-register:company:${company.id}`, rl.windowSeconds);
  if (byCompany.count > rl.selfRegisterPerCompany) await limited(ctx, meta, email, 'company', byCompany.retryAfter);
  const byAccount = await ctx.limiter.hit(`self-register:acct:${accountKey(email)}`, rl.windowSeconds);
  if (byAccount.count > rl.selfRegisterPerAccount) await limited(ctx, meta, email, 'account', byAccount.retryAfter);

  const employeeNumber = body.employeeNumber.trim();
  // The employee number is checked before the email: were it after, a number known to be taken
  // would make the answer depend on the email alone.
  const [numberTaken] = await rows<{ id: string }>(
    ctx.db,
    sql`select id from users where company_id = ${company.id} and lower(employee_number) = ${employeeNumber.toLowerCase()} limit 1`,
  );
  const passwordHash = await hashPassword(body.password);
  if (numberTaken) throw new HttpError(400, MESSAGES.signup.failed);
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  // An office's link: only an office of the link's own company is kept; another company's, or one
  // removed since the link was shared, is No office, with no error (nothing told about other offices).
  // Read in the insert itself, so an office removed meanwhile cannot fail it.
  const officeId = body.officeId ? sql`(select id from locations where id = ${body.officeId}::uuid and company_id = ${company.id})` : null;
  const created = await createUser(ctx.db, {
    email,
    passwordHash,
    name: fullName({ firstName, lastName }),
    role: 'Employee',
    companyId,
    firstName,
    lastName,
    employeeNumber,
    drivingLicenseNumber: body.drivingLicenseNumber?.trim() || null,
    officeId,
    isActive: false,
    isApproved: false,
  });
  if (!('id' in created)) {
    if (created.refused === 'conflict') throw new HttpError(400, MESSAGES.signup.failed);
    await mailRegistrationAttempt(ctx, email);
    ctx.log.info({ companyId }, 'employee join request for an address in use; owner notified');
    return { id: randomUUID() };
  }
  const { id } = created;
  ctx.log.info({ employeeId: id, companyId }, 'employee join request');
  return { id };
}

async function limited(ctx: ApiContext, meta: ClientMeta, email: string, scope: string, retryAfter: number): Promise<never> {
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'rate-limited', email, ip: meta.ip, userAgent: meta.userAgent, detail: { action: 'self-register', scope } });
  throw tooManyRequests(retryAfter);
}
