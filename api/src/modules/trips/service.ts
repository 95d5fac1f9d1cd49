import { sql } from 'drizzle-orm';
import { MESSAGES, TRIP_RULES, type FieldError, type Trip, type TripBody } from '@portal/shared-contracts';
import type { Db, Tx } from '../../db/client';
import { rows, toIso } from '../../db/sql';
import { HttpError, forbidden, notFound } from '../../lib/http-error';
import type { AuthUser } from '../accounts/sessions';
import { rollUp } from './rollups';

const DAY_MS = 86_400_000;

/**
 * The caller as an employee of the mobile app: the session already proves them active; joining
 * the company's data also takes approval by the employer.
 */
export async function approvedEmployee(db: Db, auth: AuthUser): Promise<{ companyId: string }> {
  const [me] = await rows<{ company_id: string | null; is_approved: boolean }>(
    db,
    sql`select company_id, is_approved from users where id = ${auth.userId} and role = 'Employee'`,
  );
  if (!me?.company_id) throw forbidden();
  if (!me.is_approved) throw new HttpError(403, MESSAGES.trips.notApproved);
  return { companyId: me.company_id };
}

interface TripDbRow {
  id: string;
  client_trip_id: string;
  driver_id: string;
  started_at: Date | string;
  distance_hundredths: number;
  journey_group_id: string | null;
  created_at: Date | string;
  passenger_ids: string[] | string | null;
}

function toTrip(r: TripDbRow): Trip {
  const ids = typeof r.passenger_ids === 'string' ? (JSON.parse(r.passenger_ids) as string[]) : (r.passenger_ids ?? []);
  return {
    id: r.id,
    clientTripId: r.client_trip_id,
    driverId: r.driver_id,
    startedAt: toIso(r.started_at) ?? '',
    distanceMiles: r.distance_hundredths / 100,
    passengerIds: [...ids].sort(),
    journeyGroupId: r.journey_group_id,
    createdAt: toIso(r.created_at) ?? '',
  };
}

async function storedTrip(db: Db, driverId: string, clientTripId: string): Promise<Trip | null> {
  const [r] = await rows<TripDbRow>(
    db,
    sql`select t.id, t.client_trip_id, t.driver_id, t.started_at, t.distance_hundredths, t.journey_group_id, t.created_at,
        coalesce((select json_agg(tp.passenger_id order by tp.passenger_id) from trip_passengers tp where tp.trip_id = t.id), '[]'::json) as passenger_ids
      from trips t where t.driver_id = ${driverId} and t.client_trip_id = ${clientTripId}`,
  );
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

/** The checks that need the clock or the caller (the contract schema did the rest). */
function normalise(auth: AuthUser, body: TripBody, now: number): NormalTrip {
  const startedAt = new Date(body.startedAt);
  const errors: FieldError[] = [];
  if (startedAt.getTime() > now + TRIP_RULES.clockSkewMs) errors.push({ field: 'startedAt', message: MESSAGES.trips.inFuture });
  if (startedAt.getTime() < now - TRIP_RULES.maxAgeDays * DAY_MS) errors.push({ field: 'startedAt', message: MESSAGES.trips.tooOld });
  const passengerIds = body.passengerIds.map((p) => p.toLowerCase()).sort();
  if (passengerIds.includes(auth.userId.toLowerCase())) errors.push({ field: 'passengerIds', message: MESSAGES.trips.passengerIsDriver });
  if (errors.length) throw new HttpError(400, errors[0]!.message, errors);
  return {
    clientTripId: body.clientTripId,
    startedAt,
    hundredths: Math.round(body.distanceMiles * 100),
    passengerIds,
    journeyGroupId: body.journeyGroupId?.toLowerCase() ?? null,
  };
}

/** Every passenger an active, approved employee of the company; the group one of the company's. */
async function checkPeople(tx: Tx, companyId: string, trip: NormalTrip): Promise<void> {
  const found = await rows<{ id: string }>(
    tx,
    sql`select u.id from users u
      where u.id in (select value::uuid from json_array_elements_text(${JSON.stringify(trip.passengerIds)}::json))
        and u.company_id = ${companyId} and u.role = 'Employee' and u.is_active and u.is_approved`,
  );
  if (found.length !== trip.passengerIds.length) {
    const ok = new Set(found.map((r) => r.id.toLowerCase()));
    const errors = trip.passengerIds.flatMap((id, i) => (ok.has(id) ? [] : [{ field: `passengerIds.${i}`, message: MESSAGES.trips.passengerInvalid }]));
    throw new HttpError(400, MESSAGES.trips.passengerInvalid, errors);
  }
  if (trip.journeyGroupId) {
    const [g] = await rows<{ id: string }>(tx, sql`select id from journey_groups where id = ${trip.journeyGroupId} and company_id = ${companyId}`);
    if (!g) throw new HttpError(400, MESSAGES.journeyGroups.notFound, [{ field: 'journeyGroupId', message: MESSAGES.journeyGroups.notFound }]);
  }
}

/**
 * Records a trip with its passengers and roll-ups, all or nothing. Idempotent on (driver,
 * clientTripId): a retry (even one racing the first post) answers the stored trip.
 */
export async function recordTrip(db: Db, auth: AuthUser, body: TripBody, now = Date.now()): Promise<{ created: boolean; trip: Trip }> {
  const trip = normalise(auth, body, now);
  const driverId = auth.userId;
  const { companyId } = await approvedEmployee(db, auth);
  const before = await storedTrip(db, driverId, trip.clientTripId);
  if (before) return { created: false, trip: sameTrip(before, trip) };
  const created = await db.transaction(async (tx): Promise<Trip | null> => {
    await checkPeople(tx, companyId, trip);
    const [row] = await rows<{ id: string; created_at: Date | string }>(
      tx,
      sql`insert into trips (company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, journey_group_id)
        values (${companyId}, ${driverId}, ${trip.clientTripId}, ${trip.startedAt.toISOString()}, ${trip.hundredths}, ${trip.passengerIds.length}, ${trip.journeyGroupId})
        on conflict (driver_id, client_trip_id) do nothing
        returning id, created_at`,
    );
    // Another post of the same trip committed first: nothing of this one is written.
    if (!row) return null;
    await tx.execute(
      sql`insert into trip_passengers (trip_id, passenger_id)
        select ${row.id}, value::uuid from json_array_elements_text(${JSON.stringify(trip.passengerIds)}::json)`,
    );
    await rollUp(tx, companyId, driverId, trip);
    return {
      id: row.id,
      clientTripId: trip.clientTripId,
      driverId,
      startedAt: trip.startedAt.toISOString(),
      distanceMiles: trip.hundredths / 100,
      passengerIds: trip.passengerIds,
      journeyGroupId: trip.journeyGroupId,
      createdAt: toIso(row.created_at) ?? '',
    };
  });
  if (created) return { created: true, trip: created };
  const stored = await storedTrip(db, driverId, trip.clientTripId);
  if (!stored) throw notFound();
  return { created: false, trip: sameTrip(stored, trip) };
}
