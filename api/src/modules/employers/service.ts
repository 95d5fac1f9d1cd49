import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  SUBSCRIPTION_TRIAL,
  trialStateAt,
  type AwaitingSetupEmployer,
  type ENDPOINTS,
  type EndpointBody,
  type EndpointQuery,
  type Company,
  type CompanyFields,
  type Country,
  type EmployerListItem,
  type Incentive,
  type IncentiveForm,
  type Location,
  type LocationFields,
  type Page,
  type PublicCompany,
  type SubscriptionSummary,
} from '@portal/shared-contracts';
import {
  companyFormSchema,
  companyUpdateFormSchema,
  countryByCode,
  locationFormSchemaFor,
  locationUpdateFormSchemaFor,
} from '@portal/shared-contracts/company-rules';
import { z } from 'zod';
import type { ApiContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { companies, employerUsers, incentives, locations, subscriptions, users, type CompanyRow } from '../../db/schema';
import { containsPattern, pageAnswer, toIso } from '../../db/sql';
import { countryOf } from '../../lib/countries';
import { HttpError, RequestValidationError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { toFieldErrors } from '../../plugins/validation';
import { endCompanySessions, type AuthUser } from '../../lib/sessions';
import { recordAudit, recordCompanyAudit } from '../../lib/audit';


/** The contract's country object (the list the company form offers); any other stored code still reads. */
function countryFor(alpha2: string): Country {
  return countryByCode(alpha2) ?? countryOf(alpha2);
}

function toLocation(l: typeof locations.$inferSelect): Location {
  return { id: l.id, addressLine1: l.addressLine1, addressLine2: l.addressLine2, town: l.town, postalCode: l.postalCode };
}

/** How an office is named in the audit log. */
const officeLabel = (l: typeof locations.$inferSelect) => [l.addressLine1, l.town, l.postalCode].filter(Boolean).join(', ');

function toIncentive(i: typeof incentives.$inferSelect): Incentive {
  return {
    generalRewardDescription: i.generalRewardDescription,
    numberOfMiles: i.numberOfMiles,
    numberOfMilesRewards: i.numberOfMilesRewards,
    numberOfTrips: i.numberOfTrips,
    numberOfTripsRewards: i.numberOfTripsRewards,
  };
}

/** What the full company and the All Employers list item both say of a company's row. */
function companyFields(c: CompanyRow) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phoneNumber: c.phoneNumber,
    countryCode: countryFor(c.countryCode),
    isActive: c.isActive,
    signUpState: c.signUpState,
    createdAt: c.createdAt.toISOString(),
  };
}

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
    ...companyFields(c),
    locations: locs.map(toLocation),
    incentive: inc ? toIncentive(inc) : null,
    deactivationReason: c.deactivationReason,
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
  if (auth.role === 'SuperAdmin') {
    const [counted] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.role, 'Employee')));
    return { company: { ...company, employeeCount: counted?.n ?? 0 } };
  }
  if (auth.companyId === company.id) return { company };
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

// ================================================================ company, locations, incentive, sign-up state

/**
 * The contract schemas checked the shape already; these add what depends on data (the phone
 * valid for the chosen country, the postcode plausible for the company's country), answered
 * exactly like a contract validation failure.
 */
function validate<S extends z.core.$ZodType>(schema: S, data: unknown): z.output<S> {
  const r = z.safeParse(schema, data);
  if (r.success) return r.data;
  throw new RequestValidationError(toFieldErrors(schema, data, r.error.issues, 'body'));
}

/**
 * The company a caller may reach: an Employer or Admin only their own (the tenant of the
 * session), whatever id they send; a super admin any. Anything else does not exist for them.
 */
async function companyRowFor(db: Db, auth: AuthUser, id: string): Promise<CompanyRow> {
  if (!isUuid(id) || (auth.role !== 'SuperAdmin' && auth.companyId !== id)) throw notFound(MESSAGES.company.notFound);
  const [c] = await db.select().from(companies).where(eq(companies.id, id));
  if (!c) throw notFound(MESSAGES.company.notFound);
  return c;
}

async function mustLoad(db: Db, id: string): Promise<Company> {
  const company = await loadCompany(db, id);
  if (!company) throw notFound(MESSAGES.company.notFound);
  return company;
}

async function signUpStateOf(db: Db, companyId: string): Promise<number> {
  const [c] = await db.select({ signUpState: companies.signUpState }).from(companies).where(eq(companies.id, companyId));
  return c?.signUpState ?? 0;
}

/** 0 -> 1 once the company is saved and has a location, whichever happened last. */
async function advanceToIncentives(tx: Tx, companyId: string): Promise<void> {
  await tx
    .update(companies)
    .set({ signUpState: 1, updatedAt: sql`now()` })
    .where(
      and(
        eq(companies.id, companyId),
        eq(companies.signUpState, 0),
        sql`exists (select 1 from locations l where l.company_id = ${companyId})`,
      ),
    );
}

/** Setup step 1: the calling Employer's company; the caller becomes its employer user. */
export async function createCompany(ctx: ApiContext, auth: AuthUser, body: CompanyFields): Promise<Company> {
  const fields = validate(companyFormSchema, body);
  if (auth.companyId) throw new HttpError(409, MESSAGES.company.alreadySetUp);
  const id = await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .insert(companies)
      .values({ name: fields.name, email: fields.email, phoneNumber: fields.phoneNumber, countryCode: fields.countryCode })
      .returning({ id: companies.id });
    // The conditional update makes two concurrent creates by one user leave one company.
    const [u] = await tx
      .update(users)
      .set({ companyId: c!.id, updatedAt: sql`now()` })
      .where(and(eq(users.id, auth.userId), isNull(users.companyId)))
      .returning({ id: users.id });
    if (!u) throw new HttpError(409, MESSAGES.company.alreadySetUp);
    await tx.insert(employerUsers).values({ userId: auth.userId }).onConflictDoNothing();
    await recordCompanyAudit(tx, auth, 'company.created', c!.id);
    return c!.id;
  });
  ctx.log.info({ companyId: id, userId: auth.userId }, 'company created');
  return mustLoad(ctx.db, id);
}

export async function updateCompany(ctx: ApiContext, auth: AuthUser, body: EndpointBody<typeof ENDPOINTS.employers.update>): Promise<Company> {
  const fields = validate(companyUpdateFormSchema, body);
  const c = await companyRowFor(ctx.db, auth, fields.id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ name: fields.name, email: fields.email, phoneNumber: fields.phoneNumber, countryCode: fields.countryCode, updatedAt: sql`now()` })
      .where(eq(companies.id, c.id));
    await advanceToIncentives(tx, c.id);
    await recordCompanyAudit(tx, auth, 'company.updated', c.id);
  });
  return mustLoad(ctx.db, c.id);
}

export async function addLocation(
  ctx: ApiContext,
  auth: AuthUser,
  companyId: string,
  body: LocationFields,
): Promise<{ location: Location; signUpState: number }> {
  const c = await companyRowFor(ctx.db, auth, companyId);
  const fields = validate(locationFormSchemaFor(c.countryCode), body);
  return ctx.db.transaction(async (tx) => {
    const [loc] = await tx
      .insert(locations)
      .values({ companyId: c.id, addressLine1: fields.addressLine1, addressLine2: fields.addressLine2, town: fields.town, postalCode: fields.postalCode })
      .returning();
    await advanceToIncentives(tx, c.id);
    await recordAudit(tx, auth, { action: 'company.officeAdded', companyId: c.id, target: { kind: 'location', id: loc!.id, label: officeLabel(loc!) } });
    return { location: toLocation(loc!), signUpState: await signUpStateOf(tx, c.id) };
  });
}

/** A location of a company the caller may reach, with that company's country. */
async function locationFor(db: Db, auth: AuthUser, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ companyId: locations.companyId, countryCode: companies.countryCode })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(eq(locations.id, id));
  if (!row || (auth.role !== 'SuperAdmin' && auth.companyId !== row.companyId)) throw notFound();
  return row;
}

export async function updateLocation(ctx: ApiContext, auth: AuthUser, body: EndpointBody<typeof ENDPOINTS.employers.updateLocation>): Promise<Location> {
  const { countryCode, companyId } = await locationFor(ctx.db, auth, body.id);
  const fields = validate(locationUpdateFormSchemaFor(countryCode), body);
  const loc = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(locations)
      .set({ addressLine1: fields.addressLine1, addressLine2: fields.addressLine2, town: fields.town, postalCode: fields.postalCode })
      .where(eq(locations.id, fields.id))
      .returning();
    if (!row) throw notFound();
    await recordAudit(tx, auth, { action: 'company.officeUpdated', companyId, target: { kind: 'location', id: row.id, label: officeLabel(row) } });
    return row;
  });
  return toLocation(loc);
}

/**
 * A company keeps at least one office location: setup step 1 needs one and the sign-up state never
 * goes back, so removing the last one is refused.
 */
export async function deleteLocation(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  const { companyId } = await locationFor(ctx.db, auth, id);
  await ctx.db.transaction(async (tx) => {
    // Two removals at once queue on the company row, so both cannot see the other's location as the one left.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(locations).where(eq(locations.companyId, companyId));
    if ((left?.n ?? 0) <= 1) throw new HttpError(409, MESSAGES.company.lastLocation);
    const [gone] = await tx.delete(locations).where(eq(locations.id, id)).returning();
    if (gone) await recordAudit(tx, auth, { action: 'company.officeRemoved', companyId, target: { kind: 'location', id, label: officeLabel(gone) } });
  });
}

export async function getIncentive(ctx: ApiContext, auth: AuthUser, companyId: string): Promise<Incentive | null> {
  const c = await companyRowFor(ctx.db, auth, companyId);
  const [inc] = await ctx.db.select().from(incentives).where(eq(incentives.companyId, c.id));
  return inc ? toIncentive(inc) : null;
}

/** What the spec's client sends when it has no company id yet. */
function isMissingId(id: string | undefined | null): boolean {
  const v = (id ?? '').trim().toLowerCase();
  return v === '' || v === 'undefined' || v === 'null';
}

export const companyIdMissing = () =>
  new HttpError(400, MESSAGES.company.companyIdMissing, [{ field: 'id', message: MESSAGES.company.companyIdMissing }]);

/**
 * Setup step 2 and the Incentives tab. Refused before step 1 is complete (company and a
 * location), so the state cannot skip; 1 -> 2 when saved during setup.
 */
export async function saveIncentive(
  ctx: ApiContext,
  auth: AuthUser,
  companyId: string,
  body: IncentiveForm,
): Promise<{ incentive: Incentive; signUpState: number }> {
  if (isMissingId(companyId)) throw companyIdMissing();
  const c = await companyRowFor(ctx.db, auth, companyId.trim());
  return ctx.db.transaction(async (tx) => {
    const [cur] = await tx.select({ signUpState: companies.signUpState }).from(companies).where(eq(companies.id, c.id)).for('update');
    if (!cur) throw notFound(MESSAGES.company.notFound);
    if (cur.signUpState < 1) throw new HttpError(400, MESSAGES.setup.addLocation);
    const values = {
      generalRewardDescription: body.generalRewardDescription,
      numberOfMiles: body.numberOfMiles,
      numberOfMilesRewards: body.numberOfMilesRewards,
      numberOfTrips: body.numberOfTrips,
      numberOfTripsRewards: body.numberOfTripsRewards,
    };
    const [inc] = await tx
      .insert(incentives)
      .values({ companyId: c.id, ...values })
      .onConflictDoUpdate({ target: incentives.companyId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    let signUpState = cur.signUpState;
    if (signUpState === 1) {
      await tx.update(companies).set({ signUpState: 2, updatedAt: sql`now()` }).where(eq(companies.id, c.id));
      signUpState = 2;
    }
    await recordCompanyAudit(tx, auth, 'company.incentivesSaved', c.id);
    return { incentive: toIncentive(inc!), signUpState };
  });
}

/** Setup step 3 left (employees added or "later"): 2 -> 3; refused before the incentives are saved. */
export async function completeSetup(ctx: ApiContext, auth: AuthUser, companyId: string): Promise<number> {
  const c = await companyRowFor(ctx.db, auth, companyId);
  if (c.signUpState < 2) throw new HttpError(400, MESSAGES.company.incentivesFirst);
  if (c.signUpState >= 3) return c.signUpState;
  await ctx.db
    .update(companies)
    .set({ signUpState: 3, updatedAt: sql`now()` })
    .where(and(eq(companies.id, c.id), eq(companies.signUpState, 2)));
  return signUpStateOf(ctx.db, c.id);
}

// ================================================================ super admin

/** Deactivation with who, when and why; every session of the company's users ends in the same transaction. */
export async function deactivateCompany(ctx: ApiContext, auth: AuthUser, id: string, reason: string): Promise<void> {
  if (!isUuid(id)) throw notFound(MESSAGES.company.notFound);
  await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .update(companies)
      .set({ isActive: false, deactivationReason: reason, deactivatedBy: auth.userId, deactivatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(companies.id, id))
      .returning({ id: companies.id });
    if (!c) throw notFound(MESSAGES.company.notFound);
    await endCompanySessions(tx, id);
    await recordCompanyAudit(tx, auth, 'company.deactivated', id, { reason });
  });
  ctx.log.info({ companyId: id, by: auth.userId }, 'company deactivated');
}

export async function reactivateCompany(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(MESSAGES.company.notFound);
  await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .update(companies)
      .set({ isActive: true, deactivationReason: null, deactivatedBy: null, deactivatedAt: null, updatedAt: sql`now()` })
      .where(eq(companies.id, id))
      .returning({ id: companies.id });
    if (!c) throw notFound(MESSAGES.company.notFound);
    await recordCompanyAudit(tx, auth, 'company.reactivated', id);
  });
  ctx.log.info({ companyId: id, by: auth.userId }, 'company reactivated');
}

/**
 * The company and all of its data in one transaction: its users (employer users, admins and
 * employees, whose sessions, employer records, reset tokens and per-user rows go with them by
 * cascade), then the company (locations and incentive by cascade).
 */
export async function removeCompany(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(MESSAGES.company.notFound);
  await ctx.db.transaction(async (tx) => {
    const [c] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
    if (!c) throw notFound(MESSAGES.company.notFound);
    await endCompanySessions(tx, id);
    await recordCompanyAudit(tx, auth, 'company.deleted', id);
    await tx.delete(users).where(eq(users.companyId, id));
    await tx.delete(companies).where(eq(companies.id, id));
  });
  ctx.log.info({ companyId: id, by: auth.userId }, 'company deleted');
}

/** A search that looks like a phone number is also compared digit by digit ("07700 900" finds "07700900123"). */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * Employer accounts whose company is not set up yet (they signed up, or a super admin added them,
 * and setup step 1 is not saved): newest first, searched on name and email like All Users. They
 * have no company to list among the employers, and they are not admins of the back office.
 */
export async function listAwaitingSetup(ctx: ApiContext, query: EndpointQuery<typeof ENDPOINTS.employers.awaitingSetup>): Promise<Page<AwaitingSetupEmployer>> {
  const { pageNumber, pageSize } = query;
  const conds: SQL[] = [eq(users.role, 'Employer'), isNull(users.companyId)];
  const term = query.search?.trim();
  if (term) conds.push(sql`${users.searchText} like ${containsPattern(term)}`);
  const found = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .where(and(...conds))
    .orderBy(desc(users.createdAt), asc(users.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  let totalCount = found[0]?.total ?? 0;
  if (found.length === 0 && pageNumber > 1) {
    const [r] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(and(...conds));
    totalCount = r?.n ?? 0;
  }
  return pageAnswer(
    found.map(({ total: _total, createdAt, ...u }) => ({ ...u, createdAt: toIso(createdAt)! })),
    totalCount,
    pageNumber,
    pageSize,
  );
}

/** All Employers: search on name, email, phone (any case), status filter, newest first, one page. */
type SubscriptionColumns = {
  status: SubscriptionSummary['status'] | null;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
} | null;

/** A company's trial or subscription as the back office's list shows it (docs/decisions/0033-trial-and-consent.md). */
function subscriptionSummary(sub: SubscriptionColumns, now: Date): SubscriptionSummary | null {
  if (!sub?.status) return null;
  const onTrial = sub.status === SUBSCRIPTION_TRIAL && sub.trialEndsAt !== null;
  const until = onTrial ? sub.trialEndsAt : sub.currentPeriodEnd;
  if (!until) return null;
  return {
    status: sub.status,
    trialState: onTrial ? trialStateAt(until, now) : null,
    until: until.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd ?? false,
  };
}

export async function listEmployers(ctx: ApiContext, query: EndpointQuery<typeof ENDPOINTS.employers.list>): Promise<Page<EmployerListItem>> {
  const { pageNumber, pageSize } = query;
  const now = new Date();
  const conds: SQL[] = [];
  if (query.status === 'Active') conds.push(eq(companies.isActive, true));
  if (query.status === 'Deactivated') conds.push(eq(companies.isActive, false));
  const term = query.search?.trim();
  if (term) {
    const like = containsPattern(term);
    const any: SQL[] = [
      sql`${companies.name} ilike ${like}`,
      sql`${companies.email} ilike ${like}`,
      sql`${companies.phoneNumber} ilike ${like}`,
    ];
    const digits = term.replace(/\D/g, '');
    if (PHONE_LIKE.test(term) && digits.length >= 3) {
      any.push(sql`regexp_replace(${companies.phoneNumber}, ${'[^0-9]'}, '', 'g') like ${`%${digits}%`}`);
    }
    conds.push(or(...any)!);
  }
  const where = conds.length ? and(...conds) : undefined;
  const rows = await ctx.db
    .select({
      company: companies,
      // The total rides along with the page: one round trip.
      total: sql<number>`count(*) over ()`.mapWith(Number),
      // Spelled out: inside a subquery drizzle would name the outer column without its table.
      employeeCount: sql<number>`(select count(*) from users e where e.company_id = "companies"."id" and e.role = 'Employee')`.mapWith(Number),
      // The company's one trial or subscription (unique per company): what the list shows of its billing.
      sub: {
        status: subscriptions.status,
        trialEndsAt: subscriptions.trialEndsAt,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      },
    })
    .from(companies)
    .leftJoin(subscriptions, eq(subscriptions.companyId, companies.id))
    .where(where)
    .orderBy(desc(companies.createdAt), asc(companies.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  let totalCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && pageNumber > 1) {
    const [r] = await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies).where(where);
    totalCount = r?.n ?? 0;
  }
  const ids = rows.map((r) => r.company.id);
  const locs = ids.length
    ? await ctx.db.select().from(locations).where(inArray(locations.companyId, ids)).orderBy(asc(locations.createdAt), asc(locations.id))
    : [];
  const byCompany = new Map<string, Location[]>();
  for (const l of locs) byCompany.set(l.companyId, [...(byCompany.get(l.companyId) ?? []), toLocation(l)]);
  return pageAnswer(
    rows.map(({ company: c, employeeCount, sub }) => ({
      ...companyFields(c),
      locations: byCompany.get(c.id) ?? [],
      employeeCount,
      subscription: subscriptionSummary(sub, now),
    })),
    totalCount,
    pageNumber,
    pageSize,
  );
}
