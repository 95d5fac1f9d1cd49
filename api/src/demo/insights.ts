import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TRIP_RULES, minTripMs, nameKey } from '@portal/shared-contracts';
import type { Db, Tx } from '../db/client';
import { rows } from '../db/sql';
import { rebuildRollups } from '../modules/trips/rollups';
import { dayLimitHundredths, type StoredTripFlag } from '../modules/trips/service';
import { prng } from './employees';

/**
 * A company's lift-sharing history for demos and benchmarks, at any size: journey groups with
 * meeting points and members, a year of commuting trips and feedback, consistent with the
 * company's active employees and their cars. The scheme grows over the year (with quieter August
 * and December weeks); a few keen sharers in each group take most lifts, so the incentive
 * thresholds are reached by some and not others. Trips go in by multi-row inserts and the
 * roll-ups are rebuilt once at the end, so a million trips take minutes, not hours.
 *
 * The trips keep the rules `POST /api/trips` holds the mobile app to (docs/decisions/0030): only
 * drivers verified with a verified vehicle drive, from their verification on; nobody is on two
 * trips at once (a trip lasts at least its miles at the top speed); a driver makes at most
 * `maxTripsPerDay` trips and `flagDayMilesMin` miles in a day, so none of them would have been
 * flagged. `flagged` trips more are added as the api would have flagged them, for the employer to
 * review: long weekend trips (a day's miles far above the usual) and a lift given to someone
 * already on another driver's trip.
 */

const AREAS = [
  'Headingley', 'Kirkstall', 'Horsforth', 'Roundhay', 'Chapel Allerton', 'Seacroft', 'Pudsey', 'Morley', 'Garforth', 'Otley',
  'Shipley', 'Saltaire', 'Bingley', 'Idle', 'Thornbury', 'Wibsey', 'Halifax', 'Huddersfield', 'Wakefield', 'Dewsbury',
  'Salford Quays', 'Didsbury', 'Chorlton', 'Stretford', 'Sale', 'Stockport', 'Prestwich', 'Rochdale', 'York', 'Harrogate',
] as const;
const DIRECTIONS = ['Early Birds', 'Commuters', 'Riders', 'Car Share', 'Crew', 'Express', 'Pool'] as const;
const MEETING_PLACES = [
  'station car park', 'Tesco Extra car park', 'park and ride', 'bus station, stand B', 'library', 'leisure centre car park',
  'retail park, by the petrol station', 'church hall car park', 'Co-op on the high street', 'cricket club entrance',
] as const;

const FEEDBACK = [
  'Sharing with the same group every morning has made the commute something to look forward to.',
  'Saving about forty pounds a month on fuel and parking. Thank you for setting this up!',
  'Could the app remind me the evening before when my driver has confirmed?',
  'The meeting point at the station car park is a bit dark in winter. Could we move it nearer the entrance?',
  'Great scheme. It would help to see my own CO2 savings in the app.',
  'My driver is always on time and the journey is much less stressful than the bus.',
  'Please add an option for a later return trip on Fridays.',
  'I have met colleagues from three other departments through car sharing.',
  'Priority parking for shared cars is a real incentive, keep it!',
  'Sometimes the group is full on Mondays; a second car from our area would help.',
  'Easy to use. It took two minutes to join a journey group.',
  'Would love a leaderboard per department, it would get people talking.',
  'The reward for twenty trips a month is motivating. I reached it for the first time this month.',
  'Not enough drivers from my side of town yet, but the ones we have are brilliant.',
  'Could we share the cost of fuel through the app rather than in cash?',
  'Commuting together has cut my journey time because we use the car share lane.',
  "Happy with the scheme. A reminder when I forget to log a trip would be useful.",
  'The new meeting point by the retail park works much better for me.',
] as const;

/** 0 Sunday .. 6 Saturday. */
const isWeekday = (d: Date) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5;

export interface SeedDemoInsightsOptions {
  companyId: string;
  /** Trips to add over the period (spread by the scheme's growth). */
  trips: number;
  /** Feedback entries (default: about one for every 40 trips, at most 5000). */
  feedback?: number;
  /** Months of history ending with the current one (default 12). */
  months?: number;
  seed?: number | string;
  now?: Date;
  /** Trips more that wait for the employer's review (flagged as the api would), in the last days. */
  flagged?: number;
}

export interface SeedDemoInsightsResult {
  groups: number;
  members: number;
  trips: number;
  passengerRides: number;
  feedback: number;
  flagged: number;
}

interface Person {
  id: string;
  /** Position in the company's list: the key of the person's busy commutes. */
  index: number;
  /** A verified driver with a verified vehicle: may drive. */
  driver: boolean;
  /** How much this person shares lifts, relative to the others. */
  keenness: number;
  /** Day (ms) from which they can take part: the later of joining and the period's start. */
  fromMs: number;
  /** From when they may drive: the later of `fromMs` and the verification of their licence and vehicle. */
  drivesFromMs: number;
}

/** What one person does in one UTC day: the trips they are on (and how many each way), and what they drive. */
interface Day {
  spans: [number, number][];
  morning: number;
  evening: number;
  driven: number;
  drivenHundredths: number;
}

/** Trips each way a person takes in a day: one while the cars have room, a second run beyond it. */
const RUNS = { strict: 1, relaxed: 2 } as const;

interface Group {
  id: string;
  members: Person[];
  drivers: Person[];
  /** Typical one-way distance in hundredths of a mile. */
  baseHundredths: number;
  weight: number;
}

/** Index of a weighted pick from cumulative weights. */
function pickIndex(cumulative: number[], r: number): number {
  const target = r * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const cumulate = (weights: number[]) => {
  let sum = 0;
  return weights.map((w) => (sum += w));
};

/** Enough rows per statement for speed, few enough to keep each JSON parameter a few MB. */
const CHUNK = 5000;

async function loadOrCreateGroups(tx: Tx, companyId: string, people: Person[], rand: () => number): Promise<Group[]> {
  const byId = new Map(people.map((p) => [p.id, p]));
  const existing = await rows<{ id: string; member_ids: string[] | string }>(
    tx,
    sql`select g.id, coalesce((select json_agg(m.user_id) from journey_group_members m where m.group_id = g.id), '[]'::json) as member_ids
      from journey_groups g where g.company_id = ${companyId}`,
  );
  const baseFor = () => Math.round((4 + rand() * 24) * 100);
  if (existing.length > 0) {
    return existing.map((g) => {
      const ids = typeof g.member_ids === 'string' ? (JSON.parse(g.member_ids) as string[]) : g.member_ids;
      const members = ids.map((id) => byId.get(id)).filter((p): p is Person => Boolean(p));
      return { id: g.id, members, drivers: members.filter((m) => m.driver), baseHundredths: baseFor(), weight: 0 };
    });
  }
  const drivers = people.filter((p) => p.driver);
  const count = Math.max(1, Math.min(drivers.length, Math.round(people.length / 7)));
  const groups: Group[] = Array.from({ length: count }, () => ({ id: randomUUID(), members: [], drivers: [], baseHundredths: baseFor(), weight: 0 }));
  // Every group gets a driver; the rest of the people (four in five of them) join a group at random.
  drivers.forEach((d, i) => {
    const g = groups[i % count]!;
    g.members.push(d);
    g.drivers.push(d);
  });
  for (const p of people) if (!p.driver && rand() < 0.8) groups[Math.floor(rand() * count)]!.members.push(p);
  const used = new Set<string>();
  const named = groups.map((g, i) => {
    const area = AREAS[i % AREAS.length]!;
    let name = `${area} ${DIRECTIONS[Math.floor(i / AREAS.length) % DIRECTIONS.length]!}`;
    if (used.has(name)) name = `${name} ${Math.floor(i / (AREAS.length * DIRECTIONS.length)) + 1}`;
    used.add(name);
    const points = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, k) => `${area} ${MEETING_PLACES[(i + k * 3) % MEETING_PLACES.length]!}`);
    return { id: g.id, name, name_key: nameKey(name), meeting_points: points };
  });
  for (let start = 0; start < named.length; start += CHUNK) {
    await tx.execute(sql`
      insert into journey_groups (id, company_id, name, name_key, meeting_points)
      select x.id, ${companyId}, x.name, x.name_key, array(select json_array_elements_text(x.meeting_points))
      from json_to_recordset(${JSON.stringify(named.slice(start, start + CHUNK))}::json) as x(id uuid, name text, name_key text, meeting_points json)`);
  }
  const members = groups.flatMap((g) => g.members.map((m) => ({ group_id: g.id, user_id: m.id })));
  for (let start = 0; start < members.length; start += CHUNK) {
    await tx.execute(sql`
      insert into journey_group_members (group_id, user_id)
      select x.group_id, x.user_id from json_to_recordset(${JSON.stringify(members.slice(start, start + CHUNK))}::json) as x(group_id uuid, user_id uuid)`);
  }
  return groups;
}

export async function seedDemoInsights(db: Db, options: SeedDemoInsightsOptions): Promise<SeedDemoInsightsResult> {
  const { companyId } = options;
  const now = options.now ?? new Date();
  const monthsBack = options.months ?? 12;
  const rand = prng(`insights:${options.seed ?? 1}:${companyId}`);
  const DAY = 86_400_000;
  const periodStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (monthsBack - 1), 1);
  const result: SeedDemoInsightsResult = { groups: 0, members: 0, trips: 0, passengerRides: 0, feedback: 0, flagged: 0 };

  return db.transaction(async (tx) => {
    // Verified since the later of the two verifications in the driver's history (none: always).
    const staff = await rows<{ id: string; driver: boolean; created_at: Date | string; verified_at: Date | string | null }>(
      tx,
      sql`select u.id, u.created_at,
          u.is_driver_verified and coalesce(v.is_verified, false) as driver,
          (select max(e.created_at) from driver_verification_events e where e.driver_id = u.id and e.kind in ('driverVerified', 'vehicleVerified')) as verified_at
        from users u left join vehicles v on v.user_id = u.id
        where u.company_id = ${companyId} and u.role = 'Employee' and u.is_active and u.is_approved
        order by u.id`,
    );
    const people: Person[] = staff.map((s, index) => {
      const fromMs = Math.max(periodStart, new Date(s.created_at).getTime());
      return {
        id: s.id,
        index,
        driver: s.driver,
        // A few keen sharers, many occasional ones.
        keenness: 0.3 + Math.pow(rand(), 2) * 2.7,
        fromMs,
        drivesFromMs: Math.max(fromMs, s.verified_at ? new Date(s.verified_at).getTime() : 0),
      };
    });
    if (people.length < 2 || !people.some((p) => p.driver)) return result;

    const groups = await loadOrCreateGroups(tx, companyId, people, rand);
    for (const g of groups) g.weight = g.drivers.length && g.members.length > 1 ? g.members.reduce((s, m) => s + m.keenness, 0) : 0;
    const usable = groups.filter((g) => g.weight > 0);
    result.groups = groups.length;
    result.members = groups.reduce((s, g) => s + g.members.length, 0);
    if (usable.length === 0) return result;
    const groupCumulative = cumulate(usable.map((g) => g.weight));

    // The scheme grows over the period; August and December are quieter; this month is partial.
    const months = Array.from({ length: monthsBack }, (_, i) => {
      const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (monthsBack - 1) + i, 1);
      const end = Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (monthsBack - 1) + i + 1, 1), now.getTime());
      const m = new Date(start).getUTCMonth();
      const growth = 0.5 + (0.5 * i) / Math.max(1, monthsBack - 1);
      const season = m === 7 || m === 11 ? 0.75 : 1;
      const days: number[] = [];
      for (let d = start; d < end; d += DAY) if (isWeekday(new Date(d))) days.push(d);
      return { days, weight: growth * season * days.length };
    });
    const totalWeight = months.reduce((s, m) => s + m.weight, 0);

    let tripRows: Record<string, unknown>[] = [];
    let rideRows: { trip_id: string; passenger_id: string }[] = [];
    const flush = async () => {
      if (tripRows.length) {
        await tx.execute(sql`
          insert into trips (id, company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, journey_group_id, created_at, status, flags)
          select x.id, ${companyId}, x.driver_id, x.id::text, x.started_at, x.distance_hundredths, x.passenger_count, x.journey_group_id, x.started_at,
            coalesce(x.status, 'counted'), coalesce(x.flags, '[]'::jsonb)
          from json_to_recordset(${JSON.stringify(tripRows)}::json) as x(
            id uuid, driver_id uuid, started_at timestamptz, distance_hundredths int, passenger_count smallint, journey_group_id uuid, status text, flags jsonb)`);
      }
      if (rideRows.length) {
        await tx.execute(sql`
          insert into trip_passengers (trip_id, passenger_id)
          select x.trip_id, x.passenger_id from json_to_recordset(${JSON.stringify(rideRows)}::json) as x(trip_id uuid, passenger_id uuid)`);
      }
      tripRows = [];
      rideRows = [];
    };

    // What each person does each day (`index:day`), kept for the current and the previous month.
    let days = new Map<string, Day>();
    let previousDays = new Map<string, Day>();
    const dayOf = (p: Person, at: number, create = false): Day | undefined => {
      const key = `${p.index}:${Math.floor(at / DAY)}`;
      let d = days.get(key) ?? previousDays.get(key);
      if (!d && create) days.set(key, (d = { spans: [], morning: 0, evening: 0, driven: 0, drivenHundredths: 0 }));
      return d;
    };
    type Way = { half: 'morning' | 'evening'; runs: number } | null;
    const isFree = (p: Person, start: number, end: number, way: Way) => {
      const d = dayOf(p, start);
      if (!d) return true;
      if (way && d[way.half] >= way.runs) return false;
      return d.spans.every(([s, e]) => e <= start || s >= end);
    };
    const canDrive = (p: Person, start: number, end: number, hundredths: number, way: Way) => {
      if (!p.driver || p.drivesFromMs > start || !isFree(p, start, end, way)) return false;
      const d = dayOf(p, start);
      return !d || (d.driven < TRIP_RULES.maxTripsPerDay && d.drivenHundredths + hundredths <= TRIP_RULES.flagDayMilesMin * 100);
    };
    const occupy = (p: Person, start: number, end: number, way: Way, drivenHundredths?: number) => {
      const d = dayOf(p, start, true)!;
      d.spans.push([start, end]);
      if (way) d[way.half] += 1;
      if (drivenHundredths !== undefined) {
        d.driven += 1;
        d.drivenHundredths += drivenHundredths;
      }
    };
    /** Counted trips of the last months, as the company's usual trip is taken from (TRIP_RULES.usualMonths). */
    const usualFrom = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TRIP_RULES.usualMonths - 1), 1);
    const usual = { trips: 0, hundredths: 0 };
    /** Counted trips of the last fortnight with their passengers: where a flagged overlap can be set. */
    const recent: { driver: Person; passengers: Person[]; start: number; end: number }[] = [];

    for (const [monthIndex, month] of months.entries()) {
      if (monthIndex > 0) {
        previousDays = days;
        days = new Map();
      }
      if (month.days.length === 0 || totalWeight === 0) continue;
      const count = Math.round((options.trips * month.weight) / totalWeight);
      /** One trip at a random commute of the month; false when nobody fitting is free then. */
      const addTrip = (relaxed: boolean): boolean => {
        const dayIndex = Math.floor(rand() * month.days.length);
        const evening = rand() < 0.5;
        // Out between 07:00 and 09:00, back between 16:30 and 18:30 (UTC, near enough for a demo).
        const minutes = evening ? 990 + Math.floor(rand() * 120) : 420 + Math.floor(rand() * 120);
        const startedAt = month.days[dayIndex]! + minutes * 60_000;
        if (startedAt >= now.getTime()) return false;
        const group = usable[pickIndex(groupCumulative, rand())]!;
        const hundredths = Math.max(100, Math.round(group.baseHundredths * (0.9 + rand() * 0.2)));
        const end = startedAt + minTripMs(hundredths);
        // While the cars have room, nobody commutes twice the same way in a day; beyond it, a second
        // run that does not overlap the first.
        const half: Way = { half: evening ? 'evening' : 'morning', runs: relaxed ? RUNS.relaxed : RUNS.strict };
        const drivers = group.drivers.filter((d) => canDrive(d, startedAt, end, hundredths, half));
        if (drivers.length === 0) return false;
        const driver = drivers[pickIndex(cumulate(drivers.map((d) => d.keenness)), rand())]!;
        const candidates = group.members.filter((m) => m !== driver && m.fromMs <= startedAt && isFree(m, startedAt, end, half));
        if (candidates.length === 0) return false;
        const wanted = Math.min(candidates.length, rand() < 0.55 ? 1 : rand() < 0.67 ? 2 : 3);
        const passengers: Person[] = [];
        while (passengers.length < wanted) {
          const left = candidates.filter((c) => !passengers.includes(c));
          passengers.push(left[pickIndex(cumulate(left.map((c) => c.keenness)), rand())]!);
        }
        const id = randomUUID();
        tripRows.push({
          id,
          driver_id: driver.id,
          started_at: new Date(startedAt).toISOString(),
          distance_hundredths: hundredths,
          passenger_count: passengers.length,
          // Now and then a lift is arranged outside the group.
          journey_group_id: rand() < 0.92 ? group.id : null,
        });
        occupy(driver, startedAt, end, half, hundredths);
        for (const p of passengers) occupy(p, startedAt, end, half);
        for (const p of passengers) rideRows.push({ trip_id: id, passenger_id: p.id });
        if (startedAt >= usualFrom) {
          usual.trips += 1;
          usual.hundredths += hundredths;
        }
        if (startedAt >= now.getTime() - 14 * DAY) recent.push({ driver, passengers, start: startedAt, end });
        result.trips++;
        result.passengerRides += passengers.length;
        return true;
      };
      // A load beyond the company's seats (a million trips for ten thousand people) sends drivers
      // on second runs rather than losing trips.
      for (let k = 0, misses = 0, attempts = 0; k < count && attempts < count * 20; attempts++) {
        if (!addTrip(misses >= 8)) {
          misses++;
          continue;
        }
        k++;
        misses = 0;
        if (tripRows.length >= CHUNK) await flush();
      }
    }

    // Trips the api would have flagged, waiting for the employer: on weekends (the demo's commutes
    // are on weekdays) a long trip, far above the day's usual; and a lift to someone already on
    // another driver's trip.
    const flaggedWanted = options.flagged ?? 0;
    const limit = dayLimitHundredths(usual.trips, usual.hundredths);
    const weekends = Array.from({ length: 14 }, (_, i) => Math.floor(now.getTime() / DAY) * DAY - (i + 1) * DAY).filter((d) => !isWeekday(new Date(d)));
    const drivers = people.filter((p) => p.driver);
    const flag = (driver: Person, passengers: Person[], startedAt: number, hundredths: number, flags: StoredTripFlag[]) => {
      const id = randomUUID();
      tripRows.push({
        id,
        driver_id: driver.id,
        started_at: new Date(startedAt).toISOString(),
        distance_hundredths: hundredths,
        passenger_count: passengers.length,
        journey_group_id: null,
        status: 'flagged',
        flags,
      });
      for (const p of passengers) rideRows.push({ trip_id: id, passenger_id: p.id });
      const end = startedAt + minTripMs(hundredths);
      occupy(driver, startedAt, end, null, hundredths);
      for (const p of passengers) occupy(p, startedAt, end, null);
      result.flagged++;
    };
    /** The list from a random place on, round to where it began: every item, in an order of the seed's. */
    const shuffled = <T>(list: readonly T[]): T[] => {
      const at = Math.floor(rand() * list.length);
      return [...list.slice(at), ...list.slice(0, at)];
    };
    const overlap = (): boolean => {
      // Someone on a recent trip is also put on another driver's, five minutes in.
      const hundredths = 300 + Math.floor(rand() * 900);
      for (const shared of shuffled(recent)) {
        const rider = shared.passengers[0]!;
        const start = shared.start + 5 * 60_000;
        const end = start + minTripMs(hundredths);
        if (end >= now.getTime()) continue;
        const driver = shuffled(drivers).find((d) => d !== shared.driver && d !== rider && canDrive(d, start, end, hundredths, null));
        if (!driver) continue;
        flag(driver, [rider], start, hundredths, [{ reason: 'personOverlap', personIds: [rider.id.toLowerCase()] }]);
        return true;
      }
      return false;
    };
    const longTrip = (): boolean => {
      const hundredths = Math.max(limit + 2_000, 16_000 + Math.floor(rand() * 12_000));
      for (const day of shuffled(weekends)) {
        const start = day + (8 + Math.floor(rand() * 4)) * 3_600_000;
        const end = start + minTripMs(hundredths);
        // The driver's only trip that day: its miles are the day's.
        const driver = shuffled(drivers).find((d) => d.drivesFromMs <= start && !dayOf(d, start));
        const passenger = driver && shuffled(people).find((p) => p !== driver && p.fromMs <= start && isFree(p, start, end, null));
        if (!driver || !passenger) continue;
        flag(driver, [passenger], start, hundredths, [{ reason: 'dayDistance', dayHundredths: hundredths, limitHundredths: limit }]);
        return true;
      }
      return false;
    };
    // Two long trips for every overlap, as long as either can still be set.
    for (let i = 0, stuck = 0; result.flagged < flaggedWanted && stuck < 2; i++) {
      const made = i % 3 === 2 ? overlap() || longTrip() : longTrip() || overlap();
      stuck = made ? 0 : stuck + 1;
    }
    await flush();

    const feedbackCount = options.feedback ?? Math.min(5000, Math.round(result.trips / 40));
    const feedback = Array.from({ length: feedbackCount }, () => {
      const person = people[Math.floor(rand() * people.length)]!;
      const at = person.fromMs + Math.floor(rand() * Math.max(1, now.getTime() - person.fromMs));
      return { employee_id: person.id, feedback_text: FEEDBACK[Math.floor(rand() * FEEDBACK.length)]!, created_at: new Date(at).toISOString() };
    });
    for (let start = 0; start < feedback.length; start += CHUNK) {
      await tx.execute(sql`
        insert into feedbacks (company_id, employee_id, feedback_text, created_at)
        select ${companyId}, x.employee_id, x.feedback_text, x.created_at
        from json_to_recordset(${JSON.stringify(feedback.slice(start, start + CHUNK))}::json) as x(employee_id uuid, feedback_text text, created_at timestamptz)`);
    }
    result.feedback = feedback.length;

    await rebuildRollups(tx, companyId);
    return result;
  });
}
