import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createApiContext } from '../create-context';
import { companies } from '../db/schema';
import { loadApiConfig } from '../env';
import { seedDemoEmployees } from './employees';

/**
 * Demo employees for benchmarks and demos, on the configured database (DATA_DIR's PGlite, or
 * DATABASE_URL):
 *
 *   pnpm --filter @portal/api exec tsx src/demo/cli.ts --employees 100000 [--company <id>] [--seed 7]
 *
 * Without --company a new company is created (and its id printed). Stop the api first when it
 * uses PGlite: one process per data folder.
 */
const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '1000' },
    company: { type: 'string' },
    seed: { type: 'string', default: '1' },
    password: { type: 'string' },
  },
});

const count = Number(values.employees);
if (!Number.isInteger(count) || count < 0) {
  console.error('--employees must be a whole number');
  process.exit(2);
}

const config = loadApiConfig();
const ctx = await createApiContext({ ...config, logLevel: 'warn' });
try {
  let companyId = values.company;
  if (!companyId) {
    const [c] = await ctx.db
      .insert(companies)
      .values({ name: `Benchmark Commuters ${new Date().toISOString().slice(0, 10)}`, email: 'bench@example.com', phoneNumber: '0113 496 0000', signUpState: 3 })
      .returning({ id: companies.id });
    companyId = c!.id;
    console.log(`company created: ${companyId}`);
  }
  const started = performance.now();
  const result = await seedDemoEmployees(ctx.db, { companyId, count, seed: values.seed, ...(values.password ? { password: values.password } : {}) });
  const ms = performance.now() - started;
  await ctx.db.execute(sql`analyze users`);
  await ctx.db.execute(sql`analyze vehicles`);
  console.log(JSON.stringify({ companyId, ...result, ms: Math.round(ms), database: ctx.database.kind }));
} finally {
  await ctx.close();
}
