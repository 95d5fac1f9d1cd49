import { sql, type SQL } from 'drizzle-orm';
import type { EmissionFactor } from '@portal/shared-contracts';
import { decimal } from './period';

/**
 * The emission factors are rows with the month they apply from. For a month, each kind's factor
 * is the latest row starting on or before it; a month older than every row takes the earliest
 * row, so no month is ever without a factor.
 */
function inForce(month: SQL, kinds: SQL): SQL {
  return sql`select distinct on (ef.kind) ef.*
    from emission_factors ef
    where ${kinds}
    order by ef.kind, (ef.valid_from <= ${month}) desc,
      case when ef.valid_from <= ${month} then ef.valid_from end desc, ef.valid_from`;
}

/**
 * kg CO2e per passenger mile for `month` (a date expression): direct, plus well-to-tank when
 * `includeWellToTank` (a boolean expression) is true. A scalar subquery over a table of a few rows.
 */
export function kgPerMileSql(month: SQL, includeWellToTank: SQL): SQL {
  return sql`(select coalesce(sum(f.kg_per_mile), 0) from (${inForce(month, sql`ef.kind = 'direct' or (ef.kind = 'wellToTank' and ${includeWellToTank})`)}) f)`;
}

export interface FactorRow {
  kind: 'direct' | 'wellToTank';
  valid_from: string | Date;
  kg_per_mile: string | number;
  kg_per_km: string | number;
  unit: string;
  scope: string;
  activity: string;
  source: string;
  year: number;
}

function toFactor(r: FactorRow): EmissionFactor {
  const validFrom = r.valid_from instanceof Date ? r.valid_from.toISOString().slice(0, 10) : String(r.valid_from).slice(0, 10);
  return {
    kind: r.kind,
    kgPerMile: decimal(r.kg_per_mile, 5),
    kgPerKm: decimal(r.kg_per_km, 5),
    unit: r.unit,
    scope: r.scope,
    activity: r.activity,
    source: r.source,
    year: Number(r.year),
    validFrom,
  };
}

/** Every kind's factor in force for `month`, as one JSON array (to read beside other figures). */
export function factorsJsonSql(month: SQL): SQL {
  return sql`(select coalesce(json_agg(f), '[]'::json) from (${inForce(month, sql`true`)}) f)`;
}

/** The factors of `factorsJsonSql`, direct first. */
export function toFactors(json: FactorRow[] | string): EmissionFactor[] {
  const list = typeof json === 'string' ? (JSON.parse(json) as FactorRow[]) : json;
  return list.map(toFactor).sort((a, b) => (a.kind === 'direct' ? -1 : b.kind === 'direct' ? 1 : 0));
}

/** The factors applied for a company's choice: direct, plus well-to-tank when included. */
export function appliedFactors(factors: EmissionFactor[], includeWellToTank: boolean): EmissionFactor[] {
  return factors.filter((f) => f.kind === 'direct' || includeWellToTank);
}

/** "UK Government ... 2025; Scope 3, ...": where each applied factor comes from, in one line. */
export function describeFactors(applied: EmissionFactor[]): string {
  return applied.map((f) => `${f.source}, ${f.year}: ${f.activity}, ${f.kgPerMile} ${f.unit} (${f.scope})`).join('; ');
}
