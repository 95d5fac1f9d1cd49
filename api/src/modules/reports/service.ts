import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import { eq, sql, type SQL } from 'drizzle-orm';
import { MESSAGES, officeLabel, type Category7Format, type ReportingSettings, type ReportingSettingsBody } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { category7Reports, companies, locations } from '../../db/schema';
import { rows } from '../../db/sql';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { csvCell } from '../../lib/csv';
import { ALL_OFFICES, inOffice, officeFilter, officeKey, type OfficeFilter as AnyOfficeFilter } from '../../lib/offices';

/** A report covers the company, one office or "No office", never an office admin's several (decision 0051). */
type OfficeFilter = Exclude<AnyOfficeFilter, { kind: 'offices' }>;
import { scopeOf } from '../../lib/tenancy';
import type { AuthUser } from '../../lib/sessions';
import { category7Pdf } from './pdf';
import { category7Csv, type Category7Meta, type Category7Month, type Category7Summary } from './report-text';

const R = MESSAGES.reports;

/**
 * The Scope 3 Category 7 report (docs/decisions/0043-category7-report.md). Every figure is integer
 * metres and grams, computed trip by trip in the database and summed there: a trip's distance in
 * hundredths of a mile becomes metres (x 16.09344, rounded), its emissions are metres x the month's
 * kg CO2e per km (kg/km is g/m), rounded to the gram. The report's lines are sums of the very figures
 * the trips file lists, so they agree to the gram by construction, and a test checks it.
 */

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

// A year's trips file runs to tens of megabytes at scale: compressing it on libuv's thread pool keeps
// the event loop (and, on the embedded database, every other request) turning meanwhile.
const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);
const tripsText = async (b: Buffer | Uint8Array) => (await gunzip(Buffer.from(b))).toString('utf8');
/** Lets queued requests run between the long steps of producing a report. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function periodOf(year: number, startMonth: number): { start: string; end: string } {
  const start = `${year}-${String(startMonth).padStart(2, '0')}-01`;
  const end = `${year + 1}-${String(startMonth).padStart(2, '0')}-01`;
  return { start, end };
}

/** The factor in force for `month` of one kind: the latest starting on or before it, else the earliest (lib/emission-factors.ts). */
function factorOf(kind: 'direct' | 'wellToTank', month: SQL): SQL {
  return sql`(select ef.* from emission_factors ef where ef.kind = ${kind}
    order by (ef.valid_from <= ${month}) desc, case when ef.valid_from <= ${month} then ef.valid_from end desc, ef.valid_from limit 1)`;
}

/**
 * How a trip's figures are shared with the office the report covers (docs/decisions/0045): its
 * vehicle distance and emissions go to its driver's office (`drives`); its passengers are counted
 * per office, and a trip's avoided grams are split over the offices by cumulative rounding: offices
 * in id order, then "No office", each takes round(x * (before + mine)) - round(x * before). The
 * parts of a trip then add up to round(x * passengers), the company's figure, to the gram, and a
 * part with no passengers is exactly 0. Everyone no office holds (no office, a deleted passenger, an
 * erased driver) is under "No office".
 */
function shareOf(office: OfficeFilter): { drives: SQL; before: SQL; mine: SQL } {
  if (office.kind === 'all') return { drives: sql`true`, before: sql`0`, mine: sql`t.passenger_count` };
  const counted = (filter: SQL) =>
    sql`(select count(*) from trip_passengers tp join users pu on pu.id = tp.passenger_id where tp.trip_id = t.id and ${filter})::int`;
  if (office.kind === 'none') {
    const withOffice = counted(sql`pu.office_id is not null`);
    return { drives: sql`t.driver_office is null`, before: withOffice, mine: sql`(t.passenger_count - ${withOffice})` };
  }
  return {
    drives: sql`t.driver_office is not distinct from ${office.id}::uuid`,
    before: counted(sql`pu.office_id < ${office.id}::uuid`),
    mine: counted(sql`pu.office_id = ${office.id}::uuid`),
  };
}

/**
 * The year's counted trips with their month's factors and the office's part of their figures
 * (`tf`: every trip of the company, or those the office drove or rode in), and the factor set of
 * each month (`factors`), as the common head of the report's statements.
 */
function withTrips(companyId: string, start: string, includeWellToTank: boolean, office: OfficeFilter): SQL {
  const share = shareOf(office);
  return sql`with months as (
      select (${start}::date + make_interval(months => i))::date as month from generate_series(0, 11) i
    ), factors as (
      select m.month, d.id as direct_id, d.kg_per_km as direct_kg_per_km, d.source, d.year, d.activity,
        w.id as wtt_id, w.kg_per_km as wtt_kg_per_km, d.kg_per_km + coalesce(w.kg_per_km, 0) as kg_per_km
      from months m
      cross join lateral ${factorOf('direct', sql`m.month`)} d
      left join lateral ${factorOf('wellToTank', sql`m.month`)} w on ${includeWellToTank}
    ), t as (
      select t.id, t.started_at, t.driver_id, t.passenger_count, du.office_id as driver_office,
        date_trunc('month', t.started_at at time zone 'UTC')::date as month,
        round(t.distance_hundredths * 16.09344)::bigint as vehicle_m
      from trips t
      left join users du on du.id = t.driver_id
      where t.company_id = ${companyId} and t.status in ('counted', 'confirmed')
        and t.started_at >= (${start}::date)::timestamp at time zone 'UTC'
        and t.started_at < (${start}::date + interval '12 months')::timestamp at time zone 'UTC'
    ), ts as (
      select t.*, ${share.drives} as drives, ${share.before}::bigint as before_n, ${share.mine}::bigint as mine_n from t
    ), tf as (
      select ts.*, ts.vehicle_m * ts.mine_n as passenger_m, f.direct_id, f.wtt_id, f.kg_per_km,
        case when ts.drives then ts.vehicle_m else 0 end as vehicle_share_m,
        case when ts.drives then round(ts.vehicle_m * f.kg_per_km)::bigint else 0 end as emitted_g,
        (round(ts.vehicle_m * (ts.before_n + ts.mine_n) * f.kg_per_km) - round(ts.vehicle_m * ts.before_n * f.kg_per_km))::bigint as avoided_g
      from ts join factors f on f.month = ts.month
      where ts.drives or ts.mine_n <> 0
    )`;
}

interface CompanyRow {
  name: string;
  include_well_to_tank: boolean;
  reporting_headcount: number | null;
  reporting_year_start_month: number;
}

/** The company the caller reports on: an employer's own, a super admin's named one. */
export function reportCompany(auth: AuthUser, requested: string | undefined): string {
  const scope = scopeOf(auth, requested);
  if (scope === null) throw new HttpError(400, R.companyRequired);
  return scope;
}

async function companyOf(db: Db, companyId: string): Promise<CompanyRow> {
  const [c] = await rows<CompanyRow>(
    db,
    sql`select name, include_well_to_tank, reporting_headcount, reporting_year_start_month from companies where id = ${companyId}`,
  );
  if (!c) throw notFound(MESSAGES.company.notFound);
  return c;
}

/** The office a report covers as its files name it: the company's, "No office", or the office's label. */
async function officeOf(db: Db, office: OfficeFilter): Promise<Category7Summary['office']> {
  if (office.kind !== 'office') return { key: office.kind, name: office.kind === 'all' ? R.facts.allOffices : R.facts.noOffice };
  const [l] = await db.select({ addressLine1: locations.addressLine1, town: locations.town }).from(locations).where(eq(locations.id, office.id));
  return { key: office.id, name: l ? officeLabel(l) : office.id };
}

const num = (v: string | number | null | undefined) => Number(v ?? 0);

/** The report's figures as the data stands, in one statement per part (no per-trip round trips). */
export async function category7Summary(db: Db, companyId: string, year: number, office: OfficeFilter = ALL_OFFICES): Promise<Category7Summary> {
  const c = await companyOf(db, companyId);
  const startMonth = Number(c.reporting_year_start_month);
  const { start, end } = periodOf(year, startMonth);
  const head = withTrips(companyId, start, c.include_well_to_tank, office);
  const drivenOff = (u: SQL) => (office.kind === 'all' ? sql`true` : office.kind === 'none' ? sql`${u}.office_id is null` : sql`${u}.office_id is not distinct from ${office.id}::uuid`);
  const months = await rows<{
    month: string | Date;
    direct_id: string;
    direct_kg_per_km: string;
    wtt_id: string | null;
    wtt_kg_per_km: string | null;
    kg_per_km: string;
    source: string;
    year: number;
    activity: string;
    trips: number;
    vehicle_m: string;
    passenger_m: string;
    emitted_g: string;
    avoided_g: string;
  }>(
    db,
    sql`${head}
    select to_char(f.month, 'YYYY-MM') as month, f.direct_id, f.direct_kg_per_km::text, f.wtt_id, f.wtt_kg_per_km::text, f.kg_per_km::text,
      f.source, f.year, f.activity, count(tf.id) filter (where tf.drives)::int as trips,
      coalesce(sum(tf.vehicle_share_m), 0)::text as vehicle_m, coalesce(sum(tf.passenger_m), 0)::text as passenger_m,
      coalesce(sum(tf.emitted_g), 0)::text as emitted_g, coalesce(sum(tf.avoided_g), 0)::text as avoided_g
    from factors f left join tf on tf.month = f.month
    group by f.month, f.direct_id, f.direct_kg_per_km, f.wtt_id, f.wtt_kg_per_km, f.kg_per_km, f.source, f.year, f.activity
    order by f.month`,
  );
  await turn();
  const [other] = await rows<{
    members: number;
    participants: number;
    erased: number;
    offices_digest: string;
    flagged: number;
    flagged_m: string;
    rejected: number;
    rejected_m: string;
  }>(
    db,
    sql`${head}
    select
      (select count(*)::int from users u where u.company_id = ${companyId} and u.role = 'Employee' and u.is_approved and u.is_active and ${inOffice(office)}) as members,
      (select count(*)::int from (select tf.driver_id as person from tf where tf.driver_id is not null and tf.drives
        union select tp.passenger_id from trip_passengers tp join tf on tf.id = tp.trip_id join users u on u.id = tp.passenger_id where ${inOffice(office)}) p) as participants,
      (select count(*)::int from tf where tf.driver_id is null and tf.drives) as erased,
      (select md5(coalesce(string_agg(concat_ws(':', tf.id, l.id, l.address_line1, l.town), ',' order by tf.id), ''))
        from tf left join locations l on l.id = tf.driver_office) as offices_digest,
      x.flagged, x.flagged_m, x.rejected, x.rejected_m
    from (
      select count(*) filter (where status = 'flagged')::int as flagged,
        coalesce(sum(round(distance_hundredths * 16.09344)) filter (where status = 'flagged'), 0)::bigint::text as flagged_m,
        count(*) filter (where status = 'rejected')::int as rejected,
        coalesce(sum(round(distance_hundredths * 16.09344)) filter (where status = 'rejected'), 0)::bigint::text as rejected_m
      from trips
      left join users du on du.id = trips.driver_id
      where trips.company_id = ${companyId} and status in ('flagged', 'rejected') and ${drivenOff(sql`du`)}
        and started_at >= (${start}::date)::timestamp at time zone 'UTC'
        and started_at < (${start}::date + interval '12 months')::timestamp at time zone 'UTC'
    ) x`,
  );
  const list: Category7Month[] = months.map((m) => ({
    month: String(m.month),
    trips: num(m.trips),
    vehicleM: num(m.vehicle_m),
    passengerM: num(m.passenger_m),
    emittedG: num(m.emitted_g),
    avoidedG: num(m.avoided_g),
    factor: {
      directId: m.direct_id,
      directKgPerKm: m.direct_kg_per_km,
      wellToTankId: m.wtt_id,
      wellToTankKgPerKm: m.wtt_kg_per_km,
      kgPerKm: m.kg_per_km,
      source: m.source,
      year: Number(m.year),
      activity: m.activity,
    },
  }));
  const sum = (k: 'trips' | 'vehicleM' | 'passengerM' | 'emittedG' | 'avoidedG') => list.reduce((s, m) => s + m[k], 0);
  return {
    companyId,
    companyName: c.name,
    office: await officeOf(db, office),
    tripOffices: String(other?.offices_digest ?? ''),
    year,
    startMonth,
    periodStart: start,
    periodEnd: end,
    includeWellToTank: c.include_well_to_tank,
    months: list,
    totals: { trips: sum('trips'), vehicleM: sum('vehicleM'), passengerM: sum('passengerM'), emittedG: sum('emittedG'), avoidedG: sum('avoidedG') },
    coverage: { members: num(other?.members), participants: num(other?.participants), headcount: c.reporting_headcount === null ? null : Number(c.reporting_headcount) },
    excluded: {
      flaggedTrips: num(other?.flagged),
      flaggedM: num(other?.flagged_m),
      rejectedTrips: num(other?.rejected),
      rejectedM: num(other?.rejected_m),
      erasedDriverTrips: num(other?.erased),
    },
  };
}

/** The trips file: one line per counted trip, built in the database in the trips' order. */
export async function category7TripsFile(db: Db, summary: Category7Summary, office: OfficeFilter = ALL_OFFICES): Promise<string> {
  const km = (col: SQL) => sql`(${col}::numeric / 1000)::numeric(20, 3)::text`;
  // The trip's office is its driver's, named as every screen names it (officeLabel), quoted as a CSV cell.
  const named = sql`(case when l.id is null then ${MESSAGES.insights.noOffice} else concat_ws(', ', l.address_line1, nullif(l.town, '')) end)`;
  // A cell a spreadsheet would read as a formula is neutralised as lib/csv.ts's csvCell does.
  const label = sql`(case when left(${named}, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || ${named} else ${named} end)`;
  const [r] = await rows<{ body: string | null }>(
    db,
    sql`${withTrips(summary.companyId, summary.periodStart, summary.includeWellToTank, office)}
    select string_agg(concat_ws(',', tf.id::text, to_char(tf.started_at at time zone 'UTC', 'YYYY-MM-DD'),
        '"' || replace(${label}, '"', '""') || '"',
        ${km(sql`tf.vehicle_share_m`)}, ${km(sql`tf.passenger_m`)}, tf.direct_id::text, coalesce(tf.wtt_id::text, ''),
        tf.kg_per_km::text, ${km(sql`tf.emitted_g`)}, ${km(sql`tf.avoided_g`)}), E'\\r\\n' order by tf.started_at, tf.id) as body
    from tf left join locations l on l.id = tf.driver_office`,
  );
  const header = R.tripsColumns.map(csvCell).join(',');
  return `\uFEFF${header}\r\n${r?.body ? `${r.body}\r\n` : ''}`;
}

interface StoredRow {
  id: string;
  produced_at: string | Date;
  csv: string;
  csv_sha256: string;
  pdf: Buffer | Uint8Array;
  pdf_sha256: string;
  trips_gzip: Buffer | Uint8Array;
  trips_sha256: string;
}

/** One file of a stored report, with what the answer's headers say of it. */
export interface Category7File {
  id: string;
  format: Category7Format;
  /** The CSVs as text, the PDF's bytes as base64 (the route's convention). */
  body: string;
  sha256: string;
  filename: string;
}

async function fileOf(r: StoredRow, year: number, format: Category7Format): Promise<Category7File> {
  const base = `category7-${year}-${r.id.slice(0, 8)}`;
  if (format === 'pdf') return { id: r.id, format, body: Buffer.from(r.pdf).toString('base64'), sha256: r.pdf_sha256, filename: `${base}.pdf` };
  if (format === 'csv') return { id: r.id, format, body: r.csv, sha256: r.csv_sha256, filename: `${base}.csv` };
  return { id: r.id, format, body: await tripsText(r.trips_gzip), sha256: r.trips_sha256, filename: `${base}-trips.csv` };
}

const STORED = sql`id, produced_at, csv, csv_sha256, pdf, pdf_sha256, trips_gzip, trips_sha256`;

/**
 * The report of a reporting year as the data stands. Equal figures answer the stored report; other
 * figures produce a new one, stored with each file's SHA-256, under a lock per company so that two
 * requests at once store one report.
 */
export async function category7(
  db: Db,
  auth: AuthUser,
  companyId: string,
  q: { year: number; officeId?: string | undefined; format: Category7Format },
): Promise<Category7File> {
  if (!isUuid(companyId)) throw notFound(MESSAGES.company.notFound);
  const office = await officeFilter(db, auth, companyId, q.officeId);
  // A report is filed for the company or one office (decision 0051): an office admin names one of theirs.
  if (office.kind === 'offices') throw new HttpError(403, MESSAGES.admins.outsideOffices);
  const key = officeKey(office);
  const stored = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('category7'), hashtext(${companyId}))`);
    const summary = await category7Summary(tx, companyId, q.year, office);
    await turn();
    const json = JSON.stringify(summary);
    const [same] = await rows<StoredRow>(
      tx,
      sql`select ${STORED} from category7_reports
        where company_id = ${companyId} and year = ${q.year} and office = ${key} and start_month = ${summary.startMonth} and summary = ${json}::jsonb
        order by produced_at desc limit 1`,
    );
    if (same) return same;
    await turn();
    const trips = await category7TripsFile(tx, summary, office);
    await turn();
    const meta: Category7Meta = { id: randomUUID(), producedAt: new Date(), tripsSha256: sha256(trips) };
    const csv = category7Csv(summary, meta);
    const tripsGzip = await gzip(trips);
    const pdf = await category7Pdf(summary, meta);
    await turn();
    const [row] = await rows<StoredRow>(
      tx,
      sql`insert into category7_reports (id, company_id, office, year, start_month, produced_at, produced_by, summary, csv, csv_sha256, pdf, pdf_sha256, trips_gzip, trips_sha256)
        values (${meta.id}, ${companyId}, ${key}, ${q.year}, ${summary.startMonth}, ${meta.producedAt.toISOString()}, ${auth.userId}, ${json}::jsonb,
          ${csv}, ${sha256(csv)}, ${pdf}, ${sha256(pdf)}, ${tripsGzip}, ${meta.tripsSha256})
        returning ${STORED}`,
    );
    return row!;
  });
  return await fileOf(stored, q.year, q.format);
}

/** A produced report again, exactly as it was stored: another company's is not found. */
export async function producedCategory7(db: Db, auth: AuthUser, id: string, format: Category7Format): Promise<Category7File> {
  if (!isUuid(id)) throw notFound(R.notFound);
  const scope = scopeOf(auth);
  const [r] = await rows<StoredRow & { year: number }>(
    db,
    sql`select ${STORED}, year from category7_reports where id = ${id} ${scope === null ? sql`` : sql`and company_id = ${scope}`}`,
  );
  if (!r) throw notFound(R.notFound);
  return await fileOf(r, Number(r.year), format);
}

/** A company the caller may see: their own, or any for a super admin; else "not found". */
function settingsCompany(auth: AuthUser, companyId: string): string {
  const scope = scopeOf(auth);
  if (!isUuid(companyId) || (scope !== null && scope !== companyId.toLowerCase())) throw notFound(MESSAGES.company.notFound);
  return companyId;
}

export async function reportingSettings(db: Db, auth: AuthUser, companyId: string): Promise<ReportingSettings> {
  const id = settingsCompany(auth, companyId);
  const [c] = await db
    .select({ headcount: companies.reportingHeadcount, yearStartMonth: companies.reportingYearStartMonth })
    .from(companies)
    .where(eq(companies.id, id));
  if (!c) throw notFound(MESSAGES.company.notFound);
  return c;
}

export async function setReportingSettings(db: Db, auth: AuthUser, companyId: string, body: ReportingSettingsBody): Promise<ReportingSettings> {
  const id = settingsCompany(auth, companyId);
  const [c] = await db
    .update(companies)
    .set({ reportingHeadcount: body.headcount, reportingYearStartMonth: body.yearStartMonth, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning({ headcount: companies.reportingHeadcount, yearStartMonth: companies.reportingYearStartMonth });
  if (!c) throw notFound(MESSAGES.company.notFound);
  return c;
}

/** For tests and the trace script: a stored report's trips file. */
export async function storedTripsFile(db: Db, id: string): Promise<string> {
  const [r] = await db.select({ trips: category7Reports.tripsGzip }).from(category7Reports).where(eq(category7Reports.id, id));
  return r ? await tripsText(r.trips) : '';
}
