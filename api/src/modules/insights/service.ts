import { sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  type Co2Report,
  type DashboardSummary,
  type MonthlyTrend,
  type Page,
  type ParticipationRow,
} from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { pageAnswer, rows } from '../../db/sql';
import { appliedFactors, describeFactors, factorsJsonSql, kgPerMileSql, toFactors, type FactorRow } from '../../lib/emission-factors';
import { inOffice, type OfficeFilter } from '../../lib/offices';
import { addMonths, currentMonth, decimal, fromHundredths, yearMonth } from '../../lib/period';

/**
 * Every insight reads the roll-ups the trip's transaction keeps (`employee_monthly_stats`,
 * `employee_trip_totals`, `company_monthly_stats`), never the trips: a month's figures cost the
 * same with a thousand trips or a million.
 */

// ---------------------------------------------------------------- offices

/**
 * The company's office rows of the months `months` (a condition on the month, as SQL): the rows of
 * office_monthly_stats and the deltas not folded into them yet (migration 0044), so that their sum
 * is exact at the reader's snapshot whether a fold has run or not.
 */
function officeRows(companyId: string, months: SQL): SQL {
  return sql`(select s.month, s.office_id, s.trips, s.distance_hundredths, s.passenger_hundredths, s.participants
      from office_monthly_stats s where s.company_id = ${companyId} and s.month ${months}
    union all
    select d.month, d.office_id, d.trips, d.distance_hundredths, d.passenger_hundredths, d.participants
      from office_monthly_stat_deltas d where d.company_id = ${companyId} and d.month ${months})`;
}

/**
 * The company's rows of the months `months` (a condition on the month, as SQL): company_monthly_stats
 * and the deltas of recorded trips not folded into it yet (migration 0039), summed by the reader as
 * the offices' are: a fold moves no figure, and so no longer moves the insights version (migration
 * 0052, decision 0071's addendum).
 */
function companyRows(companyId: string, months: SQL): SQL {
  return sql`(select s.month, s.trips, s.distance_hundredths, s.passenger_hundredths, s.participants
      from company_monthly_stats s where s.company_id = ${companyId} and s.month ${months}
    union all
    select d.month, d.trips, d.distance_hundredths, d.passenger_hundredths, d.participants
      from company_monthly_stat_deltas d where d.company_id = ${companyId} and d.month ${months})`;
}

/**
 * A month's figures (trips, distance, passenger distance, participants) of the company or of an
 * office, as a one-row subquery (docs/decisions/0045-offices-as-a-dimension.md). A trip and its
 * distance belong to its driver's office, passenger miles (what CO2 saved counts) to each
 * passenger's, a participant to their own: an office's figures add up its employees' monthly rows.
 * "No office" is the company's figures less every office's, so what no current office holds (an
 * employee without one, a deleted driver or passenger) is there, and the company's figure is always
 * the sum of its offices and "No office". The offices' sums are kept per office and month in
 * `office_monthly_stats` by triggers on the employees' rows and offices (migration 0043), with the
 * shares of recent trips in `office_monthly_stat_deltas` until they are folded (0044), so a view
 * reads a few rows per office and month, not a row per employee.
 */
function monthFigures(companyId: string, office: OfficeFilter, month: SQL): SQL {
  const company = sql`(select sum(cm.trips)::int as trips, sum(cm.distance_hundredths) as distance_hundredths,
      sum(cm.passenger_hundredths) as passenger_hundredths, sum(cm.participants)::int as participants
    from ${companyRows(companyId, sql`= ${month}`)} cm)`;
  if (office.kind === 'all') return company;
  // An office's figures are its row of office_monthly_stats (migration 0043) and its deltas not folded yet (0044).
  const offices = (where: SQL) => sql`(select coalesce(sum(o.trips), 0)::int as trips, coalesce(sum(o.distance_hundredths), 0) as distance_hundredths,
      coalesce(sum(o.passenger_hundredths), 0) as passenger_hundredths, coalesce(sum(o.participants), 0)::int as participants
    from ${officeRows(companyId, sql`= ${month}`)} o
    where ${where})`;
  // Only "No office" is the company less its offices; an office, or an office admin's offices, sums its employees.
  if (office.kind !== 'none') return offices(inOffice(office, sql`o`));
  return sql`(select coalesce(c.trips, 0) - o.trips as trips, coalesce(c.distance_hundredths, 0) - o.distance_hundredths as distance_hundredths,
      coalesce(c.passenger_hundredths, 0) - o.passenger_hundredths as passenger_hundredths, coalesce(c.participants, 0) - o.participants as participants
    from ${offices(sql`true`)} o left join ${company} c on true)`;
}

/**
 * The figures of every month from `first` to `last` as monthFigures gives one month's, keyed by
 * `month`: an office's employees' monthly rows are read and grouped once for the whole range, not
 * once a month (twelve months of a large office cost one scan).
 */
function monthsFigures(companyId: string, office: OfficeFilter, first: string, last: string): SQL {
  const company = sql`(select cm.month, sum(cm.trips)::int as trips, sum(cm.distance_hundredths) as distance_hundredths,
      sum(cm.passenger_hundredths) as passenger_hundredths, sum(cm.participants)::int as participants
    from ${companyRows(companyId, sql`between ${first}::date and ${last}::date`)} cm
    group by cm.month)`;
  if (office.kind === 'all') return company;
  const offices = (where: SQL) => sql`(select o.month, sum(o.trips)::int as trips, sum(o.distance_hundredths) as distance_hundredths,
      sum(o.passenger_hundredths) as passenger_hundredths, sum(o.participants)::int as participants
    from ${officeRows(companyId, sql`between ${first}::date and ${last}::date`)} o
    where ${where}
    group by o.month)`;
  // Only "No office" is the company less its offices; an office, or an office admin's offices, sums its employees.
  if (office.kind !== 'none') return offices(inOffice(office, sql`o`));
  return sql`(select coalesce(c.month, o.month) as month, coalesce(c.trips, 0) - coalesce(o.trips, 0) as trips,
      coalesce(c.distance_hundredths, 0) - coalesce(o.distance_hundredths, 0) as distance_hundredths,
      coalesce(c.passenger_hundredths, 0) - coalesce(o.passenger_hundredths, 0) as passenger_hundredths,
      coalesce(c.participants, 0) - coalesce(o.participants, 0) as participants
    from ${company} c full join ${offices(sql`true`)} o on o.month = c.month)`;
}

/**
 * The employees of a view as a set of ids, for a hash join instead of an `exists` per row: every
 * user in the office(s) asked for (an office's id is its company's own; `users_office_id_idx`,
 * migration 0048) or, for "No office", every user of the company without one (`users_no_office_idx`,
 * migration 0051), each read from the index alone.
 */
function viewEmployees(companyId: string, office: OfficeFilter): SQL {
  if (office.kind === 'none') return sql`(select u.id from users u where u.company_id = ${companyId} and u.office_id is null)`;
  return sql`(select u.id from users u where ${inOffice(office)})`;
}

/** An employee's monthly or all-time rows `source` of the office's employees (a semi-join on the view's ids). */
function ofOffice(companyId: string, source: SQL, office: OfficeFilter): SQL {
  if (office.kind === 'all') return source;
  return sql`(select x.* from ${source} x where x.employee_id in ${viewEmployees(companyId, office)})`;
}

// ---------------------------------------------------------------- participation ranking

interface RankedDbRow {
  total: number | string;
  employee_id: string | null;
  position: number | string;
  total_trips: number;
  total_hundredths: number | string;
  trips_as_driver: number;
  trips_as_passenger: number;
  name: string;
  department: string | null;
  has_vehicle: boolean;
  month_trips: number | string | null;
  month_hundredths: number | string | null;
  trips_threshold: number;
  miles_threshold: number;
}

/** The company's thresholds (0 when it has no incentive: no reward of that kind). */
const thresholds = (companyId: string) => sql`(select coalesce(max(i.number_of_trips), 0) as trips_threshold,
  coalesce(max(i.number_of_miles), 0) as miles_threshold from incentives i where i.company_id = ${companyId})`;

/**
 * One statement: the total, then the page in ranking order with positions, joined to names only
 * for the page. The rank index holds the order (trips, then distance, both descending, then id),
 * so a page reads its rows and those before it, and `rank()` streams along.
 */
function rankingQuery(opts: { companyId: string; source: SQL; qualifyMonth: string; limit: number | null; offset: number }): SQL {
  const { companyId, source, qualifyMonth, limit, offset } = opts;
  return sql`with ranked as (
      select s.employee_id, s.total_trips, s.total_hundredths, s.trips_as_driver, s.trips_as_passenger,
        rank() over (order by s.total_trips desc nulls last, s.total_hundredths desc nulls last) as position
      from ${source} s
      where s.company_id = ${companyId}
      order by s.total_trips desc nulls last, s.total_hundredths desc nulls last, s.employee_id
      ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}
    )
    select t.total, p.* from (select count(*)::int as total from ${source} s where s.company_id = ${companyId}) t
    left join lateral (
      select r.*, coalesce(u.first_name || ' ' || u.last_name, u.name) as name, u.department,
        v.user_id is not null as has_vehicle,
        q.total_trips as month_trips, q.total_hundredths as month_hundredths, th.trips_threshold, th.miles_threshold
      from ranked r
      join users u on u.id = r.employee_id
      left join vehicles v on v.user_id = r.employee_id
      left join employee_monthly_stats q on q.company_id = ${companyId} and q.month = ${qualifyMonth}::date and q.employee_id = r.employee_id
      cross join ${thresholds(companyId)} th
    ) p on true
    order by p.position, p.employee_id`;
}

function toRow(r: RankedDbRow): ParticipationRow {
  const monthTrips = Number(r.month_trips ?? 0);
  const monthHundredths = Number(r.month_hundredths ?? 0);
  const forTrips = r.trips_threshold > 0 && monthTrips >= r.trips_threshold;
  const forMiles = r.miles_threshold > 0 && monthHundredths >= r.miles_threshold * 100;
  return {
    id: r.employee_id!,
    position: Number(r.position),
    name: r.name,
    department: r.department,
    totalTrips: Number(r.total_trips),
    totalDistance: fromHundredths(r.total_hundredths),
    tripsAsDriver: Number(r.trips_as_driver),
    tripsAsPassenger: Number(r.trips_as_passenger),
    accountType: r.has_vehicle ? 'Driver' : 'Passenger',
    qualify: forTrips || forMiles,
    qualifiesForTrips: forTrips,
    qualifiesForMiles: forMiles,
  };
}

/** Rows of one month's stats, as the ranking's source. */
const monthSource = (month: string) => sql`(select * from employee_monthly_stats where month = ${month}::date)`;

/** The month's ranking: participants of the month only; `qualify` against the month's own figures. */
export async function monthlyRanking(db: Db, companyId: string, office: OfficeFilter, month: string, pageNumber: number, pageSize: number): Promise<Page<ParticipationRow>> {
  const found = await rows<RankedDbRow>(
    db,
    rankingQuery({ companyId, source: ofOffice(companyId, monthSource(month), office), qualifyMonth: month, limit: pageSize, offset: (pageNumber - 1) * pageSize }),
  );
  return pageAnswer(found.filter((r) => r.employee_id !== null).map(toRow), Number(found[0]?.total ?? 0), pageNumber, pageSize);
}

/** All time: every employee who ever took part; `qualify` is the current UTC month's (the reward in play). */
export async function allTimeRanking(db: Db, companyId: string, office: OfficeFilter, pageNumber: number, pageSize: number): Promise<Page<ParticipationRow>> {
  const found = await rows<RankedDbRow>(
    db,
    rankingQuery({ companyId, source: ofOffice(companyId, sql`employee_trip_totals`, office), qualifyMonth: currentMonth(), limit: pageSize, offset: (pageNumber - 1) * pageSize }),
  );
  return pageAnswer(found.filter((r) => r.employee_id !== null).map(toRow), Number(found[0]?.total ?? 0), pageNumber, pageSize);
}

/** The whole ranking of a month (the CSV export). */
export async function monthlyRankingRows(db: Db, companyId: string, office: OfficeFilter, month: string): Promise<ParticipationRow[]> {
  const found = await rows<RankedDbRow>(db, rankingQuery({ companyId, source: ofOffice(companyId, monthSource(month), office), qualifyMonth: month, limit: null, offset: 0 }));
  return found.filter((r) => r.employee_id !== null).map(toRow);
}

// ---------------------------------------------------------------- dashboard

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part * 1000) / whole) / 10) : 0);

interface SummaryDbRow {
  trips: number | null;
  distance_hundredths: number | string | null;
  passenger_hundredths: number | string | null;
  participants: number | null;
  co2_kg: string | number | null;
  groups: number;
  active_groups: number;
  active_employees: number;
  trips_threshold: number;
  miles_threshold: number;
  qualified_trips: number;
  qualified_miles: number;
}

/**
 * The dashboard of a month: tiles and the incentives panel, in one statement. In an office's view
 * (an office, an office admin's offices, "No office") every count is set-based (decision 0065): the
 * view's employees are read once, the groups with one of them among their members once, and each
 * count joins them by hash; the qualifiers are counted in one pass over the month's rows.
 */
export async function dashboardSummary(db: Db, companyId: string, office: OfficeFilter, month: string): Promise<DashboardSummary> {
  // An office's journey groups are those with one of its employees among their members; an office
  // admin's own view ("all my offices") also holds the groups with no member yet, as their list does
  // (decision 0053).
  const all = office.kind === 'all';
  const groupOf = (g: SQL) => {
    if (all) return sql`true`;
    const theirs = sql`${g} in (select vg.group_id from view_groups vg)`;
    if (office.kind !== 'offices') return theirs;
    return sql`(${theirs} or not exists (select 1 from journey_group_members em where em.group_id = ${g}))`;
  };
  // The groups with a member in the view: each member carries their office (migration 0051), so
  // this is a range of journey_group_members_office_idx, not a join of every member with the view.
  const view = all
    ? sql``
    : sql`with view_employees as materialized ${viewEmployees(companyId, office)},
      view_groups as materialized (select distinct m.group_id from journey_group_members m
        join journey_groups g on g.id = m.group_id where ${inOffice(office, sql`m`)} and g.company_id = ${companyId})
      `;
  // The view's groups are view_groups itself (of the company already), but for an office admin's
  // own view, which also holds the groups with no member.
  const groups =
    all || office.kind === 'offices'
      ? sql`(select count(*)::int from journey_groups g where g.company_id = c.id and ${groupOf(sql`g.id`)})`
      : sql`(select count(*)::int from view_groups)`;
  const ofView = all ? sql`` : sql` join view_employees ve on ve.id = s.employee_id`;
  const [r] = await rows<SummaryDbRow>(
    db,
    sql`${view}select cm.trips, cm.distance_hundredths, cm.passenger_hundredths, cm.participants,
        round(coalesce(cm.passenger_hundredths, 0) * ${kgPerMileSql(sql`${month}::date`, sql`c.include_well_to_tank`)} / 100, 2) as co2_kg,
        ${groups} as groups,
        (select count(*)::int from journey_group_monthly_stats gs where gs.company_id = c.id and gs.month = ${month}::date and ${groupOf(sql`gs.group_id`)}) as active_groups,
        (select count(*)::int from users u where u.company_id = c.id and u.role = 'Employee' and u.is_approved and u.is_active and ${inOffice(office)}) as active_employees,
        th.trips_threshold, th.miles_threshold, q.qualified_trips, q.qualified_miles
      from companies c
      cross join ${thresholds(companyId)} th
      cross join lateral (select
          count(*) filter (where th.trips_threshold > 0 and s.total_trips >= th.trips_threshold)::int as qualified_trips,
          count(*) filter (where th.miles_threshold > 0 and s.total_hundredths >= th.miles_threshold * 100)::int as qualified_miles
        from employee_monthly_stats s${ofView}
        where s.company_id = c.id and s.month = ${month}::date
          and ((th.trips_threshold > 0 and s.total_trips >= th.trips_threshold) or (th.miles_threshold > 0 and s.total_hundredths >= th.miles_threshold * 100))) q
      left join lateral ${monthFigures(companyId, office, sql`${month}::date`)} cm on true
      where c.id = ${companyId}`,
  );
  const { year, month: m } = yearMonth(month);
  const participants = Number(r?.participants ?? 0);
  const activeEmployees = Number(r?.active_employees ?? 0);
  const qualifiedForTrips = Number(r?.qualified_trips ?? 0);
  const qualifiedForMiles = Number(r?.qualified_miles ?? 0);
  return {
    year,
    month: m,
    totalParticipants: participants,
    journeyGroups: Number(r?.groups ?? 0),
    activeJourneyGroups: Number(r?.active_groups ?? 0),
    totalTrips: Number(r?.trips ?? 0),
    totalDistanceMiles: fromHundredths(r?.distance_hundredths),
    passengerMiles: fromHundredths(r?.passenger_hundredths),
    co2SavedKg: decimal(r?.co2_kg),
    incentives: {
      activeEmployees,
      qualifiedForTrips,
      qualifiedForTripsPercent: percent(qualifiedForTrips, activeEmployees),
      qualifiedForMiles,
      qualifiedForMilesPercent: percent(qualifiedForMiles, activeEmployees),
      participationPercent: percent(participants, activeEmployees),
      numberOfTrips: Number(r?.trips_threshold ?? 0),
      numberOfMiles: Number(r?.miles_threshold ?? 0),
    },
  };
}

interface TrendDbRow {
  month: string | Date;
  trips: number | null;
  distance_hundredths: number | string | null;
  passenger_hundredths: number | string | null;
  participants: number | null;
  co2_kg: string | number;
}

/** The 12 months ending with `lastMonth`, oldest first: 12 primary-key lookups. */
export async function monthlyTrend(db: Db, companyId: string, office: OfficeFilter, lastMonth: string): Promise<MonthlyTrend> {
  const first = addMonths(lastMonth, -11);
  const found = await rows<TrendDbRow>(
    db,
    sql`select to_char(m.month, 'YYYY-MM-DD') as month, cm.trips, cm.distance_hundredths, cm.passenger_hundredths, cm.participants,
        round(coalesce(cm.passenger_hundredths, 0) * ${kgPerMileSql(sql`m.month`, sql`c.include_well_to_tank`)} / 100, 2) as co2_kg
      from companies c
      cross join lateral (select d::date as month from generate_series(${first}::date, ${lastMonth}::date, interval '1 month') d) m
      left join ${monthsFigures(companyId, office, first, lastMonth)} cm on cm.month = m.month
      where c.id = ${companyId}
      order by m.month`,
  );
  // A company that does not exist (an employer before setup) still gets its 12 empty months.
  const byMonth = new Map(found.map((r) => [String(r.month).slice(0, 10), r]));
  const months = Array.from({ length: 12 }, (_, i) => {
    const key = addMonths(first, i);
    const r = byMonth.get(key);
    return {
      ...yearMonth(key),
      trips: Number(r?.trips ?? 0),
      distanceMiles: fromHundredths(r?.distance_hundredths),
      passengerMiles: fromHundredths(r?.passenger_hundredths),
      co2SavedKg: decimal(r?.co2_kg),
      activeParticipants: Number(r?.participants ?? 0),
    };
  });
  return { months };
}

/** What the CO2 modal shows for a month. */
export async function co2Report(db: Db, companyId: string, office: OfficeFilter, month: string): Promise<Co2Report> {
  const [r] = await rows<{ passenger_hundredths: number | string | null; include_well_to_tank: boolean | null; factors: FactorRow[] | string }>(
    db,
    sql`select cm.passenger_hundredths, c.include_well_to_tank, ${factorsJsonSql(sql`${month}::date`)} as factors
      from (select ${companyId}::uuid as id) k
      left join companies c on c.id = k.id
      left join lateral ${monthFigures(companyId, office, sql`${month}::date`)} cm on true`,
  );
  const includeWellToTank = r?.include_well_to_tank ?? false;
  const factors = toFactors(r!.factors);
  const applied = appliedFactors(factors, includeWellToTank);
  const kgPerMile = decimal(applied.reduce((s, f) => s + f.kgPerMile, 0), 5);
  const passengerHundredths = Number(r?.passenger_hundredths ?? 0);
  const { year, month: m } = yearMonth(month);
  return {
    year,
    month: m,
    passengerMiles: fromHundredths(passengerHundredths),
    kgPerMile,
    // Exact: hundredths of a mile (an integer) x a 5-decimal factor, rounded once.
    co2SavedKg: decimal((passengerHundredths * Math.round(kgPerMile * 100_000)) / 10_000_000),
    formula: MESSAGES.insights.co2Formula,
    factorSource: describeFactors(applied),
    includeWellToTank,
    factors,
  };
}
