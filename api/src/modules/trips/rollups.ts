import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { monthOf } from '../../lib/period';

/**
 * The roll-ups every insight reads: per employee and month, per employee over all time, per
 * journey group and month, per company and month. They hold counted trips only (`counted`, and
 * `confirmed` once an employer confirms a flagged one): a flagged or rejected trip is in none.
 * A counted trip adds itself in its own transaction, a confirmed one in the confirmation's
 * (`rollUp`); bulk loads (demo data) insert trips and rebuild them (`rebuildRollups`).
 */

/** Trips in the roll-ups, as SQL over `trips t`. */
export const COUNTED = sql`t.status in ('counted', 'confirmed')`;

/** What the roll-ups take of a trip. */
export interface RolledTrip {
  /** Null once the driver's account is deleted. */
  driverId: string | null;
  startedAt: Date;
  hundredths: number;
  /** The passengers still on record (lower case). */
  passengerIds: string[];
  /** Passengers when the trip was recorded (what the company's passenger miles count). */
  passengerCount: number;
  journeyGroupId: string | null;
}

/**
 * An upsert's update of a person's row (`employee_monthly_stats`, `employee_trip_totals`, aliased
 * `s`): the new figures added to the stored ones. One trip's roll-ups and a batch's write it alike.
 */
export const ADD_PERSON_FIGURES = sql.raw(`trips_as_driver = s.trips_as_driver + excluded.trips_as_driver,
  trips_as_passenger = s.trips_as_passenger + excluded.trips_as_passenger,
  driver_hundredths = s.driver_hundredths + excluded.driver_hundredths,
  passenger_hundredths = s.passenger_hundredths + excluded.passenger_hundredths`);

/**
 * The roll-up writes of one trip as the CTEs of a single statement (`em`, `tot`, `grp`, `co`,
 * comma-separated, to follow other CTEs or open a `with`): one round trip instead of four. Each
 * reads the one before it, so they run, and lock, in a fixed order whatever the plan: employee rows
 * by id, then totals by id, then the group's, then the company's. Two trips sharing people wait for
 * each other but never deadlock; the company's row, the one every trip of the month shares, is
 * locked last. With `deferCompany` the company's share is appended to company_monthly_stat_deltas
 * instead (no row shared with other trips is then locked at all) and `foldCompanyRollups`, after the
 * commit, adds it to the company's row.
 */
export function rollUpCtes(companyId: string, trip: RolledTrip, deferCompany = false): SQL {
  const month = monthOf(trip.startedAt);
  const h = trip.hundredths;
  const people = [
    ...(trip.driverId ? [{ id: trip.driverId.toLowerCase(), d: 1, p: 0, dh: h, ph: 0 }] : []),
    ...trip.passengerIds.map((id) => ({ id, d: 0, p: 1, dh: 0, ph: h })),
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const people$ = sql`json_to_recordset(${JSON.stringify(people)}::json) as x(id uuid, d int, p int, dh bigint, ph bigint)`;
  const passengerHundredths = h * trip.passengerCount;
  return sql`em as (
      insert into employee_monthly_stats as s (company_id, month, employee_id, trips_as_driver, trips_as_passenger, driver_hundredths, passenger_hundredths)
      select ${companyId}, ${month}::date, x.id, x.d, x.p, x.dh, x.ph from ${people$} order by x.id
      on conflict (company_id, month, employee_id) do update set ${ADD_PERSON_FIGURES}
      returning (xmax = 0) as inserted),
    tot as (
      insert into employee_trip_totals as s (company_id, employee_id, trips_as_driver, trips_as_passenger, driver_hundredths, passenger_hundredths)
      select ${companyId}, x.id, x.d, x.p, x.dh, x.ph from ${people$} where (select count(*) from em) >= 0 order by x.id
      on conflict (company_id, employee_id) do update set ${ADD_PERSON_FIGURES}
      returning 1 as done),
    grp as (
      insert into journey_group_monthly_stats as s (company_id, month, group_id, trips, distance_hundredths, passenger_hundredths)
      select ${companyId}, ${month}::date, ${trip.journeyGroupId}::uuid, 1, ${h}, ${passengerHundredths}
      where ${trip.journeyGroupId}::uuid is not null and (select count(*) from tot) >= 0
      on conflict (company_id, month, group_id) do update set
        trips = s.trips + 1,
        distance_hundredths = s.distance_hundredths + excluded.distance_hundredths,
        passenger_hundredths = s.passenger_hundredths + excluded.passenger_hundredths
      returning 1 as done),
    co as (${
      deferCompany
        ? sql`
      insert into company_monthly_stat_deltas (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      select ${companyId}, ${month}::date, 1, ${h}, ${passengerHundredths}, (select count(*) from em where em.inserted)
      where (select count(*) from grp) >= 0
      returning 1 as done)`
        : sql`
      insert into company_monthly_stats as s (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      select ${companyId}, ${month}::date, 1, ${h}, ${passengerHundredths}, (select count(*) from em where em.inserted)
      where (select count(*) from grp) >= 0
      on conflict (company_id, month) do update set
        trips = s.trips + 1,
        distance_hundredths = s.distance_hundredths + excluded.distance_hundredths,
        passenger_hundredths = s.passenger_hundredths + excluded.passenger_hundredths,
        participants = s.participants + excluded.participants
      returning 1 as done)`
    }`;
}

/**
 * Folds the company's pending deltas into its monthly rows, in one statement of its own
 * transaction: the company's (`rollUpCtes` with `deferCompany`) into company_monthly_stats, then its
 * offices' (appended by the trigger on employee_monthly_stats, migration 0044) into
 * office_monthly_stats. The deltas it deletes are the ones it adds, each table's rows are locked in
 * key order, company rows before office rows, and only while the statement runs, never across a
 * round trip to the api. Two folds at once take disjoint deltas. Deltas of a transaction not yet
 * committed are not seen; that transaction folds them after its commit. Readers sum rows and deltas,
 * so a fold moves no figure, nor the insights version (migration 0052).
 */
export async function foldCompanyRollups(db: Db, companyId: string): Promise<void> {
  // The statement marks itself as a fold (migration 0052): company_monthly_stats' triggers then leave
  // the insights version as it is, since readers sum rows and deltas and no figure moves.
  await db.execute(sql`
    with f as (select set_config('portal.rollup_fold', statement_timestamp()::text, true) as marked),
    d as (delete from company_monthly_stat_deltas where company_id = ${companyId} and (select count(*) from f) = 1 returning *),
    co as (
      insert into company_monthly_stats as s (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      select ${companyId}, d.month, sum(d.trips), sum(d.distance_hundredths), sum(d.passenger_hundredths), sum(d.participants)
      from d group by d.month order by d.month
      on conflict (company_id, month) do update set
        trips = s.trips + excluded.trips,
        distance_hundredths = s.distance_hundredths + excluded.distance_hundredths,
        passenger_hundredths = s.passenger_hundredths + excluded.passenger_hundredths,
        participants = s.participants + excluded.participants
      returning 1 as done),
    od as (delete from office_monthly_stat_deltas where company_id = ${companyId} and (select count(*) from co) >= 0 returning *)
    insert into office_monthly_stats as s (company_id, month, office_id, trips, distance_hundredths, passenger_hundredths, participants)
    select ${companyId}, od.month, od.office_id, sum(od.trips), sum(od.distance_hundredths), sum(od.passenger_hundredths), sum(od.participants)
    from od group by od.month, od.office_id order by od.month, od.office_id
    on conflict (company_id, month, office_id) do update set
      trips = s.trips + excluded.trips,
      distance_hundredths = s.distance_hundredths + excluded.distance_hundredths,
      passenger_hundredths = s.passenger_hundredths + excluded.passenger_hundredths,
      participants = s.participants + excluded.participants`);
}

/** Adds the trip to every roll-up, in the transaction that makes it count (one statement, `rollUpCtes`). */
export async function rollUp(tx: Tx, companyId: string, trip: RolledTrip): Promise<void> {
  await tx.execute(sql`with ${rollUpCtes(companyId, trip)} select (select count(*) from co) as done`);
}

interface Folding {
  running: Promise<void> | null;
  queued: Promise<void> | null;
}
const folding = new WeakMap<Db, Map<string, Folding>>();

/**
 * A fold of the company's deltas that starts after this call, shared: while one fold runs, every
 * call waits for the single next one (which starts when the running one ends and takes every delta
 * committed by then), so at 50 trips at once the company's row takes a few folds, not one a trip.
 * The promise settles once the caller's committed delta is in company_monthly_stats.
 */
export function foldCompanyRollupsSoon(db: Db, companyId: string): Promise<void> {
  let byCompany = folding.get(db);
  if (!byCompany) folding.set(db, (byCompany = new Map()));
  const companies = byCompany;
  let state = companies.get(companyId);
  if (!state) companies.set(companyId, (state = { running: null, queued: null }));
  const s = state;
  const start = (): Promise<void> => {
    const p: Promise<void> = foldCompanyRollups(db, companyId).finally(() => {
      if (s.running === p) s.running = null;
      if (!s.running && !s.queued) companies.delete(companyId);
    });
    s.running = p;
    return p;
  };
  if (!s.running) return start();
  s.queued ??= s.running
    .catch(() => undefined)
    .then(() => {
      s.queued = null;
      return start();
    });
  return s.queued;
}

/** The UTC month of a trip's start, as SQL. */
const TRIP_MONTH = sql`date_trunc('month', t.started_at at time zone 'UTC')::date`;

/**
 * Recomputes a company's roll-ups from its counted trips, in one transaction: what `rollUp` keeps
 * trip by trip, in bulk. Participants of a month are then the employees still on record.
 */
export async function rebuildRollups(db: Db, companyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The office rows and their deltas (kept by triggers from employee_monthly_stats) sum to zero once
    // the company's employee rows are gone; emptied then, the inserts below append the rebuilt shares.
    const tables = ['employee_monthly_stats', 'employee_trip_totals', 'journey_group_monthly_stats', 'company_monthly_stats', 'company_monthly_stat_deltas', 'office_monthly_stats', 'office_monthly_stat_deltas'];
    for (const table of tables) {
      await tx.execute(sql`delete from ${sql.identifier(table)} where company_id = ${companyId}`);
    }
    await tx.execute(sql`
      insert into employee_monthly_stats (company_id, month, employee_id, trips_as_driver, trips_as_passenger, driver_hundredths, passenger_hundredths)
      select ${companyId}, x.month, x.employee_id, sum(x.d), sum(x.p), sum(x.dh), sum(x.ph)
      from (
        select ${TRIP_MONTH} as month, t.driver_id as employee_id, 1 as d, 0 as p, t.distance_hundredths as dh, 0 as ph
        from trips t where t.company_id = ${companyId} and t.driver_id is not null and ${COUNTED}
        union all
        select ${TRIP_MONTH}, tp.passenger_id, 0, 1, 0, t.distance_hundredths
        from trips t join trip_passengers tp on tp.trip_id = t.id where t.company_id = ${companyId} and ${COUNTED}
      ) x
      group by x.month, x.employee_id`);
    await tx.execute(sql`
      insert into employee_trip_totals (company_id, employee_id, trips_as_driver, trips_as_passenger, driver_hundredths, passenger_hundredths)
      select ${companyId}, s.employee_id, sum(s.trips_as_driver), sum(s.trips_as_passenger), sum(s.driver_hundredths), sum(s.passenger_hundredths)
      from employee_monthly_stats s where s.company_id = ${companyId}
      group by s.employee_id`);
    await tx.execute(sql`
      insert into journey_group_monthly_stats (company_id, month, group_id, trips, distance_hundredths, passenger_hundredths)
      select ${companyId}, ${TRIP_MONTH}, t.journey_group_id, count(*), sum(t.distance_hundredths), sum(t.distance_hundredths * t.passenger_count)
      from trips t where t.company_id = ${companyId} and t.journey_group_id is not null and ${COUNTED}
      group by 2, t.journey_group_id`);
    await tx.execute(sql`
      insert into company_monthly_stats (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      select ${companyId}, m.month, m.trips, m.distance_hundredths, m.passenger_hundredths,
        (select count(*) from employee_monthly_stats s where s.company_id = ${companyId} and s.month = m.month)
      from (
        select ${TRIP_MONTH} as month, count(*) as trips, sum(t.distance_hundredths) as distance_hundredths,
          sum(t.distance_hundredths * t.passenger_count) as passenger_hundredths
        from trips t where t.company_id = ${companyId} and ${COUNTED}
        group by 1
      ) m`);
  });
}
