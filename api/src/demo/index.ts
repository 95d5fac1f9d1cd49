import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { seedDemoBilling } from './billing';
import { seedDemoCompanies, type DemoCompaniesResult } from './companies';
import { seedDemoDrivers } from './drivers';
import { seedDemoEmployees } from './employees';
import { seedDemoInsights, type SeedDemoInsightsResult } from './insights';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoCompanies } from './companies';

/**
 * Employees per demo company by default: the ready company gets enough for several pages of the
 * employee list and a lively dashboard; the others a smaller set.
 */
const DEMO_EMPLOYEES: Record<DemoCompaniesResult['companies'][number]['key'], number> = { greenway: 60, riverside: 20, northgate: 20 };

/** A year of lift sharing: trips per demo employee, enough for a dashboard with a story. */
const DEMO_TRIPS_PER_EMPLOYEE = 40;
/** Flagged trips waiting for Greenway's employer: two long weekend trips and an overlapping lift. */
const DEMO_FLAGGED_TRIPS = 3;

export interface DemoOptions {
  /** Employees created for every demo company, overriding `DEMO_EMPLOYEES` (0 for none). */
  employeesPerCompany?: number;
}

/**
 * The portal's demo data: companies and employer logins (printed once), then employees, journey
 * groups, trips and feedback for each demo company. Idempotent: an existing demo set is left as
 * it is, employees included.
 */
export async function seedDemo(ctx: { db: Db; log: Logger }, options: DemoOptions = {}): Promise<DemoCompaniesResult> {
  const result = await seedDemoCompanies(ctx.db, { log: ctx.log });
  if (!result.created) return result;
  const counts: Record<string, number> = {};
  const insights: Record<string, SeedDemoInsightsResult> = {};
  for (const c of result.companies) {
    const count = options.employeesPerCompany ?? DEMO_EMPLOYEES[c.key];
    if (count <= 0) continue;
    await seedDemoEmployees(ctx.db, { companyId: c.id, count, seed: c.key });
    counts[c.key] = count;
    // Their drivers in every verification state, with the history behind it.
    await seedDemoDrivers(ctx.db, { companyId: c.id, seed: c.key });
    // Journey groups, a year of trips and feedback from those employees.
    // The ready company also has a few unusual trips waiting for its employer's review.
    const flagged = c.key === 'greenway' ? DEMO_FLAGGED_TRIPS : 0;
    insights[c.key] = await seedDemoInsights(ctx.db, { companyId: c.id, trips: count * DEMO_TRIPS_PER_EMPLOYEE, seed: c.key, flagged });
  }
  if (Object.keys(counts).length) ctx.log.info({ employees: counts, insights }, 'demo employees created');
  // A year of invoices for every demo company; Riverside's subscription is set to end with its current period.
  const riverside = result.companies.filter((c) => c.key === 'riverside').map((c) => c.id);
  const billing = await seedDemoBilling(ctx.db, { companyIds: result.companies.map((c) => c.id), cancelling: riverside, seed: 'demo' });
  ctx.log.info({ billing }, 'demo billing created');
  return result;
}
