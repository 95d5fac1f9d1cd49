import { sql } from 'drizzle-orm';
import { MESSAGES, type FlaggedTrip, type Page, type TripFlag } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { pageAnswer, rows, toIso } from '../../db/sql';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../lib/sessions';
import { recordAudit } from '../../lib/audit';
import { rollUp } from './rollups';
import type { StoredTripFlag } from './service';

/**
 * The employer's review of flagged trips (docs/decisions/0030-trips-that-count.md): the list of
 * those waiting, and the decision on one. Confirming adds the trip to the roll-ups; rejecting keeps
 * it out of them for good. Either is audited in the decision's transaction.
 */

const R = MESSAGES.insights.tripReview;

/** A person's name as the screens show it. */
const personName = sql`coalesce(u.first_name || ' ' || u.last_name, u.name)`;

interface FlaggedDbRow {
  total: number;
  id: string | null;
  started_at: Date | string;
  distance_hundredths: number;
  driver_id: string | null;
  driver_name: string | null;
  passengers: { id: string; name: string }[] | string | null;
  journey_group: string | null;
  created_at: Date | string;
  flags: StoredTripFlag[] | string;
}

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** The stored flags as the employer reads them: figures in miles, people by name. */
function toFlags(stored: StoredTripFlag[], names: Map<string, string>): TripFlag[] {
  return stored.map((f): TripFlag =>
    f.reason === 'dayDistance'
      ? { reason: 'dayDistance', dayMiles: f.dayHundredths / 100, limitMiles: f.limitHundredths / 100 }
      : { reason: 'personOverlap', people: f.personIds.map((id) => names.get(id.toLowerCase()) ?? R.deletedDriver) },
  );
}

/**
 * A page of the company's flagged trips, newest first: one statement for the page (the partial
 * index holds exactly the flagged trips in that order), one for the names the flags mention.
 */
export async function flaggedTrips(db: Db, companyId: string, pageNumber: number, pageSize: number): Promise<Page<FlaggedTrip>> {
  const found = await rows<FlaggedDbRow>(
    db,
    sql`select c.total, p.* from (select count(*)::int as total from trips t where t.company_id = ${companyId} and t.status = 'flagged') c
      left join lateral (
        select t.id, t.started_at, t.distance_hundredths, t.driver_id, t.created_at, t.flags,
          (select ${personName} from users u where u.id = t.driver_id) as driver_name,
          (select g.name from journey_groups g where g.id = t.journey_group_id) as journey_group,
          coalesce((select json_agg(json_build_object('id', u.id, 'name', ${personName}) order by lower(${personName}), u.id)
            from trip_passengers tp join users u on u.id = tp.passenger_id where tp.trip_id = t.id), '[]'::json) as passengers
        from trips t
        where t.company_id = ${companyId} and t.status = 'flagged'
        order by t.started_at desc, t.id desc
        limit ${pageSize} offset ${(pageNumber - 1) * pageSize}
      ) p on true`,
  );
  const page = found.filter((r) => r.id !== null);
  const mentioned = [...new Set(page.flatMap((r) => parsed<StoredTripFlag[]>(r.flags).flatMap((f) => (f.reason === 'personOverlap' ? f.personIds : []))))];
  const names = new Map<string, string>();
  if (mentioned.length) {
    const people = await rows<{ id: string; name: string }>(
      db,
      sql`select u.id, ${personName} as name from users u
        where u.id in (select value::uuid from json_array_elements_text(${JSON.stringify(mentioned)}::json)) and u.company_id = ${companyId}`,
    );
    for (const p of people) names.set(p.id.toLowerCase(), p.name);
  }
  const items = page.map(
    (r): FlaggedTrip => ({
      id: r.id!,
      startedAt: toIso(r.started_at) ?? '',
      distanceMiles: r.distance_hundredths / 100,
      driver: { id: r.driver_id, name: r.driver_name ?? R.deletedDriver },
      passengers: r.passengers === null ? [] : parsed<{ id: string; name: string }[]>(r.passengers),
      journeyGroup: r.journey_group,
      recordedAt: toIso(r.created_at) ?? '',
      flags: toFlags(parsed<StoredTripFlag[]>(r.flags), names),
    }),
  );
  return pageAnswer(items, Number(found[0]?.total ?? 0), pageNumber, pageSize);
}

interface DecidedDbRow {
  id: string;
  company_id: string;
  driver_id: string | null;
  driver_name: string | null;
  started_at: Date | string;
  distance_hundredths: number;
  passenger_count: number;
  journey_group_id: string | null;
  status: string;
  flags: StoredTripFlag[] | string;
  passenger_ids: string[] | string | null;
  busy_names: string[] | string | null;
}

const miles = (hundredths: number) => (hundredths / 100).toFixed(2);

/** The flags in the words the review list uses, for the audit entry. */
function flagsInWords(stored: StoredTripFlag[], busyNames: string[]): string {
  return stored
    .map((f) => (f.reason === 'dayDistance' ? R.reasons.dayDistance(miles(f.dayHundredths), miles(f.limitHundredths)) : R.reasons.personOverlap(busyNames.join(', '))))
    .join('; ');
}

/**
 * Confirms or rejects one flagged trip of the caller's company, in one transaction with its
 * roll-ups (on confirmation) and its audit entry. The trip's row is locked, so of two decisions
 * sent at once the second finds it decided (409). Another company's trip is not found (404).
 */
export async function decideTrip(db: Db, auth: AuthUser, tripId: string, decision: 'confirmed' | 'rejected'): Promise<void> {
  // An employer before setup has no company: an id that matches nothing.
  const companyId = auth.companyId ?? '00000000-0000-0000-0000-000000000000';
  if (!isUuid(tripId)) throw notFound(R.notFound);
  await db.transaction(async (tx) => {
    const [t] = await rows<DecidedDbRow>(
      tx,
      sql`select t.id, t.company_id, t.driver_id, t.started_at, t.distance_hundredths, t.passenger_count, t.journey_group_id, t.status, t.flags,
          (select ${personName} from users u where u.id = t.driver_id) as driver_name,
          coalesce((select json_agg(tp.passenger_id) from trip_passengers tp where tp.trip_id = t.id), '[]'::json) as passenger_ids,
          (select json_agg(${personName} order by lower(${personName})) from users u where u.id in (
            select p::uuid from jsonb_array_elements(t.flags) f, jsonb_array_elements_text(f->'personIds') p where f->>'reason' = 'personOverlap')) as busy_names
        from trips t where t.id = ${tripId} and t.company_id = ${companyId}
        for update of t`,
    );
    if (!t) throw notFound(R.notFound);
    if (t.status !== 'flagged') throw new HttpError(409, R.alreadyReviewed);
    await tx.execute(sql`update trips set status = ${decision}, reviewed_at = now(), reviewed_by = ${auth.userId} where id = ${t.id}`);
    const startedAt = new Date(toIso(t.started_at) ?? '');
    if (decision === 'confirmed') {
      const passengerIds = (t.passenger_ids === null ? [] : parsed<string[]>(t.passenger_ids)).map((id) => id.toLowerCase());
      await rollUp(tx, t.company_id, {
        driverId: t.driver_id,
        startedAt,
        hundredths: t.distance_hundredths,
        passengerIds,
        passengerCount: Number(t.passenger_count),
        journeyGroupId: t.journey_group_id,
      });
    }
    await recordAudit(tx, auth, {
      action: decision === 'confirmed' ? 'trip.confirmed' : 'trip.rejected',
      companyId: t.company_id,
      target: {
        kind: 'trip',
        id: t.id,
        label: MESSAGES.audit.tripLabel(t.driver_name ?? R.deletedDriver, startedAt.toISOString().slice(0, 16).replace('T', ' '), miles(t.distance_hundredths)),
      },
      detail: flagsInWords(parsed<StoredTripFlag[]>(t.flags), t.busy_names === null ? [] : parsed<string[]>(t.busy_names)),
    });
  });
}
