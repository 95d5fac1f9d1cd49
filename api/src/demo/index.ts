import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { seedDemoCompanies, type DemoCompaniesResult } from './companies';
import { seedDemoEmployees } from './employees';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoCompanies, hasDemoCompanies } from './companies';

export interface DemoOptions {
  /** Employees created for each demo company (default 12; 0 for none). */
  employeesPerCompany?: number;
}

/**
 * The portal's demo data: companies and employer logins (printed once), then employees for each
 * demo company. Idempotent: an existing demo set is left as it is, employees included.
 */
export async function seedDemo(ctx: { db: Db; log: Logger }, options: DemoOptions = {}): Promise<DemoCompaniesResult> {
  const result = await seedDemoCompanies(ctx.db, { log: ctx.log });
  const count = options.employeesPerCompany ?? 12;
  if (!result.created || count <= 0) return result;
  for (const c of result.companies) await seedDemoEmployees(ctx.db, { companyId: c.id, count, seed: c.key });
  ctx.log.info({ companies: result.companies.length, employeesPerCompany: count }, 'demo employees created');
  return result;
}
