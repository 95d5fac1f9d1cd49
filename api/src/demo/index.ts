import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { seedDemoCompanies, type DemoCompaniesResult } from './companies';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoCompanies, hasDemoCompanies } from './companies';

export interface DemoOptions {
  /** Employees created for each active demo company (when the employees seed is available). */
  employeesPerCompany?: number;
}

type SeedEmployees = (db: Db, options: { companyId: string; count: number }) => Promise<unknown>;

/**
 * TODO(employees seed): replace with `import { seedDemoEmployees } from './employees'` once
 * `demo/employees.ts` is in the tree. Until then it is loaded only if present, so the demo
 * companies can be seeded without it.
 */
async function loadEmployeesSeed(): Promise<SeedEmployees | null> {
  const url = new URL('./employees.ts', import.meta.url);
  if (!fs.existsSync(fileURLToPath(url))) return null;
  const mod = (await import(url.href)) as { seedDemoEmployees?: SeedEmployees };
  return typeof mod.seedDemoEmployees === 'function' ? mod.seedDemoEmployees : null;
}

/**
 * The portal's demo data: companies and employer logins (printed once), then employees for each
 * demo company. Idempotent: an existing demo set is left as it is.
 */
export async function seedDemo(ctx: { db: Db; log: Logger }, options: DemoOptions = {}): Promise<DemoCompaniesResult> {
  const result = await seedDemoCompanies(ctx.db, { log: ctx.log });
  const count = options.employeesPerCompany ?? 12;
  if (!result.created || count <= 0) return result;
  const seedEmployees = await loadEmployeesSeed();
  if (!seedEmployees) return result;
  for (const c of result.companies) await seedEmployees(ctx.db, { companyId: c.id, count });
  ctx.log.info({ companies: result.companies.length, employeesPerCompany: count }, 'demo employees created');
  return result;
}
