import { eq, sql } from 'drizzle-orm';
import type { LoginAnswer, SessionUser } from '@portal/shared-contracts';
import type { ApiContext } from '../context';
import { companies, employerUsers, users } from '../db/schema';
import type { NewSession } from './sessions';

/**
 * The signed-in user as the portal sees them, and the answer of a sign-in that opened a session:
 * the same for a password login, a sign-up and a single sign-on.
 */

/** The user as the login answer and `me` describe it. */
export async function describeUser(ctx: ApiContext, userId: string): Promise<SessionUser | null> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      employerId: users.companyId,
      employerUserId: employerUsers.id,
      signUpState: companies.signUpState,
      // The admin's offices, as the session check reads them (AuthUser.offices).
      offices: sql<string[] | null>`case when ${users.officeLimited} then array(select ao.office_id::text from admin_offices ao where ao.user_id = ${users.id} order by ao.office_id) end`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(employerUsers, eq(employerUsers.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  // Before setup step 1 an employer has no company: that is state 0 (SetUpCompany).
  return { ...row, employerUserId: row.employerUserId ?? null, signUpState: row.signUpState ?? 0, offices: row.offices ?? null };
}

export function loginAnswer(user: SessionUser, session: NewSession, message: string): LoginAnswer {
  return {
    success: true,
    message,
    token: session.token,
    id: user.id,
    role: user.role,
    signUpState: user.signUpState,
    userSignUpState: user.signUpState,
    email: user.email,
    name: user.name,
    employerId: user.employerId,
    employerUserId: user.employerUserId,
    offices: user.offices,
  };
}
