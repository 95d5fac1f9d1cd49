import { asc, eq } from 'drizzle-orm';
import { MESSAGES, type Company, type PublicCompany } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { companies, employerUsers, incentives, locations, users } from '../../db/schema';
import { countryOf } from '../../lib/countries';
import { notFound } from '../../lib/http-error';
import type { AuthUser } from '../accounts/sessions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not a UUID names nothing (and must not reach a uuid column as text). */
export const isUuid = (s: string) => UUID.test(s);

/** The full company as the contract's `companySchema` describes it. */
export async function loadCompany(db: Db, id: string): Promise<Company | null> {
  if (!isUuid(id)) return null;
  const [c] = await db.select().from(companies).where(eq(companies.id, id));
  if (!c) return null;
  const [locs, [inc]] = await Promise.all([
    db.select().from(locations).where(eq(locations.companyId, id)).orderBy(asc(locations.createdAt), asc(locations.id)),
    db.select().from(incentives).where(eq(incentives.companyId, id)),
  ]);
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phoneNumber: c.phoneNumber,
    countryCode: countryOf(c.countryCode),
    isActive: c.isActive,
    signUpState: c.signUpState,
    locations: locs.map((l) => ({ id: l.id, addressLine1: l.addressLine1, addressLine2: l.addressLine2, town: l.town, postalCode: l.postalCode })),
    incentive: inc
      ? {
          generalRewardDescription: inc.generalRewardDescription,
          numberOfMiles: inc.numberOfMiles,
          numberOfMilesRewards: inc.numberOfMilesRewards,
          numberOfTrips: inc.numberOfTrips,
          numberOfTripsRewards: inc.numberOfTripsRewards,
        }
      : null,
    deactivationReason: c.deactivationReason,
    createdAt: c.createdAt.toISOString(),
  };
}

/**
 * A company for its own users and super admins; an anonymous caller (the invite page) learns only
 * id and name of an active company; anyone else is told it does not exist.
 */
export async function getCompanyFor(ctx: ApiContext, auth: AuthUser | null, id: string): Promise<{ company: Company | PublicCompany }> {
  const company = await loadCompany(ctx.db, id);
  if (!company) throw notFound(MESSAGES.company.notFound);
  if (!auth) {
    if (!company.isActive) throw notFound(MESSAGES.company.notFound);
    return { company: { id: company.id, name: company.name } };
  }
  if (auth.role === 'SuperAdmin' || auth.companyId === company.id) return { company };
  throw notFound(MESSAGES.company.notFound);
}

export interface EmployerRecord {
  id: string;
  userId: string;
  employerId: string | null;
}

/**
 * Login step 2. The spec looks employers up by user id (role Employer) or by the stored employer
 * user id (other roles), so both are accepted. Callers see themselves and users of their own
 * company; super admins see anyone; everything else is "not found".
 */
export async function currentEmployer(ctx: ApiContext, auth: AuthUser, userOrEmployerUserId: string): Promise<EmployerRecord> {
  if (!isUuid(userOrEmployerUserId)) throw notFound();
  const select = () =>
    ctx.db
      .select({ id: employerUsers.id, userId: users.id, employerId: users.companyId })
      .from(employerUsers)
      .innerJoin(users, eq(users.id, employerUsers.userId));
  let [rec] = await select().where(eq(users.id, userOrEmployerUserId));
  if (!rec) [rec] = await select().where(eq(employerUsers.id, userOrEmployerUserId));
  if (!rec) throw notFound();
  const allowed =
    auth.role === 'SuperAdmin' || rec.userId === auth.userId || (auth.companyId !== null && rec.employerId === auth.companyId);
  if (!allowed) throw notFound();
  return rec;
}
