/**
 * Drivers benchmark (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/drivers.ts [--drivers 10000] [--passengers 20000] [--companies 5] [--seconds 10] [--connections 50]
 *
 * On PostgreSQL (DATABASE_URL's server, or else a throwaway cluster like `scripts/test-pg.mjs`
 * starts) it seeds demo companies whose employees include `--drivers` drivers in every verification
 * state (`seedDemoDrivers`) and `--passengers` others, serves the api over HTTP from a child process
 * beside a bare Fastify answering a constant object, and drives both from this process with
 * autocannon at the same concurrency: the drivers list with searches (a different term each
 * request), the pending and approved pages, due follow-ups and the badge. Then the query plans.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createApiContext } from '../src/create-context';
import type { Db } from '../src/db/client';
import { companies } from '../src/db/schema';
import { containsPattern, rows } from '../src/db/sql';
import { seedDemoDrivers } from '../src/demo/drivers';
import { seedDemoEmployees } from '../src/demo/employees';
import { createSession } from '../src/lib/sessions';
import { withBenchDatabase } from './postgres';
import { benchConfig, quietLog, serveBesideBareFastify } from './config';

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '10000' },
    passengers: { type: 'string', default: '20000' },
    companies: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    serve: { type: 'boolean', default: false },
  },
});

/** Search terms as a super admin types them: surnames, first names, fragments, emails, licences, misses. */
const TERMS = ['smith', 'Jones', 'patel', 'wil', 'oliv', 'amelia', 'harr', 'khan', 'grace.', 'evans.', 'murphy', 'TAYLO', 'WRIGH9', 'zz-no-match', 'sophie', 'begum', 'mac'];

async function seed(db: Db): Promise<void> {
  const companyCount = Number(values.companies);
  const drivers = Number(values.drivers);
  const passengers = Number(values.passengers);
  const t0 = performance.now();
  for (let i = 0; i < companyCount; i++) {
    const [c] = await db
      .insert(companies)
      .values({ name: `Bench Commuters ${i + 1} Ltd`, email: `hello@bench${i + 1}.example`, phoneNumber: '0113 496 0000', signUpState: 3 })
      .returning({ id: companies.id });
    const share = (n: number) => Math.floor(n / companyCount) + (i < n % companyCount ? 1 : 0);
    await seedDemoEmployees(db, { companyId: c!.id, count: share(drivers), seed: `bench-drivers-${i}`, pendingShare: 0, deactivatedShare: 0, driverShare: 1 });
    await seedDemoEmployees(db, { companyId: c!.id, count: share(passengers), seed: `bench-passengers-${i}`, driverShare: 0 });
    const states = await seedDemoDrivers(db, { companyId: c!.id, seed: 'bench' });
    console.log(`  company ${i + 1}: ${JSON.stringify(states)}`);
  }
  await db.execute(sql`vacuum analyze`);
  console.log(`seed and vacuum analyze: ${Math.round(performance.now() - t0)} ms`);
}

// ---------------------------------------------------------------- the servers (a forked child)
function serve(databaseUrl: string): Promise<{ child: ChildProcess; api: number; bare: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: process.execArgv, env: { ...process.env, BENCH_DATABASE_URL: databaseUrl } });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { api: number; bare: number }) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function serveChild(): Promise<void> {
  const ctx = await createApiContext(benchConfig(process.env.BENCH_DATABASE_URL!), { log: quietLog });
  await serveBesideBareFastify(ctx);
}

// ---------------------------------------------------------------- load (this process)
interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

/** `paths` are sent in turn, one per request. */
async function load(name: string, base: string, paths: string[], headers: Record<string, string> = {}): Promise<Figures> {
  let n = 0;
  const r = await autocannon({
    url: base,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
  });
  const f = { name, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
  console.log(`  ${name.padEnd(40)} ${String(f.rps).padStart(6)} req/s  p50 ${String(f.p50).padStart(4)}  p99 ${String(f.p99).padStart(4)} ms${f.failed ? `  (${f.failed} failed)` : ''}`);
  return f;
}

async function plan(db: Db, label: string, query: ReturnType<typeof sql>) {
  const lines = await rows<Record<string, string>>(db, sql`explain (analyze, costs off) ${query}`);
  console.log(`\n  plan: ${label}\n${lines.map((l) => Object.values(l)[0]).join('\n').replace(/^/gm, '    ')}`);
}

const DRIVERS = sql`vehicles v join users u on u.id = v.user_id and u.role = 'Employee'`;

async function main() {
  await withBenchDatabase('portal_bench_drivers', process.env.DATABASE_URL, async (databaseUrl) => {
    let server: Awaited<ReturnType<typeof serve>> | undefined;
    try {
      const ctx = await createApiContext(benchConfig(databaseUrl), { log: quietLog });
      await seed(ctx.db);
      const [root] = await rows<{ id: string }>(ctx.db, sql`select id from users where role = 'SuperAdmin' limit 1`);
      const token = (await createSession(ctx.db, root!.id, false, { ip: '127.0.0.1' })).token;

      server = await serve(databaseUrl);
      const api = `http://127.0.0.1:${server.api}`;
      const headers = { authorization: `Bearer ${token}` };
      const search = (status: string) => TERMS.map((term) => `/api/drivers/page?status=${status}&search=${encodeURIComponent(term)}&pageSize=10`);
      console.log(`\n${values.drivers} drivers, ${values.passengers} other employees; ${values.connections} connections for ${values.seconds} s each`);
      await autocannon({ url: `${api}/api/drivers/page?status=pending`, headers, connections: 10, duration: 2 });
      const results = [
        await load('bare Fastify GET /hello', `http://127.0.0.1:${server.bare}`, ['/hello']),
        await load('drivers page, pending, with search', api, search('pending'), headers),
        await load('drivers page, approved, with search', api, search('approved'), headers),
        await load('drivers page, any status, with search', api, search('all'), headers),
        await load('drivers page, pending, pages 1-20', api, Array.from({ length: 20 }, (_, i) => `/api/drivers/page?status=pending&pageNumber=${i + 1}`), headers),
        await load('drivers page, approved, follow-up due', api, ['/api/drivers/page?status=approved&followUp=due'], headers),
        await load("spec's list, with search (array)", api, TERMS.map((term) => `/api/drivers?search=${encodeURIComponent(term)}`), headers),
        await load('notification badge', api, ['/api/notifications'], headers),
      ];

      const where = (term: string) => sql`not (u.is_driver_verified and v.is_verified) and (u.search_text like ${containsPattern(term)} or lower(u.driving_license_number) like ${containsPattern(term)})`;
      await plan(ctx.db, "pending, search 'smith': count", sql`select count(*) from ${DRIVERS} where ${where('smith')}`);
      await plan(ctx.db, 'pending: count', sql`select count(*) from ${DRIVERS} where not (u.is_driver_verified and v.is_verified)`);
      await plan(ctx.db, 'pending, page 20', sql`select u.id from ${DRIVERS} where not (u.is_driver_verified and v.is_verified) order by lower(u.last_name), lower(u.first_name), u.id limit 10 offset 190`);
      await ctx.close();
      console.log('\nsummary (ms):', JSON.stringify({ drivers: Number(values.drivers), passengers: Number(values.passengers), connections: Number(values.connections), results }, null, 2));
    } finally {
      server?.child.disconnect();
      await new Promise((r) => setTimeout(r, 500));
    }
  });
}

if (values.serve) await serveChild();
else await main();
