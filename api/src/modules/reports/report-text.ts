import { MESSAGES } from '@portal/shared-contracts';
import { toCsv } from '../../lib/csv';

const R = MESSAGES.reports;

/** The Category 7 report's figures and how its files write them (docs/decisions/0043). */

/** One month of the reporting year with the factor set in force and its figures. */
export interface Category7Month {
  month: string;
  trips: number;
  vehicleM: number;
  passengerM: number;
  emittedG: number;
  avoidedG: number;
  factor: {
    directId: string;
    directKgPerKm: string;
    wellToTankId: string | null;
    wellToTankKgPerKm: string | null;
    kgPerKm: string;
    source: string;
    year: number;
    activity: string;
  };
}

/** What a report says; equal summaries are the same report (a new request answers the stored one). */
export interface Category7Summary {
  companyId: string;
  companyName: string;
  /** The office covered: `all` (the company), `none`, or an office's id, with the name the files print. */
  office: { key: string; name: string };
  /**
   * A digest of each listed trip's office as the trips file names it: a move or a renamed office
   * changes the file, so it makes another report even when no figure changes.
   */
  tripOffices: string;
  year: number;
  startMonth: number;
  /** First day of the year and first day after it (`YYYY-MM-DD`, UTC). */
  periodStart: string;
  periodEnd: string;
  includeWellToTank: boolean;
  months: Category7Month[];
  totals: { trips: number; vehicleM: number; passengerM: number; emittedG: number; avoidedG: number };
  coverage: { members: number; participants: number; headcount: number | null };
  excluded: { flaggedTrips: number; flaggedM: number; rejectedTrips: number; rejectedM: number; erasedDriverTrips: number };
}

/** A produced report's identity as the files print it. */
export interface Category7Meta {
  id: string;
  producedAt: Date;
  tripsSha256: string;
}

/** `1234` -> `"1.234"`: thousandths (grams as kg, metres as km) as exact decimal text. */
export function thousandths(n: number): string {
  const sign = n < 0 ? '-' : '';
  const a = Math.abs(n);
  return `${sign}${Math.trunc(a / 1000)}.${String(a % 1000).padStart(3, '0')}`;
}

const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "April 2026 to March 2027". */
export function periodText(s: Pick<Category7Summary, 'periodStart' | 'periodEnd'>): string {
  const first = new Date(`${s.periodStart}T00:00:00Z`);
  const last = new Date(`${s.periodEnd}T00:00:00Z`);
  last.setUTCMonth(last.getUTCMonth() - 1);
  return R.periodRange(monthName.format(first), monthName.format(last));
}

function coverageText(s: Category7Summary): string {
  const c = s.coverage;
  if (s.office.key !== 'all') return R.companyOnly;
  if (c.headcount === null) return R.notEntered;
  return `${((c.members * 100) / c.headcount).toFixed(1)}%`;
}

/** The report's lines beside their values, as both the CSV and the PDF list them. */
export function category7Items(s: Category7Summary): [string, string][] {
  const I = R.items;
  return [
    [I.tripsCounted, String(s.totals.trips)],
    [I.vehicleKm, thousandths(s.totals.vehicleM)],
    [I.passengerKm, thousandths(s.totals.passengerM)],
    [I.emittedKg, thousandths(s.totals.emittedG)],
    [I.avoidedKg, thousandths(s.totals.avoidedG)],
    [I.wellToTank, s.includeWellToTank ? R.yes : R.no],
    [I.members, String(s.coverage.members)],
    [I.participants, String(s.coverage.participants)],
    [I.headcount, s.coverage.headcount === null ? R.notEntered : String(s.coverage.headcount)],
    [I.coverage, coverageText(s)],
    [I.flaggedTrips, String(s.excluded.flaggedTrips)],
    [I.flaggedKm, thousandths(s.excluded.flaggedM)],
    [I.rejectedTrips, String(s.excluded.rejectedTrips)],
    [I.rejectedKm, thousandths(s.excluded.rejectedM)],
    [I.erasedDrivers, String(s.excluded.erasedDriverTrips)],
    [I.method, R.method],
    [I.assumption, R.assumption],
  ];
}

/** A month's row of the report (CSV and PDF). */
export function monthCells(m: Category7Month): string[] {
  return [
    m.month,
    String(m.trips),
    thousandths(m.vehicleM),
    thousandths(m.passengerM),
    thousandths(m.emittedG),
    thousandths(m.avoidedG),
    m.factor.source,
    String(m.factor.year),
    m.factor.directId,
    m.factor.wellToTankId ?? '',
    m.factor.kgPerKm,
  ];
}

/** The report as CSV: the facts, the months with their factor sets and a total, then the other lines. */
export function category7Csv(s: Category7Summary, meta: Category7Meta): string {
  const F = R.facts;
  const t = s.totals;
  const facts: string[][] = [
    [F.company, s.companyName],
    [F.period, periodText(s)],
    [F.office, s.office.name],
    [F.reportId, meta.id],
    [F.produced, meta.producedAt.toISOString()],
    [F.tripsFile, meta.tripsSha256],
  ];
  const months = s.months.map(monthCells);
  const total = [R.total, String(t.trips), thousandths(t.vehicleM), thousandths(t.passengerM), thousandths(t.emittedG), thousandths(t.avoidedG), '', '', '', '', ''];
  // One file, three blocks separated by an empty line: spreadsheets open it as it reads.
  return [
    toCsv([R.title, ''], facts),
    toCsv(R.monthColumns, [...months, total]).slice(1),
    toCsv(R.itemColumns, category7Items(s)).slice(1),
  ].join('\r\n');
}

