import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, employerUsers, incentives, users, vehicles } from '../db/schema';
import { rows } from '../db/sql';
import { createSession } from '../lib/sessions';
import { foldCompanyRollups } from '../modules/trips/rollups';

/**
 * Companies, people and signed-in tokens for the insight tests (imported only by `*.test.ts`).
 * Sessions are made directly: a password login per person would cost an argon2 hash each.
 */

export async function tokenFor(db: Db, userId: string): Promise<string> {
  return (await createSession(db, userId, false, { ip: '127.0.0.1' })).token;
}

export async function makeCompany(db: Db, name: string, incentive?: { numberOfTrips: number; numberOfMiles: number }): Promise<string> {
  const [c] = await db.insert(companies).values({ name, email: `hello@${name.toLowerCase().replace(/\W+/g, '')}.test`, phoneNumber: '0113 496 0000', signUpState: 3 }).returning();
  if (incentive) await db.insert(incentives).values({ companyId: c!.id, ...incentive });
  return c!.id;
}

/** An Employer (or Admin) of the company, signed in. */
export async function makeEmployer(db: Db, companyId: string, email: string, role: 'Employer' | 'Admin' = 'Employer'): Promise<{ id: string; token: string }> {
  const [u] = await db.insert(users).values({ email, passwordHash: '!', name: `Boss ${email}`, role, companyId }).returning();
  await db.insert(employerUsers).values({ userId: u!.id });
  return { id: u!.id, token: await tokenFor(db, u!.id) };
}

/** Two companies with a signed-in employer each: Acme (the one under test) and its rival Globex. */
export async function acmeAndGlobex(
  db: Db,
  o: { acmeIncentive?: { numberOfTrips: number; numberOfMiles: number }; acmeRole?: 'Employer' | 'Admin' } = {},
): Promise<{ acme: string; globex: string; boss: string; rival: string }> {
  const acme = await makeCompany(db, 'Acme', o.acmeIncentive);
  const globex = await makeCompany(db, 'Globex', { numberOfTrips: 1, numberOfMiles: 1 });
  return {
    acme,
    globex,
    boss: (await makeEmployer(db, acme, 'boss@acme.test', o.acmeRole)).token,
    rival: (await makeEmployer(db, globex, 'boss@globex.test')).token,
  };
}

export interface PersonOptions {
  department?: string | null;
  active?: boolean;
  approved?: boolean;
  /** A registered vehicle: the account type is Driver. */
  car?: boolean;
  /**
   * Where the driver's verification stands (with `car`): both the licence and the vehicle verified
   * unless told otherwise, so the driver may record trips.
   */
  driver?: 'verified' | 'pending' | 'rejected' | 'vehiclePending';
}

let seq = 0;

/** An employee (active and approved unless told otherwise), signed in when active. */
export async function makeEmployee(db: Db, companyId: string, first: string, last: string, o: PersonOptions = {}): Promise<{ id: string; token: string }> {
  seq += 1;
  const [u] = await db
    .insert(users)
    .values({
      email: `${first}.${last}.${seq}@people.test`.toLowerCase(),
      passwordHash: '!',
      name: `${first} ${last}`,
      role: 'Employee',
      companyId,
      firstName: first,
      lastName: last,
      employeeNumber: `E${String(seq).padStart(5, '0')}`,
      department: o.department === undefined ? 'Operations' : o.department,
      isActive: o.active ?? true,
      isApproved: o.approved ?? true,
      isDriverVerified: Boolean(o.car) && (o.driver ?? 'verified') !== 'pending' && o.driver !== 'rejected',
      driverRejectedAt: o.car && o.driver === 'rejected' ? new Date() : null,
    })
    .returning();
  if (o.car) {
    const isVerified = o.driver === undefined || o.driver === 'verified' || o.driver === 'pending';
    await db.insert(vehicles).values({ userId: u!.id, make: 'Ford', model: 'Focus', registrationNumber: `LS${seq} ABC`, isVerified });
  }
  // A session is made before deactivation would end it; inactive people get none.
  const token = o.active === false ? '' : await tokenFor(db, u!.id);
  return { id: u!.id, token };
}

/** `YYYY-MM-01` of the month `delta` months from now (UTC). */
export function monthFromNow(delta: number): { year: number; month: number; start: Date } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1));
  return { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1, start };
}

let tripSeq = 0;

/** A moment earlier this month, before every other slot's: `thisMonthAt(0)`. */
function recentlyThisMonth(): string {
  return thisMonthAt(0);
}

const SLOT_LEAD_MS = 60 * 60_000;
const SLOT_STEP_MS = 40 * 60_000;
const SLOTS = 14;
/** How far back from now the slots of `thisMonthAt` reach once the month is old enough: 9 h 40 min. */
const SLOTS_SPAN_MS = SLOT_LEAD_MS + (SLOTS - 1) * SLOT_STEP_MS;

/**
 * A moment earlier this month: `slot` (0 to 13) steps of 40 minutes before an hour ago, so that one
 * person's trips of up to 45 miles in distinct slots never overlap (a trip takes its miles at 70 mph
 * at least). While the month is younger than the slots need (the first 9 h 40 min of the 1st), the
 * lead and the steps shrink in proportion so that every slot stays in the month and in the past: at
 * 04:00 on the 1st a step is 16 minutes (trips of up to 18 miles in adjacent slots). A test whose
 * trips are longer spreads them over more slots.
 */
export function thisMonthAt(slot: number, now = Date.now()): string {
  if (!Number.isInteger(slot) || slot < 0 || slot >= SLOTS) throw new Error(`thisMonthAt: slot ${slot} is not one of 0 to ${SLOTS - 1}`);
  const at = new Date(now);
  const monthStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  // A minute of the month kept clear of its first second, so a slot never lands on the month before.
  const room = Math.max(0, now - monthStart - 60_000);
  const scale = Math.min(1, room / SLOTS_SPAN_MS);
  return new Date(now - Math.round(scale * (SLOT_LEAD_MS + slot * SLOT_STEP_MS))).toISOString();
}

/** Posts a trip as `driverToken`; `startedAt` defaults to a moment earlier this month. */
export function postTrip(
  app: FastifyInstance,
  driverToken: string,
  body: { passengerIds: string[]; distanceMiles?: number; startedAt?: string; clientTripId?: string; journeyGroupId?: string | null },
) {
  tripSeq += 1;
  return app.inject({
    method: 'POST',
    url: '/api/trips',
    headers: { authorization: `Bearer ${driverToken}` },
    payload: {
      clientTripId: body.clientTripId ?? `trip-${tripSeq}`,
      startedAt: body.startedAt ?? recentlyThisMonth(),
      distanceMiles: body.distanceMiles ?? 10,
      passengerIds: body.passengerIds,
      ...(body.journeyGroupId !== undefined ? { journeyGroupId: body.journeyGroupId } : {}),
    },
  });
}

/** Removes emission factors a test added (the seeded 2025 rows stay). */
export async function dropAddedFactors(db: Db): Promise<void> {
  await db.execute(sql`delete from emission_factors where year <> 2025`);
}

/**
 * Folds every company's pending roll-up deltas (company and offices, decision 0057, migration 0044),
 * as a recorded trip does for its company after its commit.
 */
export async function foldAllRollups(db: Db): Promise<void> {
  const pending = await rows<{ company_id: string }>(
    db,
    sql`select company_id from company_monthly_stat_deltas union select company_id from office_monthly_stat_deltas`,
  );
  for (const p of pending) await foldCompanyRollups(db, p.company_id);
}
