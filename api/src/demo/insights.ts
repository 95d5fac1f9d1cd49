import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rows } from '../db/sql';
import { rebuildRollups } from '../modules/trips/rollups';
import { prng } from './employees';

/**
 * A company's lift-sharing history for demos and benchmarks, at any size: journey groups with
 * meeting points and members, a year of commuting trips and feedback, consistent with the
 * company's active employees and their cars. The scheme grows over the year (with quieter August
 * and December weeks); a few keen sharers in each group take most lifts, so the incentive
 * thresholds are reached by some and not others. Trips go in by multi-row inserts and the
 * roll-ups are rebuilt once at the end, so a million trips take minutes, not hours.
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
}

export interface SeedDemoInsightsResult {
  groups: number;
  members: number;
  trips: number;
  passengerRides: number;
  feedback: number;
}

interface Person {
  id: string;
  /** Position in the company's list: the key of the person's busy commutes. */
  index: number;
  driver: boolean;
  /** How much this person shares lifts, relative to the others. */
  keenness: number;
  /** Day (ms) from which they can take part: the later of joining and the period's start. */
  fromMs: number;
}

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
    return { id: g.id, name, meeting_points: points };
  });
  for (let start = 0; start < named.length; start += CHUNK) {
    await tx.execute(sql`
      insert into journey_groups (id, company_id, name, meeting_points)
      select x.id, ${companyId}, x.name, array(select json_array_elements_text(x.meeting_points))
      from json_to_recordset(${JSON.stringify(named.slice(start, start + CHUNK))}::json) as x(id uuid, name text, meeting_points json)`);
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
  const result: SeedDemoInsightsResult = { groups: 0, members: 0, trips: 0, passengerRides: 0, feedback: 0 };

  return db.transaction(async (tx) => {
    const staff = await rows<{ id: string; driver: boolean; created_at: Date | string }>(
      tx,
      sql`select u.id, exists (select 1 from vehicles v where v.user_id = u.id) as driver, u.created_at
        from users u where u.company_id = ${companyId} and u.role = 'Employee' and u.is_active and u.is_approved
        order by u.id`,
    );
    const people: Person[] = staff.map((s, index) => ({
      id: s.id,
      index,
      driver: s.driver,
      // A few keen sharers, many occasional ones.
      keenness: 0.3 + Math.pow(rand(), 2) * 2.7,
      fromMs: Math.max(periodStart, new Date(s.created_at).getTime()),
    }));
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
          insert into trips (id, company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, journey_group_id, created_at)
          select x.id, ${companyId}, x.driver_id, x.id::text, x.started_at, x.distance_hundredths, x.passenger_count, x.journey_group_id, x.started_at
          from json_to_recordset(${JSON.stringify(tripRows)}::json) as x(
            id uuid, driver_id uuid, started_at timestamptz, distance_hundredths int, passenger_count smallint, journey_group_id uuid)`);
      }
      if (rideRows.length) {
        await tx.execute(sql`
          insert into trip_passengers (trip_id, passenger_id)
          select x.trip_id, x.passenger_id from json_to_recordset(${JSON.stringify(rideRows)}::json) as x(trip_id uuid, passenger_id uuid)`);
      }
      tripRows = [];
      rideRows = [];
    };

    for (const month of months) {
      if (month.days.length === 0 || totalWeight === 0) continue;
      const count = Math.round((options.trips * month.weight) / totalWeight);
      // One commute each way a day: a person already in a car that morning (or evening) is busy.
      const busy = new Set<number>();
      const slot = (p: Person, dayIndex: number, evening: boolean) => (p.index * 31 + dayIndex) * 2 + (evening ? 1 : 0);
      /** One trip at a random commute of the month; false when nobody fitting is free then. */
      const addTrip = (relaxed: boolean): boolean => {
        const dayIndex = Math.floor(rand() * month.days.length);
        const evening = rand() < 0.5;
        // Out between 07:00 and 09:00, back between 16:30 and 18:30 (UTC, near enough for a demo).
        const minutes = evening ? 990 + Math.floor(rand() * 120) : 420 + Math.floor(rand() * 120);
        const startedAt = month.days[dayIndex]! + minutes * 60_000;
        if (startedAt >= now.getTime()) return false;
        const free = (p: Person) => p.fromMs <= startedAt && (relaxed || !busy.has(slot(p, dayIndex, evening)));
        const group = usable[pickIndex(groupCumulative, rand())]!;
        const drivers = group.drivers.filter(free);
        if (drivers.length === 0) return false;
        const driver = drivers[pickIndex(cumulate(drivers.map((d) => d.keenness)), rand())]!;
        const candidates = group.members.filter((m) => m !== driver && free(m));
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
          distance_hundredths: Math.max(100, Math.round(group.baseHundredths * (0.9 + rand() * 0.2))),
          passenger_count: passengers.length,
          // Now and then a lift is arranged outside the group.
          journey_group_id: rand() < 0.92 ? group.id : null,
        });
        for (const p of [driver, ...passengers]) busy.add(slot(p, dayIndex, evening));
        for (const p of passengers) rideRows.push({ trip_id: id, passenger_id: p.id });
        result.trips++;
        result.passengerRides += passengers.length;
        return true;
      };
      // While the cars have room, nobody commutes twice the same way in a day. A load beyond the
      // company's seats (a million trips for ten thousand people) sends busy drivers on second runs
      // rather than losing trips.
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
