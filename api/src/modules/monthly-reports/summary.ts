import { sql } from 'drizzle-orm';
import { MESSAGES, officeLabel } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { toCsv } from '../../lib/csv';

/** One line of a month's summary: the company, or one office, or "No office". */
export interface SummaryLine {
  label: string;
  trips: number;
  vehicleKm: number;
  passengerKm: number;
  emittedKg: number;
  avoidedKg: number;
  participants: number;
  activeEmployees: number;
}

export interface MonthSummary {
  /** First day of the month, `2026-10-01`. */
  month: string;
  company: SummaryLine;
  /** Each office and "No office", when the company has offices; empty otherwise. */
  offices: SummaryLine[];
}

interface LineRow {
  office_id: string | null;
  address_line1: string | null;
  town: string | null;
  trips: string;
  vehicle_m: string;
  passenger_m: string;
  emitted_g: string;
  avoided_g: string;
  participants: string;
  active_employees: string;
}

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const thousandths = (v: string) => Math.round(n(v)) / 1000;

/**
 * A month's figures by office, in one statement, computed as the Category 7 report computes them
 * (docs/decisions/0043): counted and confirmed trips of the UTC month, vehicle distance x the car
 * factor of the month (direct, plus well-to-tank when the company includes it) for what the trips
 * emitted, passenger distance x the same factor for what passengers who would have driven alone
 * avoided, each trip rounded to the gram. A trip belongs to its driver's office, a participant to
 * their own; a deleted driver's trips are "No office", so the offices add up to the company.
 */
export async function monthSummary(db: Db, companyId: string, month: string): Promise<MonthSummary> {
  const list = await rows<LineRow>(
    db,
    sql`with c as (select include_well_to_tank from companies where id = ${companyId}),
    f as (
      select coalesce(sum(x.kg_per_km), 0) as kg_per_km from (
        select distinct on (ef.kind) ef.kind, ef.kg_per_km from emission_factors ef, c
        where ef.kind = 'direct' or (ef.kind = 'wellToTank' and c.include_well_to_tank)
        order by ef.kind, (ef.valid_from <= ${month}::date) desc,
          case when ef.valid_from <= ${month}::date then ef.valid_from end desc, ef.valid_from) x
    ), t as (
      select t.id, t.driver_id, t.passenger_count, round(t.distance_hundredths * 16.09344)::bigint as vehicle_m, d.office_id
      from trips t left join users d on d.id = t.driver_id
      where t.company_id = ${companyId} and t.status in ('counted', 'confirmed')
        and t.started_at >= (${month}::date)::timestamp at time zone 'UTC'
        and t.started_at < (${month}::date + interval '1 month')::timestamp at time zone 'UTC'
    ), trip_lines as (
      select t.office_id, count(*) as trips, sum(t.vehicle_m) as vehicle_m, sum(t.vehicle_m * t.passenger_count) as passenger_m,
        sum(round(t.vehicle_m * f.kg_per_km)) as emitted_g, sum(round(t.vehicle_m * t.passenger_count * f.kg_per_km)) as avoided_g
      from t cross join f group by t.office_id
    ), people as (
      select p.id, u.office_id from (
        select t.driver_id as id from t where t.driver_id is not null
        union select tp.passenger_id from trip_passengers tp join t on t.id = tp.trip_id) p
      left join users u on u.id = p.id
    ), participant_lines as (
      select office_id, count(*) as participants from people group by office_id
    ), employee_lines as (
      select office_id, count(*) as active_employees from users
      where company_id = ${companyId} and role = 'Employee' and is_approved and is_active group by office_id
    ), offices as (
      select l.id, l.address_line1, l.town from locations l where l.company_id = ${companyId}
      union all select null, null, null
    )
    select o.id as office_id, o.address_line1, o.town,
      coalesce(tl.trips, 0)::text as trips, coalesce(tl.vehicle_m, 0)::text as vehicle_m, coalesce(tl.passenger_m, 0)::text as passenger_m,
      coalesce(tl.emitted_g, 0)::text as emitted_g, coalesce(tl.avoided_g, 0)::text as avoided_g,
      coalesce(pl.participants, 0)::text as participants, coalesce(el.active_employees, 0)::text as active_employees
    from offices o
    left join trip_lines tl on tl.office_id is not distinct from o.id
    left join participant_lines pl on pl.office_id is not distinct from o.id
    left join employee_lines el on el.office_id is not distinct from o.id
    order by o.id is null, o.address_line1, o.town, o.id`,
  );
  const lines: SummaryLine[] = list.map((r) => ({
    label: r.office_id ? officeLabel({ addressLine1: r.address_line1 ?? '', town: r.town }) : MESSAGES.insights.noOffice,
    trips: n(r.trips),
    vehicleKm: thousandths(r.vehicle_m),
    passengerKm: thousandths(r.passenger_m),
    emittedKg: thousandths(r.emitted_g),
    avoidedKg: thousandths(r.avoided_g),
    participants: n(r.participants),
    activeEmployees: n(r.active_employees),
  }));
  const sum = (k: keyof Omit<SummaryLine, 'label'>) => Math.round(lines.reduce((s, l) => s + l[k] * 1000, 0)) / 1000;
  const company: SummaryLine = {
    label: MESSAGES.monthlyReports.wholeCompany,
    trips: sum('trips'),
    vehicleKm: sum('vehicleKm'),
    passengerKm: sum('passengerKm'),
    emittedKg: sum('emittedKg'),
    avoidedKg: sum('avoidedKg'),
    participants: sum('participants'),
    activeEmployees: sum('activeEmployees'),
  };
  return { month, company, offices: list.length > 1 ? lines : [] };
}

export const participationPercent = (l: SummaryLine) => (l.activeEmployees > 0 ? Math.round((l.participants / l.activeEmployees) * 1000) / 10 : 0);

/** The CSV sent with the mail: one line for the company, then one per office when it has offices. */
export function summaryCsv(s: MonthSummary): string {
  const header = ['month', 'office', 'participants', 'active_employees', 'participation_percent', 'trips', 'vehicle_km', 'passenger_km', 'emitted_kg_co2e', 'avoided_kg_co2e'];
  const line = (l: SummaryLine) => [s.month.slice(0, 7), l.label, l.participants, l.activeEmployees, participationPercent(l), l.trips, l.vehicleKm, l.passengerKm, l.emittedKg, l.avoidedKg];
  return toCsv(header, [line(s.company), ...s.offices.map(line)]);
}
