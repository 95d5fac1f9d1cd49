import { sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  TRIP_RULES,
  isoInstantMs,
  minTripMs,
  type FieldError,
  type Trip,
  type TripBody,
  type TripFlagReason,
  type TripReview,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { pipelinedTransaction } from '../../db/pipeline';
import { preparedRows, rows, toIso } from '../../db/sql';
import { HttpError, forbidden } from '../../lib/http-error';
import type { AuthUser } from '../../lib/sessions';
import { addMonths, currentMonth, monthOf } from '../../lib/period';
import { ADD_PERSON_FIGURES, foldCompanyRollupsSoon, rollUpCtes } from './rollups';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- who may drive, who may ride

interface PersonDbRow {
  id: string;
  role: string;
  company_id: string | null;
  is_active: boolean;
  is_approved: boolean;
  is_driver_verified: boolean;
  driver_rejected_at: Date | string | null;
  office_id: string | null;
  has_vehicle: boolean;
  vehicle_verified: boolean | null;
}

/**
 * Only an active, approved employee who is a verified driver with a verified vehicle records a trip
 * as its driver (decision 0009 says what each flag means): 403 with the reason otherwise.
 */
function refuseUnlessDriver(me: PersonDbRow | undefined): string {
  if (!me?.company_id || me.role !== 'Employee') throw forbidden();
  if (!me.is_approved) throw new HttpError(403, MESSAGES.trips.notApproved);
  if (!me.is_active) throw new HttpError(403, MESSAGES.trips.inactive);
  if (!me.has_vehicle) throw new HttpError(403, MESSAGES.trips.noVehicle);
  if (!me.is_driver_verified) throw new HttpError(403, me.driver_rejected_at ? MESSAGES.trips.driverRejected : MESSAGES.trips.driverPending);
  if (!me.vehicle_verified) throw new HttpError(403, MESSAGES.trips.vehiclePending);
  return me.company_id;
}

/** Every passenger an active, approved employee of the driver's company (400 naming the others). */
function refuseUnlessPassengers(companyId: string, trip: NormalTrip, people: Map<string, PersonDbRow>): void {
  const errors = trip.passengerIds.flatMap((id, i) => {
    const p = people.get(id);
    const ok = p && p.role === 'Employee' && p.company_id === companyId && p.is_active && p.is_approved;
    return ok ? [] : [{ field: `passengerIds.${i}`, message: MESSAGES.trips.passengerInvalid }];
  });
  if (errors.length) throw new HttpError(400, MESSAGES.trips.passengerInvalid, errors);
}

/**
 * The people of a lock statement as an array of keys (an init plan): `u.id = any (...)` is an index
 * scan of `users_pkey` whatever the plan assumes of their number. `u.id in (select ... from
 * json_array_elements_text(...))`, planned generic for a guessed hundred ids, scanned every user of
 * every company and every vehicle for a batch (4 000 users: 92 buffers and 1.3 ms of a 2.1 ms lock).
 */
const peopleKeys = (ids: string[]) => sql`array(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;
/** The person's vehicle (at most one), read on its key for each person locked. */
const vehicleOf = sql`left join lateral (select v.user_id, v.is_verified from vehicles v where v.user_id = u.id offset 0) v on true`;

interface LockedPersonDbRow extends PersonDbRow {
  /** Whether the trip's journey group (if any) is one of this person's company. */
  group_here: boolean;
  /** The driver's trip of this clientTripId, when it is stored (on the driver's row only). */
  stored: TripDbRow | string | null;
}

/**
 * Locks the rows of everyone on the trip, the driver's among them, in id order, and reads whether
 * each may take part, whether the journey group is the company's and the trip as already stored
 * (a retry), in one statement. A trip is then judged against the others of its people once those
 * are committed; two trips sharing people lock in the same order, so they wait for each other
 * without deadlock. `for no key update` does not hold up the foreign-key checks of other writes
 * that name these people. Answers the stored trip, or else the driver's company once every person
 * and the group pass (403 or 400 otherwise).
 */
async function lockAndCheckPeople(tx: Tx, driverId: string, trip: NormalTrip): Promise<{ stored: Trip } | { companyId: string }> {
  const ids = [driverId.toLowerCase(), ...trip.passengerIds];
  const found = await preparedRows<LockedPersonDbRow>(
    tx,
    sql`select u.id, u.role, u.company_id, u.is_active, u.is_approved, u.is_driver_verified, u.driver_rejected_at, u.office_id,
        v.user_id is not null as has_vehicle, v.is_verified as vehicle_verified,
        exists (select 1 from journey_groups g where g.id = ${trip.journeyGroupId}::uuid and g.company_id = u.company_id) as group_here,
        case when u.id = ${driverId}::uuid then (select row_to_json(s) from (${storedTripQuery(driverId, trip.clientTripId)}) s) end as stored
      from users u ${vehicleOf}
      where u.id = any (${peopleKeys(ids)})
      order by u.id for no key update of u`,
  );
  const people = new Map(found.map((p) => [p.id.toLowerCase(), p]));
  const driver = people.get(ids[0]!);
  if (driver?.stored) return { stored: toTrip(parsed<TripDbRow>(driver.stored)) };
  const companyId = refuseUnlessDriver(driver);
  refuseUnlessPassengers(companyId, trip, people);
  if (trip.journeyGroupId && !driver!.group_here) {
    throw new HttpError(400, MESSAGES.journeyGroups.notFound, [{ field: 'journeyGroupId', message: MESSAGES.journeyGroups.notFound }]);
  }
  return { companyId };
}

// ---------------------------------------------------------------- the trip as stored and answered

/** Why a trip was flagged, as stored (`trips.flags`), with the figures of the moment. */
export type StoredTripFlag =
  | { reason: 'dayDistance'; dayHundredths: number; limitHundredths: number }
  | { reason: 'personOverlap'; personIds: string[] };

interface TripDbRow {
  id: string;
  client_trip_id: string;
  driver_id: string;
  started_at: Date | string;
  distance_hundredths: number;
  journey_group_id: string | null;
  created_at: Date | string;
  passenger_ids: string[] | string | null;
  status: TripReview;
  flags: StoredTripFlag[] | string;
}

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toTrip(r: TripDbRow): Trip {
  const ids = r.passenger_ids === null ? [] : parsed<string[]>(r.passenger_ids);
  return {
    id: r.id,
    clientTripId: r.client_trip_id,
    driverId: r.driver_id,
    startedAt: toIso(r.started_at) ?? '',
    distanceMiles: r.distance_hundredths / 100,
    passengerIds: [...ids].sort(),
    journeyGroupId: r.journey_group_id,
    createdAt: toIso(r.created_at) ?? '',
    review: r.status,
    flagReasons: parsed<StoredTripFlag[]>(r.flags).map((f) => f.reason),
  };
}

/** The driver's trip of a clientTripId with its passengers, as a query (`TripDbRow`). */
const storedTripQuery = (driverId: string, clientTripId: string) =>
  sql`select t.id, t.client_trip_id, t.driver_id, t.started_at, t.distance_hundredths, t.journey_group_id, t.created_at, t.status, t.flags,
      coalesce((select json_agg(tp.passenger_id order by tp.passenger_id) from trip_passengers tp where tp.trip_id = t.id), '[]'::json) as passenger_ids
    from trips t where t.driver_id = ${driverId} and t.client_trip_id = ${clientTripId}`;

async function storedTrip(db: Db | Tx, driverId: string, clientTripId: string): Promise<Trip | null> {
  const [r] = await rows<TripDbRow>(db, storedTripQuery(driverId, clientTripId));
  return r ? toTrip(r) : null;
}

/** A retry is the same trip when it says the same thing; the same id for another trip is a conflict. */
function sameTrip(stored: Trip, body: NormalTrip): Trip {
  const same =
    Date.parse(stored.startedAt) === body.startedAt.getTime() &&
    Math.round(stored.distanceMiles * 100) === body.hundredths &&
    (stored.journeyGroupId ?? null) === body.journeyGroupId &&
    stored.passengerIds.join() === body.passengerIds.join();
  if (!same) throw new HttpError(409, MESSAGES.trips.keyReused);
  return stored;
}

export interface NormalTrip {
  clientTripId: string;
  startedAt: Date;
  hundredths: number;
  passengerIds: string[];
  journeyGroupId: string | null;
}

/** The trip as the server compares and stores it (the contract schema has checked its shape). */
function normalise(auth: AuthUser, body: TripBody): NormalTrip {
  // The contract refused any start that names no real instant, so this is never null here.
  const startedAt = new Date(isoInstantMs(body.startedAt) ?? Number.NaN);
  if (Number.isNaN(startedAt.getTime())) throw new HttpError(400, MESSAGES.trips.startedAtInvalid, [{ field: 'startedAt', message: MESSAGES.trips.startedAtInvalid }]);
  // The contract's passenger count, for callers that did not go through its schema (the table's
  // `trips_passenger_count_range` would otherwise fail the batch's write as an unexpected error).
  const count = body.passengerIds.length;
  if (count < 1 || count > TRIP_RULES.maxPassengers) {
    const message = count < 1 ? MESSAGES.trips.passengersRequired : MESSAGES.trips.passengersMax;
    throw new HttpError(400, message, [{ field: 'passengerIds', message }]);
  }
  const passengerIds = body.passengerIds.map((p) => p.toLowerCase()).sort();
  if (passengerIds.includes(auth.userId.toLowerCase())) {
    throw new HttpError(400, MESSAGES.trips.passengerIsDriver, [{ field: 'passengerIds', message: MESSAGES.trips.passengerIsDriver }]);
  }
  return {
    clientTripId: body.clientTripId,
    startedAt,
    hundredths: Math.round(body.distanceMiles * 100),
    passengerIds,
    journeyGroupId: body.journeyGroupId?.toLowerCase() ?? null,
  };
}

/** The start's distance from the server's clock: not ahead of it (beyond a phone's drift), not too old. */
function checkWhen(trip: NormalTrip, now: number): void {
  const errors: FieldError[] = [];
  const at = trip.startedAt.getTime();
  if (at > now + TRIP_RULES.clockSkewMs) errors.push({ field: 'startedAt', message: MESSAGES.trips.inFuture });
  if (at < now - TRIP_RULES.maxAgeDays * DAY_MS) errors.push({ field: 'startedAt', message: MESSAGES.trips.tooOld });
  if (errors.length) throw new HttpError(400, errors[0]!.message, errors);
}

// ---------------------------------------------------------------- what the trip meets among the stored ones

/** The shortest time a stored trip `t` takes, as SQL (the same arithmetic as `minTripMs`). */
const tripTime = sql`(t.distance_hundredths::bigint * 36000 / ${TRIP_RULES.maxSpeedMph}) * interval '1 millisecond'`;
/** How far before a moment a trip may start and still go on past it: the longest trip there is. */
const LONGEST_MS = minTripMs(TRIP_RULES.maxMiles * 100);

/**
 * The people of a trip (`people`, a json array of ids, the driver's first) already on another
 * driver's trip that is not rejected and overlaps it (`during`, on `t`), as a json array: each
 * person's trips as a driver on the driver's index and as a passenger on the passenger index, so the
 * statement reads those people's trips only, not every trip of that time (decision 0064's addendum).
 */
const busyPeople = (people: SQL, driver: SQL, during: SQL) =>
  sql`(select json_agg(distinct x.id) from json_array_elements_text(${people}) p
        cross join lateral (
          select t.driver_id as id from trips t
            where t.driver_id = p.value::uuid and t.driver_id <> ${driver} and t.status <> 'rejected' and ${during}
          union all
          select tp.passenger_id from trip_passengers tp
            cross join lateral (select 1 from trips t where t.id = tp.trip_id
              and t.driver_id is distinct from ${driver} and t.status <> 'rejected' and ${during} offset 0) t
            where tp.passenger_id = p.value::uuid
          -- Fences (offset 0): the planner keeps these per person and per trip on their indexes instead of
          -- joining every trip of the time, whatever the statistics say when the plan is made.
          offset 0) x)`;

interface Surroundings {
  /** This very trip (driver and clientTripId), recorded by a post that held the lock first. */
  raced: boolean;
  /** The driver's trips recorded in the last minute (the database's clock), and the seconds until the first of them is a minute old. */
  lastMinute: number;
  lastMinuteWait: number;
  /** A trip of the driver's overlaps this one. */
  overlaps: boolean;
  /** The driver's trips that UTC day, and the miles of those not rejected nor confirmed (hundredths). */
  dayTrips: number;
  dayHundredths: number;
  /** The company's counted trips and their hundredths in the months its usual trip is taken from. */
  usualTrips: number;
  usualHundredths: number;
  /** People of this trip (the driver included) on another driver's trip at the same time. */
  busyPeople: string[];
}

/** What the surroundings statements (one trip's, a batch's) answer of a trip's neighbours. */
interface AroundFiguresDbRow {
  last_minute: number;
  last_minute_wait: number | null;
  overlaps: boolean;
  day_trips: number;
  day_hundredths: number | string;
  usual_trips: number | string;
  usual_hundredths: number | string;
  busy_people: string[] | string | null;
}

/**
 * A driver's day from `from` to `to`: its trips (any review) and the miles of its counted and flagged
 * ones, in one scan of the driver's index range for the day.
 */
function driverDay(driver: SQL, from: SQL, to: SQL): SQL {
  return sql`(select count(*)::int as day_trips, coalesce(sum(t.distance_hundredths) filter (where t.status in ('counted', 'flagged')), 0) as day_hundredths
    from trips t where t.driver_id = ${driver} and t.started_at >= ${from} and t.started_at < ${to})`;
}

/** A company's usual trip over the months `first` to `last`: its monthly rows and the shares of them not folded in yet. */
function usualTrip(company: SQL, first: SQL, last: SQL): SQL {
  return sql`(select coalesce(sum(s.trips), 0) as usual_trips, coalesce(sum(s.distance_hundredths), 0) as usual_hundredths from (
      select s.trips, s.distance_hundredths, s.month from company_monthly_stats s where s.company_id = ${company}
      union all
      select x.trips, x.distance_hundredths, x.month from company_monthly_stat_deltas x where x.company_id = ${company}
    ) s where s.month between ${first} and ${last})`;
}

/**
 * Everything the trip is checked against, in one statement on the driver's and the people's
 * indexes: the same trip recorded meanwhile, the driver's trips of the last minute, the driver's
 * overlapping trips, the day's count and miles, the company's usual trip (its monthly roll-ups) and
 * the people already on someone else's trip then.
 */
async function surroundings(tx: Tx, companyId: string, driverId: string, trip: NormalTrip, now: number): Promise<Surroundings> {
  const start = trip.startedAt.toISOString();
  const end = new Date(trip.startedAt.getTime() + minTripMs(trip.hundredths)).toISOString();
  const earliest = new Date(trip.startedAt.getTime() - LONGEST_MS).toISOString();
  const dayStart = new Date(Math.floor(trip.startedAt.getTime() / DAY_MS) * DAY_MS);
  const lastMonth = currentMonth(new Date(now));
  const people = JSON.stringify([driverId.toLowerCase(), ...trip.passengerIds]);
  // Trips that started before this one ends and end after it starts.
  const during = sql`t.started_at > ${earliest}::timestamptz and t.started_at < ${end}::timestamptz and t.started_at + ${tripTime} > ${start}::timestamptz`;
  // A trip recorded in the last minute started at most 90 days and a minute before: the range keeps
  // the count on the driver's index (an hour's margin for clocks that disagree).
  const recordable = new Date(now - TRIP_RULES.maxAgeDays * DAY_MS - 3_600_000).toISOString();
  const [r] = await preparedRows<AroundFiguresDbRow & { raced: boolean }>(
    tx,
    sql`select
        exists (select 1 from trips t where t.driver_id = ${driverId} and t.client_trip_id = ${trip.clientTripId}) as raced,
        m.last_minute, m.last_minute_wait,
        exists (select 1 from trips t where t.driver_id = ${driverId} and ${during}) as overlaps,
        dy.day_trips, dy.day_hundredths,
        u.usual_trips, u.usual_hundredths,
        ${busyPeople(sql`${people}::json`, sql`${driverId}::uuid`, during)} as busy_people
      from (select count(*)::int as last_minute, ceil(extract(epoch from min(t.created_at) + interval '1 minute' - now()))::int as last_minute_wait
        from trips t where t.driver_id = ${driverId} and t.started_at > ${recordable}::timestamptz and t.created_at > now() - interval '1 minute') m,
      ${driverDay(sql`${driverId}`, sql`${dayStart.toISOString()}::timestamptz`, sql`${new Date(dayStart.getTime() + DAY_MS).toISOString()}::timestamptz`)} dy,
      ${usualTrip(sql`${companyId}`, sql`${addMonths(lastMonth, 1 - TRIP_RULES.usualMonths)}::date`, sql`${lastMonth}::date`)} u`,
  );
  return toSurroundings(r, Boolean(r?.raced));
}

/** The most a driver's day may hold without review (hundredths of a mile). */
export function dayLimitHundredths(usualTrips: number, usualHundredths: number): number {
  const floor = TRIP_RULES.flagDayMilesMin * 100;
  if (usualTrips < TRIP_RULES.usualMinTrips) return floor;
  return Math.max(floor, Math.floor((TRIP_RULES.flagDayTripFactor * usualHundredths) / usualTrips));
}

/**
 * Refuses too many trips at once (429) and what cannot have happened (409); answers why an unusual
 * trip waits for review.
 */
function judge(trip: NormalTrip, around: Surroundings, perMinute: number): StoredTripFlag[] {
  if (around.lastMinute >= perMinute) {
    throw new HttpError(429, MESSAGES.trips.tooMany, undefined, { 'retry-after': String(Math.max(1, around.lastMinuteWait)) });
  }
  if (around.overlaps) throw new HttpError(409, MESSAGES.trips.overlap, [{ field: 'startedAt', message: MESSAGES.trips.overlap }]);
  if (around.dayTrips >= TRIP_RULES.maxTripsPerDay) throw new HttpError(409, MESSAGES.trips.dayLimit, [{ field: 'startedAt', message: MESSAGES.trips.dayLimit }]);
  const flags: StoredTripFlag[] = [];
  const day = around.dayHundredths + trip.hundredths;
  const limit = dayLimitHundredths(around.usualTrips, around.usualHundredths);
  if (day > limit) flags.push({ reason: 'dayDistance', dayHundredths: day, limitHundredths: limit });
  if (around.busyPeople.length) flags.push({ reason: 'personOverlap', personIds: around.busyPeople });
  return flags;
}

// ---------------------------------------------------------------- recording

/**
 * Records a trip with its passengers, and its roll-ups when it counts, all or nothing. Idempotent on
 * (driver, clientTripId): a retry (even one racing the first post, or one sent after the rules
 * below would now refuse it) answers the stored trip. A new trip is refused unless its driver may
 * drive (403), it is in the window (400), the driver has not sent too many this minute (429), and
 * it neither overlaps the driver's trips nor exceeds the day's (409); an unusual one is kept,
 * flagged, out of every figure until the employer decides.
 *
 * Concurrency: the rows of the trip's people (the driver's and the passengers') are locked for the
 * transaction, so two trips of one driver, or two sharing a passenger, are judged one after the
 * other, each seeing the other once committed.
 *
 * Trips posted at about the same time are recorded together (group commit, decision 0064): each
 * waits for the next batch, is judged on its own and gets its own answer.
 */
export async function recordTrip(ctx: ApiContext, auth: AuthUser, body: TripBody, now = Date.now()): Promise<{ created: boolean; trip: Trip }> {
  const trip = normalise(auth, body);
  return new Promise((resolve, reject) => enqueueTrip(ctx, { auth, trip, now, queuedAt: performance.now(), resolve, reject }));
}

/**
 * `recordTrip` for one trip in a transaction of its own: what a batch falls back to when one of its
 * statements fails unexpectedly (decision 0064), so that a bad trip fails alone.
 */
async function recordTripAlone(ctx: ApiContext, auth: AuthUser, trip: NormalTrip, now: number): Promise<{ created: boolean; trip: Trip }> {
  const { db } = ctx;
  const driverId = auth.userId;
  const recorded = await db.transaction(async (tx): Promise<{ created: boolean; trip: Trip; companyId?: string }> => {
    const people = await lockAndCheckPeople(tx, driverId, trip);
    // A retry answers the stored trip before any rule is applied again (the window may have moved).
    if ('stored' in people) return { created: false, trip: sameTrip(people.stored, trip) };
    const { companyId } = people;
    checkWhen(trip, now);
    const around = await surroundings(tx, companyId, driverId, trip, now);
    if (around.raced) {
      // A post of the same trip held the lock first and committed it: this one is its retry.
      const raced = await storedTrip(tx, driverId, trip.clientTripId);
      if (raced) return { created: false, trip: sameTrip(raced, trip) };
    }
    const flags = judge(trip, around, ctx.config.rateLimits.tripsPerDriverMinute);
    const status: TripReview = flags.length ? 'flagged' : 'counted';
    // The trip, its passengers and (when it counts) its roll-ups in one statement.
    const rolled =
      status === 'counted'
        ? sql`, ${rollUpCtes(companyId, { driverId, startedAt: trip.startedAt, hundredths: trip.hundredths, passengerIds: trip.passengerIds, passengerCount: trip.passengerIds.length, journeyGroupId: trip.journeyGroupId }, true)}`
        : sql``;
    const [row] = await preparedRows<{ id: string; created_at: Date | string }>(
      tx,
      sql`with trip as (
          insert into trips (company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, journey_group_id, status, flags)
          values (${companyId}, ${driverId}, ${trip.clientTripId}, ${trip.startedAt.toISOString()}, ${trip.hundredths}, ${trip.passengerIds.length},
            ${trip.journeyGroupId}, ${status}, ${JSON.stringify(flags)}::jsonb)
          returning id, created_at),
        pax as (
          insert into trip_passengers (trip_id, passenger_id)
          select trip.id, value::uuid from trip, json_array_elements_text(${JSON.stringify(trip.passengerIds)}::json)
          returning 1 as done)${rolled}
        select trip.id, trip.created_at from trip`,
    );
    return {
      created: true,
      trip: {
        id: row!.id,
        clientTripId: trip.clientTripId,
        driverId,
        startedAt: trip.startedAt.toISOString(),
        distanceMiles: trip.hundredths / 100,
        passengerIds: trip.passengerIds,
        journeyGroupId: trip.journeyGroupId,
        createdAt: toIso(row!.created_at) ?? '',
        review: status,
        flagReasons: flags.map((f): TripFlagReason => f.reason),
      },
      ...(status === 'counted' ? { companyId } : {}),
    };
  });
  // The company's share of a counted trip, now committed, into its monthly row (decision 0057).
  // Should it fail, the trip stays recorded and its delta waits for the next fold of the company.
  if (recorded.companyId) {
    await foldCompanyRollupsSoon(db, recorded.companyId).catch((e: unknown) => ctx.log.warn({ err: e, companyId: recorded.companyId }, 'company roll-up fold failed'));
  }
  return { created: recorded.created, trip: recorded.trip };
}

// ---------------------------------------------------------------- group commit (decision 0064)

type Recorded = { created: boolean; trip: Trip };

interface PendingTrip {
  auth: AuthUser;
  trip: NormalTrip;
  now: number;
  /** When it was queued (`performance.now()`), for `onBatchTimes`. */
  queuedAt?: number;
  resolve: (r: Recorded) => void;
  reject: (e: unknown) => void;
}

interface TripQueue {
  waiting: PendingTrip[];
  /** Batches being recorded now. */
  running: number;
  /** A start is scheduled for the end of this turn of the event loop. */
  scheduled: boolean;
  /** The people of the trips being recorded now. */
  busy: Set<string>;
  /** The trips waiting or being recorded, by driver and clientTripId, with the later posts of each that wait for its answer. */
  posted: Map<string, PendingTrip[]>;
}

/** The most trips a batch records (the statements' parameters grow with it). */
export const BATCH_MAX_TRIPS = 64;
/** Batches recorded at once: one writes while the next is judged (two connections of the pool). */
export const BATCHES_AT_ONCE = 2;
let batchesAtOnce: number = BATCHES_AT_ONCE;
/** For `bench/ingest.ts --batches`: how many batches this process records at once (1 to 8). */
export function setBatchesAtOnce(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`batches at once: 1 to 8, not ${n}`);
  batchesAtOnce = n;
}

const queues = new WeakMap<Db, TripQueue>();

/** Where a batch's time went (ms), for `bench/ingest.ts`: its trips' mean wait in the queue, then its steps. */
export interface BatchTimes {
  trips: number;
  queuedMs: number;
  /** From the batch's start to the lock's and the surroundings' rows (a connection of the pool, `begin`). */
  readMs: number;
  judgeMs: number;
  /** The write and the commit (nothing when every trip was refused or answered as a retry). */
  writeMs: number;
  /** The office shares' fold after the commit, and the answers. */
  afterMs: number;
}
let batchTimes: ((t: BatchTimes) => void) | undefined;
/** For `bench/ingest.ts`: called with each batch's times (none: not measured). */
export function onBatchTimes(report: ((t: BatchTimes) => void) | undefined): void {
  batchTimes = report;
}

/**
 * Queues a trip for the next batch, unless a post of the same trip (driver and clientTripId) is
 * waiting or being recorded in this process: a phone's retry sent while its first post is in flight
 * then waits for that post's answer instead of a batch of its own. Once the first is recorded the
 * retry answers it as a retry recorded after it would (`created: false`, or 409 when the same id names
 * another trip); had it been answered through the people's lock, it would have waited for the first
 * post's commit and then found it stored. A first post refused, or failed, answers nothing for the
 * retry: it is queued then and judged on its own, as it would have been.
 */
function enqueueTrip(ctx: ApiContext, p: PendingTrip): void {
  let q = queues.get(ctx.db);
  if (!q) queues.set(ctx.db, (q = { waiting: [], running: 0, scheduled: false, busy: new Set(), posted: new Map() }));
  const queue = q;
  const key = `${p.auth.userId.toLowerCase()} ${p.trip.clientTripId}`;
  const later = queue.posted.get(key);
  if (later) {
    later.push(p);
    return;
  }
  const retries: PendingTrip[] = [];
  queue.posted.set(key, retries);
  const settled = () => {
    if (queue.posted.get(key) === retries) queue.posted.delete(key);
  };
  queue.waiting.push({
    ...p,
    resolve: (r) => {
      settled();
      p.resolve(r);
      for (const retry of retries) {
        try {
          retry.resolve({ created: false, trip: sameTrip(r.trip, retry.trip) });
        } catch (e) {
          retry.reject(e);
        }
      }
    },
    reject: (e) => {
      settled();
      p.reject(e);
      for (const retry of retries) enqueueTrip(ctx, retry);
    },
  });
  pump(ctx, queue);
}

/**
 * Starts the next batch once a batch's place is free, at the end of the current turn of the event
 * loop: the trips whose requests were read in the same turn, or that arrived while every place was
 * taken, go together. A trip waits for a batch being written, never for a timer.
 */
function pump(ctx: ApiContext, q: TripQueue): void {
  if (q.scheduled || q.running >= batchesAtOnce || !q.waiting.length) return;
  q.scheduled = true;
  setImmediate(() => {
    q.scheduled = false;
    while (q.running < batchesAtOnce && q.waiting.length) {
      const batch = takeBatch(q);
      if (!batch.length) break;
      const people = batch.flatMap(peopleOf);
      for (const id of people) q.busy.add(id);
      q.running++;
      void recordBatch(ctx, batch).finally(() => {
        for (const id of people) q.busy.delete(id);
        q.running--;
        pump(ctx, q);
      });
    }
  });
}

const peopleOf = (p: PendingTrip): string[] => [p.auth.userId.toLowerCase(), ...p.trip.passengerIds];

/**
 * The next batch: the waiting trips in order of arrival, skipping any that shares a person (driver
 * or passenger) with a trip already taken or with a batch being recorded: those wait for a later
 * batch, which then sees the earlier trip committed, as a trip recorded alone would (a retry of a
 * trip in this batch finds it stored), and no batch waits on another's locks for one of its trips.
 * Every batch ends, so a skipped trip is taken by a later one, in its order of arrival.
 */
function takeBatch(q: TripQueue): PendingTrip[] {
  const taken: PendingTrip[] = [];
  const rest: PendingTrip[] = [];
  const busy = new Set(q.busy);
  for (const p of q.waiting) {
    const people = peopleOf(p);
    if (taken.length < BATCH_MAX_TRIPS && !people.some((id) => busy.has(id))) {
      taken.push(p);
      for (const id of people) busy.add(id);
    } else rest.push(p);
  }
  q.waiting = rest;
  return taken;
}

interface BatchAroundDbRow extends AroundFiguresDbRow {
  i: number;
  stored: TripDbRow | string | null;
  group_here: boolean;
}

/** A trip of the batch that passed every rule, to be written. */
interface Accepted {
  i: number;
  companyId: string;
  driverId: string;
  trip: NormalTrip;
  status: TripReview;
  flags: StoredTripFlag[];
}

/**
 * Records a batch of trips of distinct people in one transaction: the people's rows locked once, in
 * id order, for the whole batch; every trip's surroundings (the stored trip of its clientTripId
 * among them) read in one statement after the lock; each trip judged on its own (a refused trip
 * gets its own 4xx, the others go on); the accepted trips, their passengers and their roll-ups
 * (the companies' rows among them) written in one statement; one commit; a fold of the office shares
 * for a company whose counted trips had someone in an office. Should a statement fail unexpectedly,
 * the batch is rolled back and each of its trips recorded alone (`recordTripAlone`).
 */
async function recordBatch(ctx: ApiContext, batch: PendingTrip[]): Promise<void> {
  const { db } = ctx;
  let answers: (Recorded | HttpError)[];
  const companies = new Set<string>();
  const started = performance.now();
  let read = started;
  let judged = started;
  let wrote = started;
  try {
    answers = await pipelinedTransaction(db, async (tx) => {
      const out: (Recorded | HttpError)[] = new Array<Recorded | HttpError>(batch.length);
      const everyone = [...new Set(batch.flatMap((p) => [p.auth.userId.toLowerCase(), ...p.trip.passengerIds]))].sort();
      // The lock and the surroundings in one round trip (with the `begin`): the server runs the
      // surroundings once the lock statement has ended, with a snapshot taken then, so it reads every
      // trip of these people committed by a transaction the lock waited for.
      const [found, aroundRows] = await tx.rows<[PersonDbRow, BatchAroundDbRow]>([
        sql`select u.id, u.role, u.company_id, u.is_active, u.is_approved, u.is_driver_verified, u.driver_rejected_at, u.office_id,
            v.user_id is not null as has_vehicle, v.is_verified as vehicle_verified
          from users u ${vehicleOf}
          where u.id = any (${peopleKeys(everyone)})
            -- No JIT for the rest of the batch's transaction: the surroundings statement's generic plan is
            -- estimated above jit_above_cost for a hundred trips of a hundred people each, and compiling
            -- it took seconds at a loaded machine for a statement that runs in milliseconds.
            and (select set_config('jit', 'off', true)) is not null
          order by u.id for no key update of u`,
        batchSurroundings(batch),
      ]);
      read = performance.now();
      const people = new Map(found.map((p) => [p.id.toLowerCase(), p]));
      const around = new Map(aroundRows.map((r) => [Number(r.i), r]));
      const accepted: Accepted[] = [];
      batch.forEach((p, i) => {
        try {
          const a = around.get(i);
          // A retry (or a post of the same trip that committed first) answers the stored trip before any rule.
          if (a?.stored) {
            out[i] = { created: false, trip: sameTrip(toTrip(parsed<TripDbRow>(a.stored)), p.trip) };
            return;
          }
          const driverId = p.auth.userId;
          const companyId = refuseUnlessDriver(people.get(driverId.toLowerCase()));
          refuseUnlessPassengers(companyId, p.trip, people);
          if (p.trip.journeyGroupId && !a?.group_here) {
            throw new HttpError(400, MESSAGES.journeyGroups.notFound, [{ field: 'journeyGroupId', message: MESSAGES.journeyGroups.notFound }]);
          }
          checkWhen(p.trip, p.now);
          const flags = judge(p.trip, toSurroundings(a), ctx.config.rateLimits.tripsPerDriverMinute);
          accepted.push({ i, companyId, driverId, trip: p.trip, status: flags.length ? 'flagged' : 'counted', flags });
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
          out[i] = e;
        }
      });
      // The write, the companies' rows and the commit in one round trip: the companies' rows are held
      // from their own statement to the commit while the server runs them, not across a round trip.
      judged = performance.now();
      // Every person of the batch is locked until the commit and was read with the lock: an office
      // given to one of them now waits for the commit (migration 0056).
      const batchWrite = accepted.length ? writeBatch(accepted, found.every((p) => !p.office_id)) : null;
      const written = batchWrite
        ? recordedOf(accepted, await tx.commitWith(batchWrite.write, ...(batchWrite.company ? [batchWrite.company] : [])))
        : [];
      wrote = performance.now();
      for (const r of written) {
        out[r.i] = r.recorded;
        // The people's office shares wait as deltas (migration 0044) for the fold after the commit. The
        // offices read here are the ones the trigger reads: an office change waits for the people's lock.
        const { trip } = r.recorded;
        if (trip.review === 'counted' && [trip.driverId, ...trip.passengerIds].some((id) => people.get(id.toLowerCase())?.office_id)) companies.add(r.companyId);
      }
      return out;
    });
  } catch (e) {
    // Unexpected (a rule's refusal is an answer, not an error): nothing of the batch was written.
    if (batch.length === 1) {
      batch[0]!.reject(e);
      return;
    }
    ctx.log.warn({ err: e, trips: batch.length }, 'trip batch failed, recording its trips one by one');
    for (const p of batch) await recordTripAlone(ctx, p.auth, p.trip, p.now).then(p.resolve, p.reject);
    return;
  }
  // The office shares of the counted trips, now committed, into the offices' monthly rows (migration 0044).
  await Promise.all(
    [...companies].map((companyId) =>
      foldCompanyRollupsSoon(db, companyId).catch((e: unknown) => ctx.log.warn({ err: e, companyId }, 'company roll-up fold failed')),
    ),
  );
  batch.forEach((p, i) => {
    const a = answers[i]!;
    if (a instanceof HttpError) p.reject(a);
    else p.resolve(a);
  });
  if (batchTimes) {
    const end = performance.now();
    const queued = batch.reduce((sum, p) => sum + (started - (p.queuedAt ?? started)), 0) / batch.length;
    batchTimes({ trips: batch.length, queuedMs: queued, readMs: read - started, judgeMs: judged - read, writeMs: Math.max(0, wrote - judged), afterMs: end - Math.max(wrote, judged) });
  }
}

/** A surroundings statement's row (none: no neighbours) as the rules read it. */
function toSurroundings(r: AroundFiguresDbRow | undefined, raced = false): Surroundings {
  return {
    raced,
    lastMinute: Number(r?.last_minute ?? 0),
    lastMinuteWait: Number(r?.last_minute_wait ?? 0),
    overlaps: Boolean(r?.overlaps),
    dayTrips: Number(r?.day_trips ?? 0),
    dayHundredths: Number(r?.day_hundredths ?? 0),
    usualTrips: Number(r?.usual_trips ?? 0),
    usualHundredths: Number(r?.usual_hundredths ?? 0),
    busyPeople: r?.busy_people ? parsed<string[]>(r.busy_people).map((id) => id.toLowerCase()).sort() : [],
  };
}

/**
 * `surroundings` for every trip of a batch in one statement (a row a trip, by its index), read
 * after the people's lock, plus the trip as already stored for its (driver, clientTripId) and
 * whether its journey group is the driver's company's. The batch's trips share no person, so none
 * of them changes what another meets, except the company's usual trip, which a trip posted at the
 * same moment as another does not see either when each is recorded alone.
 */
function batchSurroundings(batch: PendingTrip[]): SQL {
  const req = batch.map((p, i) => {
    const { trip, now } = p;
    const driverId = p.auth.userId.toLowerCase();
    const dayStart = Math.floor(trip.startedAt.getTime() / DAY_MS) * DAY_MS;
    const lastMonth = currentMonth(new Date(now));
    return {
      i,
      driver: driverId,
      client: trip.clientTripId,
      grp: trip.journeyGroupId,
      people: [driverId, ...trip.passengerIds],
      start_at: trip.startedAt.toISOString(),
      end_at: new Date(trip.startedAt.getTime() + minTripMs(trip.hundredths)).toISOString(),
      earliest: new Date(trip.startedAt.getTime() - LONGEST_MS).toISOString(),
      day_start: new Date(dayStart).toISOString(),
      day_end: new Date(dayStart + DAY_MS).toISOString(),
      recordable: new Date(now - TRIP_RULES.maxAgeDays * DAY_MS - 3_600_000).toISOString(),
      first_month: addMonths(lastMonth, 1 - TRIP_RULES.usualMonths),
      last_month: lastMonth,
    };
  });
  const during = sql`t.started_at > r.earliest and t.started_at < r.end_at and t.started_at + ${tripTime} > r.start_at`;
  return sql`with r as materialized (
        select r.*, d.company
        from json_to_recordset(${JSON.stringify(req)}::json) as r(i int, driver uuid, client text, grp uuid, people json,
          start_at timestamptz, end_at timestamptz, earliest timestamptz, day_start timestamptz, day_end timestamptz, recordable timestamptz,
          first_month date, last_month date)
        -- The driver's company, on the row this transaction has locked (the statement runs after the lock),
        -- read on its key. Fenced (offset 0): unfenced, the generic plan (a hundred trips assumed) hashed
        -- the trips and scanned every user of every company for each batch (4 000 users: 5.8 ms of the
        -- statement's 7.5 ms for 13 trips at load 15, and growing with the users; fenced, 0.4 ms).
        left join lateral (select d.company_id as company from users d where d.id = r.driver offset 0) d on true
      ),
      -- The company's usual trip once for each company (and months) of the batch, not once a trip: its
      -- monthly rows and the shares of them not folded in yet. A batch's trips are mostly one company's.
      u as (
        select c.company, c.first_month, c.last_month, s.usual_trips, s.usual_hundredths
        from (select distinct r.company, r.first_month, r.last_month from r) c
        cross join lateral ${usualTrip(sql`c.company`, sql`c.first_month`, sql`c.last_month`)} s
      )
      select r.i,
        (select row_to_json(s) from (
          select t.id, t.client_trip_id, t.driver_id, t.started_at, t.distance_hundredths, t.journey_group_id, t.created_at, t.status, t.flags,
            coalesce((select json_agg(tp.passenger_id order by tp.passenger_id) from trip_passengers tp where tp.trip_id = t.id), '[]'::json) as passenger_ids
          from trips t where t.driver_id = r.driver and t.client_trip_id = r.client) s) as stored,
        -- Fenced (offset 0): one probe of journey_groups_pkey for a trip with a group, not a hash of every group.
        exists (select 1 from journey_groups g where g.id = r.grp and g.company_id = r.company offset 0) as group_here,
        m.last_minute, m.last_minute_wait,
        exists (select 1 from trips t where t.driver_id = r.driver and ${during}) as overlaps,
        dy.day_trips, dy.day_hundredths,
        coalesce(u.usual_trips, 0) as usual_trips, coalesce(u.usual_hundredths, 0) as usual_hundredths,
        ${busyPeople(sql`r.people`, sql`r.driver`, during)} as busy_people
      from r
      cross join lateral (select count(*)::int as last_minute, ceil(extract(epoch from min(t.created_at) + interval '1 minute' - now()))::int as last_minute_wait
        from trips t where t.driver_id = r.driver and t.started_at > r.recordable and t.created_at > now() - interval '1 minute') m
      cross join lateral ${driverDay(sql`r.driver`, sql`r.day_start`, sql`r.day_end`)} dy
      left join u on u.company = r.company and u.first_month = r.first_month and u.last_month = r.last_month`;
}

/**
 * The accepted trips of a batch, their passengers and the roll-ups of the counted ones: `write`, one
 * statement of data-modifying CTEs (`rollUpCtes` for many trips at once, the shares summed per row
 * in the api and written in the same fixed order: employee rows by id, totals, groups), then
 * `company`, the companies' pending deltas and rows in key order, so that batches sharing a journey
 * group or a company wait for each other without deadlock. The company's row is written in the
 * batch, not appended as a delta and folded after the commit (decision 0064's addendum "the
 * company's share in the batch"; the fold was a statement and a commit more for every batch), in a
 * statement of its own sent with the commit behind the write: a batch holds it for that statement
 * and the commit only (the addendum "the company's row last"), and the other batch of the company
 * waits that long at most.
 */
function writeBatch(accepted: Accepted[], withoutOffices: boolean): { write: SQL; company: SQL | null } {
  const trips = accepted.map((a) => ({
    i: a.i,
    company: a.companyId,
    driver: a.driverId.toLowerCase(),
    client: a.trip.clientTripId,
    started_at: a.trip.startedAt.toISOString(),
    hundredths: a.trip.hundredths,
    pax: a.trip.passengerIds.length,
    grp: a.trip.journeyGroupId,
    status: a.status,
    flags: a.flags,
  }));
  const passengers = accepted.flatMap((a) => a.trip.passengerIds.map((id) => ({ driver: a.driverId.toLowerCase(), id })));
  const sum = <K extends string>(into: Map<string, Record<K, number> & Record<string, unknown>>, key: string, row: Record<K, number> & Record<string, unknown>, fields: K[]) => {
    const had = into.get(key);
    if (!had) into.set(key, { ...row });
    else for (const f of fields) (had as Record<K, number>)[f] += row[f];
  };
  const em = new Map<string, { company: string; month: string; id: string; d: number; p: number; dh: number; ph: number }>();
  const grp = new Map<string, { company: string; month: string; grp: string; trips: number; dh: number; ph: number }>();
  const co = new Map<string, { company: string; month: string; trips: number; dh: number; ph: number }>();
  for (const a of accepted) {
    if (a.status !== 'counted') continue;
    const month = monthOf(a.trip.startedAt);
    const h = a.trip.hundredths;
    const c = a.companyId;
    sum(em, `${c} ${month} ${a.driverId.toLowerCase()}`, { company: c, month, id: a.driverId.toLowerCase(), d: 1, p: 0, dh: h, ph: 0 }, ['d', 'p', 'dh', 'ph']);
    for (const id of a.trip.passengerIds) sum(em, `${c} ${month} ${id}`, { company: c, month, id, d: 0, p: 1, dh: 0, ph: h }, ['d', 'p', 'dh', 'ph']);
    const ph = h * a.trip.passengerIds.length;
    if (a.trip.journeyGroupId) sum(grp, `${c} ${month} ${a.trip.journeyGroupId}`, { company: c, month, grp: a.trip.journeyGroupId, trips: 1, dh: h, ph }, ['trips', 'dh', 'ph']);
    sum(co, `${c} ${month}`, { company: c, month, trips: 1, dh: h, ph }, ['trips', 'dh', 'ph']);
  }
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const emRows = [...em.values()].sort(byId);
  const grpRows = [...grp.values()].sort((a, b) => (a.grp < b.grp ? -1 : a.grp > b.grp ? 1 : a.month < b.month ? -1 : 1));
  // The statement marks itself (migration 0054) before its first insert: `r` is read by the trips'
  // insert, which the final select runs before any other CTE. Its counted trips and roll-up rows then
  // queue no commit-time event each; the company's row, written by `company` right after, moves the
  // insights version once, at the commit, for every company they belong to. When none of the people
  // the batch locked has an office, it also marks itself for the office-share statement triggers of
  // the month rows (migration 0056), which would append nothing: they skip it.
  const marks = withoutOffices
    ? sql`(select set_config('portal.company_row_bumps', statement_timestamp()::text, true) || set_config('portal.batch_without_offices', statement_timestamp()::text, true))`
    : sql`(select set_config('portal.company_row_bumps', statement_timestamp()::text, true))`;
  const write = sql`with r as (
        select * from json_to_recordset(${JSON.stringify(trips)}::json)
          as r(i int, company uuid, driver uuid, client text, started_at timestamptz, hundredths int, pax int, grp uuid, status text, flags jsonb)
        where ${marks} is not null),
      trip as (
        insert into trips (company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, journey_group_id, status, flags)
        select r.company, r.driver, r.client, r.started_at, r.hundredths, r.pax, r.grp, r.status, r.flags from r order by r.i
        returning id, driver_id, created_at),
      pax as (
        insert into trip_passengers (trip_id, passenger_id)
        select trip.id, p.id from trip join json_to_recordset(${JSON.stringify(passengers)}::json) as p(driver uuid, id uuid) on p.driver = trip.driver_id
        returning 1 as done),
      x as (select * from json_to_recordset(${JSON.stringify(emRows)}::json) as x(company uuid, month date, id uuid, d int, p int, dh bigint, ph bigint)),
      em as (
        insert into employee_monthly_stats as s (company_id, month, employee_id, trips_as_driver, trips_as_passenger, driver_hundredths, passenger_hundredths)
        select x.company, x.month, x.id, x.d, x.p, x.dh, x.ph from x order by x.id, x.month
        on conflict (company_id, month, employee_id) do update set ${ADD_PERSON_FIGURES}
        returning (xmax = 0) as inserted, s.company_id, s.month),
      tot as (
        insert into employee_trip_totals as s (company_id, employee_id, trips_as_driver, trips_as_passenger, driver_hundredths, passenger_hundredths)
        select x.company, x.id, sum(x.d), sum(x.p), sum(x.dh), sum(x.ph) from x where (select count(*) from em) >= 0 group by x.company, x.id order by x.id
        on conflict (company_id, employee_id) do update set ${ADD_PERSON_FIGURES}
        returning 1 as done),
      grp as (
        insert into journey_group_monthly_stats as s (company_id, month, group_id, trips, distance_hundredths, passenger_hundredths)
        select g.company, g.month, g.grp, g.trips, g.dh, g.ph
        from json_to_recordset(${JSON.stringify(grpRows)}::json) as g(company uuid, month date, grp uuid, trips int, dh bigint, ph bigint)
        where (select count(*) from tot) >= 0 order by g.grp, g.month
        on conflict (company_id, month, group_id) do update set
          trips = s.trips + excluded.trips,
          distance_hundredths = s.distance_hundredths + excluded.distance_hundredths,
          passenger_hundredths = s.passenger_hundredths + excluded.passenger_hundredths
        returning 1 as done),
      -- The employees new in a month of a company (its participants), noted in the transaction for the
      -- companies' statement. Read once every trip is in (after the mark), before any employee row.
      joined as (
        select coalesce(json_agg(json_build_object('company', j.company_id, 'month', j.month, 'n', j.n)), '[]')::text as people
        from (select em.company_id, em.month, count(*) as n from em where em.inserted and (select count(*) from trip) >= 0 group by em.company_id, em.month) j)
      select trip.id, trip.driver_id, trip.created_at,
        (select set_config('portal.batch_participants', joined.people, true) from joined) as noted
      from trip`;
  // The companies' rows in a statement of their own, sent right behind the write with the commit: a
  // batch holds a company's row for this statement and the commit only, not for the rest of the write
  // (its foreign-key checks and office-share triggers run before), so the other batch of the company
  // waits that much less. It reads the participants the write noted in its transaction.
  const coRows = [...co.values()].sort((a, b) => (a.company < b.company ? -1 : a.company > b.company ? 1 : a.month < b.month ? -1 : 1));
  const company = coRows.length
    ? sql`with c as (
        select c.company, c.month, c.trips, c.dh, c.ph, coalesce(j.n, 0) as p
        from json_to_recordset(${JSON.stringify(coRows)}::json) as c(company uuid, month date, trips int, dh bigint, ph bigint)
        left join json_to_recordset(current_setting('portal.batch_participants')::json) as j(company uuid, month date, n int)
          on j.company = c.company and j.month = c.month),
      -- Shares of these companies that a fold left behind (decision 0057), folded with the batch's.
      pending as (
        delete from company_monthly_stat_deltas d
        where d.company_id = any (array(select distinct c.company from c))
        returning d.company_id, d.month, d.trips, d.distance_hundredths, d.passenger_hundredths, d.participants)
      insert into company_monthly_stats as s (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      select y.company, y.month, sum(y.trips), sum(y.dh), sum(y.ph), sum(y.p) from (
          select c.company, c.month, c.trips, c.dh, c.ph, c.p from c
          union all
          select d.company_id, d.month, d.trips, d.distance_hundredths, d.passenger_hundredths, d.participants from pending d
        ) y
      group by y.company, y.month order by y.company, y.month
      on conflict (company_id, month) do update set
        trips = s.trips + excluded.trips,
        distance_hundredths = s.distance_hundredths + excluded.distance_hundredths,
        passenger_hundredths = s.passenger_hundredths + excluded.passenger_hundredths,
        participants = s.participants + excluded.participants`
    : null;
  return { write, company };
}

/** The answers of the trips `writeBatch` wrote, from its rows (a trip a driver). */
function recordedOf(accepted: Accepted[], found: { id: string; driver_id: string; created_at: Date | string }[]): { i: number; companyId: string; recorded: Recorded }[] {
  const byDriver = new Map(found.map((r) => [r.driver_id.toLowerCase(), r]));
  return accepted.map((a) => {
    const row = byDriver.get(a.driverId.toLowerCase());
    if (!row) throw new Error('a recorded trip was not returned');
    return {
      i: a.i,
      companyId: a.companyId,
      recorded: {
        created: true,
        trip: {
          id: row.id,
          clientTripId: a.trip.clientTripId,
          driverId: a.driverId,
          startedAt: a.trip.startedAt.toISOString(),
          distanceMiles: a.trip.hundredths / 100,
          passengerIds: a.trip.passengerIds,
          journeyGroupId: a.trip.journeyGroupId,
          createdAt: toIso(row.created_at) ?? '',
          review: a.status,
          flagReasons: a.flags.map((f): TripFlagReason => f.reason),
        },
      },
    };
  });
}
