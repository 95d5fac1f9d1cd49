import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createApiContext } from '../create-context';
import { companies, incentives } from '../db/schema';
import { loadApiConfig } from '../env';
import { seedDemoBilling } from './billing';
import { seedDemoDrivers } from './drivers';
import { seedDemoEmployees } from './employees';
import { seedDemoInsights } from './insights';

/**
 * Demo employees for benchmarks and demos, on the configured database (DATA_DIR's PGlite, or
 * DATABASE_URL):
 *
 *   pnpm --filter @portal/api exec tsx src/demo/cli.ts --employees 100000 [--company <id>] [--seed 7]
 *   pnpm --filter @portal/api exec tsx src/demo/cli.ts --employees 10000 --trips 1000000 [--feedback 5000]
 *   pnpm --filter @portal/api exec tsx src/demo/cli.ts --employees 0 --drivers 10000
 *   pnpm --filter @portal/api exec tsx src/demo/cli.ts --employees 0 --invoices 120 [--company <id>]
 *
 * With --trips, the company also gets journey groups, a year of trips among its employees (the
 * ones created now and those it had) and feedback. Without --company a new company is created
 * (with an incentive, and its id printed). --drivers adds that many employees who all drive; every
 * driver of the company without a verification history then gets a state and its history
 * (`seedDemoDrivers`). --invoices gives a company without a subscription one with that many
 * monthly invoices in every status, the last for the current period (`seedDemoBilling`). Stop the api first when it
 * uses PGlite: one process per data folder.
 */
const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '1000' },
    company: { type: 'string' },
    seed: { type: 'string', default: '1' },
    password: { type: 'string' },
    trips: { type: 'string', default: '0' },
    feedback: { type: 'string' },
    drivers: { type: 'string', default: '0' },
    invoices: { type: 'string', default: '0' },
  },
});

const count = Number(values.employees);
if (!Number.isInteger(count) || count < 0) {
  console.error('--employees must be a whole number');
  process.exit(2);
}
const driverCount = Number(values.drivers);
if (!Number.isInteger(driverCount) || driverCount < 0) {
  console.error('--drivers must be a whole number');
  process.exit(2);
}
const invoiceMonths = Number(values.invoices);
if (!Number.isInteger(invoiceMonths) || invoiceMonths < 0) {
  console.error('--invoices must be a whole number');
  process.exit(2);
}
const tripCount = Number(values.trips);
const feedbackCount = values.feedback === undefined ? undefined : Number(values.feedback);
if (!Number.isInteger(tripCount) || tripCount < 0 || (feedbackCount !== undefined && (!Number.isInteger(feedbackCount) || feedbackCount < 0))) {
  console.error('--trips and --feedback must be whole numbers');
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
    await ctx.db.insert(incentives).values({ companyId, numberOfTrips: 20, numberOfTripsRewards: 'An extra half day of leave', numberOfMiles: 250, numberOfMilesRewards: 'A 20 GBP voucher' });
    console.log(`company created: ${companyId}`);
  }
  const started = performance.now();
  const result = await seedDemoEmployees(ctx.db, { companyId, count, seed: values.seed, ...(values.password ? { password: values.password } : {}) });
  const ms = performance.now() - started;
  await ctx.db.execute(sql`analyze users`);
  await ctx.db.execute(sql`analyze vehicles`);
  console.log(JSON.stringify({ companyId, ...result, ms: Math.round(ms), database: ctx.database.kind }));
  const d0 = performance.now();
  if (driverCount > 0) {
    const added = await seedDemoEmployees(ctx.db, { companyId, count: driverCount, seed: `${values.seed}:drivers`, pendingShare: 0, deactivatedShare: 0, driverShare: 1 });
    console.log(JSON.stringify({ companyId, driversAdded: added.drivers }));
  }
  const drivers = await seedDemoDrivers(ctx.db, { companyId, seed: values.seed });
  for (const table of ['users', 'vehicles', 'driver_verification_events']) await ctx.db.execute(sql`analyze ${sql.identifier(table)}`);
  console.log(JSON.stringify({ companyId, ...drivers, ms: Math.round(performance.now() - d0) }));
  if (tripCount > 0) {
    const t0 = performance.now();
    const insights = await seedDemoInsights(ctx.db, { companyId, trips: tripCount, seed: values.seed, ...(feedbackCount !== undefined ? { feedback: feedbackCount } : {}) });
    for (const table of ['trips', 'trip_passengers', 'journey_groups', 'journey_group_members', 'feedbacks', 'employee_monthly_stats', 'employee_trip_totals', 'journey_group_monthly_stats', 'company_monthly_stats']) {
      await ctx.db.execute(sql`analyze ${sql.identifier(table)}`);
    }
    console.log(JSON.stringify({ companyId, ...insights, ms: Math.round(performance.now() - t0) }));
  }
  if (invoiceMonths > 0) {
    const b0 = performance.now();
    const billing = await seedDemoBilling(ctx.db, { companyIds: [companyId], months: invoiceMonths, seed: values.seed });
    for (const table of ['subscriptions', 'invoices']) await ctx.db.execute(sql`analyze ${sql.identifier(table)}`);
    console.log(JSON.stringify({ companyId, ...billing, ms: Math.round(performance.now() - b0) }));
  }
} finally {
  await ctx.close();
}
