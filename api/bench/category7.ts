/**
 * The Category 7 report's trace rule at scale (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/category7.ts [--trips 1000000] [--employees 2000]
 *
 * On PostgreSQL (DATABASE_URL, or else a throwaway cluster like `scripts/test-pg.mjs` starts) it
 * makes one company whose trips fill last calendar year (`--trips` of them, with every status, one
 * passenger row each, and the well-to-tank factor included), then asks the api (`app.inject`: auth,
 * validation, SQL, files) for the year's report as CSV and the trips file. It prints how long the
 * report takes to produce and to answer again, the files' sizes, and whether every month's and the
 * year's trips, km and kg of the report equal the sums of the trips file's lines, to the metre and
 * the gram. It exits 1 when they do not.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app';
import { createApiContext } from '../src/create-context';
import { companies, employerUsers, users } from '../src/db/schema';
import { createSession } from '../src/lib/sessions';
import { MESSAGES } from '@portal/shared-contracts';
import { withBenchDatabase } from './postgres';
import { benchConfig, quietLog } from './config';

const { values } = parseArgs({ options: { trips: { type: 'string', default: '1000000' }, employees: { type: 'string', default: '2000' } } });
const TRIPS = Number(values.trips);
const EMPLOYEES = Number(values.employees);
const R = MESSAGES.reports;

const ms = (t0: number) => `${Math.round(performance.now() - t0)} ms`;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
/** "12.345" -> 12345, exactly. */
const milli = (s: string) => {
  const [whole, frac = ''] = s.split('.');
  if (frac.length !== 3 || !/^\d+$/.test(whole!) || !/^\d{3}$/.test(frac)) throw new Error(`not a three-decimal figure: ${s}`);
  return Number(whole) * 1000 + Number(frac);
};

await withBenchDatabase('category7', process.env.DATABASE_URL, async (url) => {
  const ctx = await createApiContext(benchConfig(url), { log: quietLog });
  const app = await createApp(ctx, { logger: false });
  try {
    const db = ctx.db;
    const year = new Date().getUTCFullYear() - 1;
    const [c] = await db.insert(companies).values({ name: 'Trace Commuters Ltd', email: 'hello@trace.example', phoneNumber: '0113 496 0000', signUpState: 3, includeWellToTank: true, reportingHeadcount: 5000 }).returning();
    const companyId = c!.id;
    const [boss] = await db.insert(users).values({ email: 'boss@trace.example', passwordHash: '!', name: 'Trace Boss', role: 'Employer', companyId }).returning();
    await db.insert(employerUsers).values({ userId: boss!.id });
    const token = (await createSession(db, boss!.id, false, { ip: '127.0.0.1' })).token;

    let t0 = performance.now();
    await db.execute(sql`insert into users (email, password_hash, name, role, company_id, first_name, last_name)
      select 'e' || i || '@trace.example', '!', 'Employee ' || i, 'Employee', ${companyId}, 'Employee', i::text from generate_series(1, ${EMPLOYEES}) i`);
    // Trips spread over the year, every distance from 0.01 to 50 miles, 1 to 4 passengers; about 1 in 50
    // flagged and 1 in 100 rejected (outside the figures), 1 in 200 of an erased driver.
    await db.execute(sql`with staff as (select array_agg(id order by id) as ids from users where company_id = ${companyId} and role = 'Employee')
      insert into trips (company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, status)
      select ${companyId}, case when i % 200 = 0 then null else staff.ids[1 + (i % ${EMPLOYEES})] end, 'trace-' || i,
        make_timestamptz(${year}, 1, 1, 0, 0, 0, 'UTC') + ((i::bigint * 31536000) / ${TRIPS}) * interval '1 second',
        1 + (i::bigint * 7919) % 5000, 1 + i % 4,
        case when i % 50 = 0 then 'flagged' when i % 100 = 1 then 'rejected' when i % 70 = 0 then 'confirmed' else 'counted' end
      from generate_series(1, ${TRIPS}) i, staff`);
    await db.execute(sql`with staff as (select array_agg(id order by id) as ids from users where company_id = ${companyId} and role = 'Employee')
      insert into trip_passengers (trip_id, passenger_id)
      select t.id, staff.ids[1 + (abs(hashtext(t.id::text)) % ${EMPLOYEES})] from trips t, staff
      where t.company_id = ${companyId} and staff.ids[1 + (abs(hashtext(t.id::text)) % ${EMPLOYEES})] is distinct from t.driver_id`);
    await db.execute(sql`vacuum analyze`);
    console.log(`seed: ${TRIPS} trips of ${year}, ${EMPLOYEES} employees in ${ms(t0)}`);

    const get = (format: string) => app.inject({ method: 'GET', url: `/api/reports/category7?year=${year}&format=${format}`, headers: { authorization: `Bearer ${token}` } });
    t0 = performance.now();
    const csv = await get('csv');
    console.log(`produce (summary, trips file, CSV, PDF, stored): ${ms(t0)}, status ${csv.statusCode}, CSV ${csv.body.length} bytes`);
    t0 = performance.now();
    const pdf = await get('pdf');
    console.log(`answer again (figures compared, stored PDF): ${ms(t0)}, same report ${pdf.headers['x-report-id'] === csv.headers['x-report-id']}, PDF ${pdf.rawPayload.length} bytes`);
    t0 = performance.now();
    const trips = await get('trips');
    console.log(`trips file (stored, unzipped): ${ms(t0)}, ${mib(trips.rawPayload.length)}`);
    const [stored] = await db.execute(sql`select octet_length(trips_gzip) as gz from category7_reports where id = ${String(csv.headers['x-report-id'])}`).then((r) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as { gz: number }[]);
    console.log(`stored trips file, gzip: ${mib(Number(stored!.gz))}`);

    t0 = performance.now();
    const sums = new Map<string, number[]>();
    let lines = 0;
    const body = trips.body.replace(/^\uFEFF/, '');
    let at = body.indexOf('\r\n') + 2;
    while (at < body.length) {
      const end = body.indexOf('\r\n', at);
      const cells = body.slice(at, end).split(',');
      at = end + 2;
      lines += 1;
      const figures = [1, milli(cells[3]!), milli(cells[4]!), milli(cells[8]!), milli(cells[9]!)];
      for (const key of [cells[1]!.slice(0, 7), R.total]) {
        const s = sums.get(key) ?? [0, 0, 0, 0, 0];
        figures.forEach((v, i) => (s[i]! += v));
        sums.set(key, s);
      }
    }
    let mismatches = 0;
    const reportLines = csv.body.split('\r\n').map((l) => l.split(','));
    for (const [key, s] of sums) {
      const row = reportLines.find((r) => r[0] === key);
      const got = row ? [Number(row[1]), milli(row[2]!), milli(row[3]!), milli(row[4]!), milli(row[5]!)] : [];
      if (JSON.stringify(got) !== JSON.stringify(s)) {
        mismatches += 1;
        console.log(`MISMATCH ${key}: report ${JSON.stringify(got)}, trips file ${JSON.stringify(s)}`);
      }
    }
    const total = sums.get(R.total)!;
    console.log(`trace: ${lines} trip lines, ${sums.size - 1} months + total compared in ${ms(t0)}; emitted ${total[3]} g, avoided ${total[4]} g, vehicle ${total[1]} m; ${mismatches === 0 ? 'every line equal to the gram' : `${mismatches} lines differ`}`);
    if (mismatches > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await ctx.close();
  }
});
