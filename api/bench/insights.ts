/**
 * Insights benchmark (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/insights.ts [--employees 10000] [--trips 1000000] [--seconds 10] [--connections 50] [--filters all,office,none] [--writes 0] [--database URL]
 *
 * On PostgreSQL (DATABASE_URL, or else a throwaway cluster like `scripts/test-pg.mjs` starts) it
 * seeds one company with demo employees and a year of trips (`seedDemoInsights`), then serves the
 * api over HTTP from a child process, beside a bare Fastify answering a constant JSON object, and
 * drives both with autocannon (this process) at the same concurrency: p50/p99 and requests per
 * second of every insight endpoint, one request at a time for the CSV exports, and the rate of
 * trips recorded through `POST /api/trips`. The company has three offices with its employees spread
 * over them and "No office"; `--filters` says which views each office-aware endpoint is driven in:
 * the whole company (`all`), one office (`office`) and the employees without one (`none`).
 *
 * `--writes N` (N > 0): a writer posts N trips a second through `POST /api/trips` beside the readers,
 * as a company recording its morning does. Each trip moves the company's insights version, so the
 * readers' answers are read again after every write: what is measured is the first read after a
 * write (a miss) mixed with the hits between two writes. The one-connection pass, the CSV exports
 * and the ingestion are left out of such a run (its writes would share the ingestion's days).
 *
 * `--database URL`: use that database as it is and keep it afterwards (migrated on start). If it
 * already holds the benchmark's company, the seeding is skipped: a million trips are seeded once
 * and measured again after a change (the writers' trips of earlier runs stay in it).
 *
 * Each endpoint's line ends with the reads its misses ran in the api (`reads N`: how many database
 * reads of a kept answer, their mean and longest time, statement and JSON): with a writer, a few a
 * write when concurrent misses of one answer share a read, dozens when each connection reads.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import type { ApiContext } from '../src/context';
import { createApiContext } from '../src/create-context';
import { companies, employerUsers, incentives, locations, users } from '../src/db/schema';
import type { Db } from '../src/db/client';
import { rows } from '../src/db/sql';
import { seedDemoEmployees } from '../src/demo/employees';
import { seedDemoInsights } from '../src/demo/insights';
import { createSession } from '../src/lib/sessions';
import { listFeedback } from '../src/modules/feedback/service';
import { allTimeRanking, co2Report, dashboardSummary, monthlyRanking, monthlyTrend } from '../src/modules/insights/service';
import { listGroups } from '../src/modules/journey-groups/service';
import { ALL_OFFICES, type OfficeFilter } from '../src/lib/offices';
import { ListAnswerCache } from '../src/lib/answer-cache';
import { withBenchDatabase } from './postgres';
import { benchConfig, quietLog, serveBesideBareFastify } from './config';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '10000' },
    trips: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    serve: { type: 'boolean', default: false },
    filters: { type: 'string', default: 'all,office,none' },
    writes: { type: 'string', default: '0' },
    database: { type: 'string' },
  },
});

type View = 'all' | 'office' | 'none';
const VIEWS = String(values.filters)
  .split(',')
  .map((v) => v.trim())
  .filter((v): v is View => v === 'all' || v === 'office' || v === 'none');

// ---------------------------------------------------------------- the driver (this process)
/** What the server process seeded, for the requests. */
interface Prepared {
  token: string;
  driverTokens: { id: string; token: string }[];
  riders: string[];
  year: number;
  month: number;
  trips: number;
  employees: number;
  /** The office the `office` view reads, and how many employees each view holds. */
  officeId: string;
  spread: { office: number; none: number; all: number };
  /** Trips an earlier run recorded per driver (`--database`): this run's start after them, so none overlaps. */
  slotsTaken: number;
}

/** The server process: migrates and seeds the database (once per run), then serves. */
function serve(databaseUrl: string): Promise<{ child: ChildProcess; api: number; bare: number; data: Prepared }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--employees', String(values.employees), '--trips', String(values.trips), '--filters', String(values.filters)], {
    execArgv: process.execArgv,
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { api: number; bare: number; data: Prepared }) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/**
 * Each insight's statement under `explain analyze`, as its service sends it: the database's own
 * planning and execution time, and whether the plan reads the trips tables (it must not).
 */
async function explainAll(db: Db, companyId: string, month: string, officeId: string) {
  let captured: SQL | undefined;
  const capturing = { execute: (query: SQL) => ((captured = query), db.execute(query)) } as unknown as Db;
  console.log(`\nplans (month ${month.slice(0, 7)}, ms):`);
  const filters: Record<View, OfficeFilter> = { all: ALL_OFFICES, office: { kind: 'office', id: officeId }, none: { kind: 'none' } };
  const statements: [string, () => Promise<unknown>][] = [['feedback, page 1', () => listFeedback(capturing, companyId, 1, 10)]];
  for (const view of VIEWS) {
    const f = filters[view];
    const v = view === 'all' ? '' : ` (${view})`;
    statements.push(
      [`participation, month, page 1${v}`, () => monthlyRanking(capturing, companyId, f, month, 1, 10)],
      [`participation, month, page 100${v}`, () => monthlyRanking(capturing, companyId, f, month, 100, 10)],
      [`participation, all time, page 1${v}`, () => allTimeRanking(capturing, companyId, f, 1, 10)],
      [`journey groups, month, page 1${v}`, () => listGroups(capturing, companyId, f, month, 1, 10)],
      [`journey groups, all time, page 1${v}`, () => listGroups(capturing, companyId, f, null, 1, 10)],
      [`dashboard summary${v}`, () => dashboardSummary(capturing, companyId, f, month)],
      [`dashboard trend${v}`, () => monthlyTrend(capturing, companyId, f, month)],
      [`CO2 report${v}`, () => co2Report(capturing, companyId, f, month)],
    );
  }
  for (const [label, run] of statements) {
    await run();
    const plan = (await rows<Record<string, string>>(db, sql`explain (analyze, costs off) ${captured!}`)).map((r) => Object.values(r)[0]!);
    const time = (name: string) => plan.find((l) => l.startsWith(name))?.replace(/^.*: /, '') ?? '?';
    const readsTrips = plan.some((l) => / on (trips|trip_passengers)\b/.test(l));
    console.log(`  ${label.padEnd(46)} planning ${time('Planning Time').padStart(9)}  execution ${time('Execution Time').padStart(9)}  reads trips: ${readsTrips ? 'YES' : 'no'}`);
  }
}

async function prepare(ctx: ApiContext): Promise<Prepared> {
  const db = ctx.db;
  const [kept] = await rows<{ id: string }>(db, sql`select id from companies where name = 'Benchmark Commuters Ltd' limit 1`);
  if (kept) return reuse(ctx, kept.id);
  const [c] = await db.insert(companies).values({ name: 'Benchmark Commuters Ltd', email: 'hello@bench.example', phoneNumber: '0113 496 0000', signUpState: 3 }).returning();
  const companyId = c!.id;
  await db.insert(incentives).values({ companyId, numberOfTrips: 20, numberOfTripsRewards: 'Half a day of leave', numberOfMiles: 250, numberOfMilesRewards: 'A voucher' });
  const [boss] = await db.insert(users).values({ email: 'boss@bench.example', passwordHash: '!', name: 'Bench Boss', role: 'Employer', companyId }).returning();
  await db.insert(employerUsers).values({ userId: boss!.id });
  // Three offices, before the employees: the demo spreads them over the offices and "No office".
  const offices = await db
    .insert(locations)
    .values(['Leeds', 'Bradford', 'Wakefield'].map((town, i) => ({ companyId, addressLine1: `${i + 1} Station Road`, town, postalCode: `LS${i + 1} 1AA` })))
    .returning({ id: locations.id });
  let t0 = performance.now();
  const staff = await seedDemoEmployees(db, { companyId, count: Number(values.employees), seed: 'bench' });
  console.log(`seed: ${staff.created} employees (${staff.active} active, ${staff.drivers} drivers) in ${Math.round(performance.now() - t0)} ms`);
  t0 = performance.now();
  const seeded = await seedDemoInsights(db, { companyId, trips: Number(values.trips), seed: 'bench' });
  console.log(`seed: ${JSON.stringify(seeded)} in ${Math.round(performance.now() - t0)} ms`);
  t0 = performance.now();
  await db.execute(sql`vacuum analyze`);
  console.log(`vacuum analyze: ${Math.round(performance.now() - t0)} ms`);
  const [sizes] = await rows<{ trips: string; passengers: string; rollups: string }>(
    db,
    sql`select pg_size_pretty(pg_total_relation_size('trips')) as trips, pg_size_pretty(pg_total_relation_size('trip_passengers')) as passengers,
      pg_size_pretty(pg_total_relation_size('employee_monthly_stats') + pg_total_relation_size('employee_trip_totals')
        + pg_total_relation_size('journey_group_monthly_stats') + pg_total_relation_size('company_monthly_stats')) as rollups`,
  );
  console.log(`sizes with indexes: trips ${sizes!.trips}, trip_passengers ${sizes!.passengers}, roll-ups ${sizes!.rollups}`);

  return ready(db, companyId, boss!.id, offices[0]!.id, seeded.trips, staff.created);
}

/** A database seeded by an earlier run (`--database`): its company, boss and first office. */
async function reuse(ctx: ApiContext, companyId: string): Promise<Prepared> {
  const db = ctx.db;
  const [boss] = await rows<{ id: string }>(db, sql`select id from users where company_id = ${companyId} and role = 'Employer' limit 1`);
  const [office] = await rows<{ id: string }>(db, sql`select id from locations where company_id = ${companyId} and town = 'Leeds'`);
  const [n] = await rows<{ trips: number; employees: number }>(
    db,
    sql`select (select count(*)::int from trips where company_id = ${companyId}) as trips, (select count(*)::int from users where company_id = ${companyId} and role = 'Employee') as employees`,
  );
  console.log(`reused database: ${n!.employees} employees, ${n!.trips} trips`);
  await db.execute(sql`vacuum analyze`);
  return ready(db, companyId, boss!.id, office!.id, n!.trips, n!.employees);
}

async function ready(db: Db, companyId: string, bossId: string, officeId: string, trips: number, employees: number): Promise<Prepared> {
  const token = (await createSession(db, bossId, false, { ip: '127.0.0.1' })).token;
  // Only verified drivers with a verified vehicle record trips (decision 0030).
  const drivers = await rows<{ id: string }>(
    db,
    sql`select u.id from users u join vehicles v on v.user_id = u.id
      where u.company_id = ${companyId} and u.is_active and u.is_approved and u.is_driver_verified and v.is_verified limit 200`,
  );
  // A run's slots are counted back from its own day (newTrip), so a run on a later day than the one
  // before starts past the oldest benchmark trip of these drivers, not past their count: counted, a
  // run a day later put its first trips on the last run's and the api refused them (409) for a minute.
  const [oldest] = await rows<{ at: string | null }>(
    db,
    sql`select (extract(epoch from min(started_at)) * 1000)::bigint::text as at from trips where client_trip_id like 'bench-%' and driver_id in (${sql.join(
      drivers.map((d) => sql`${d.id}::uuid`),
      sql`, `,
    )})`,
  );
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const slotsTaken = oldest!.at === null ? 0 : 2 * (Math.floor((today - Number(oldest!.at)) / 86_400_000) + 1);
  const driverTokens = await Promise.all(drivers.map(async (d) => ({ id: d.id, token: (await createSession(db, d.id, false, { ip: '127.0.0.1' })).token })));
  const riders = (await rows<{ id: string }>(db, sql`select id from users where company_id = ${companyId} and role = 'Employee' and is_active and is_approved`)).map((r) => r.id);
  const [busiest] = await rows<{ month: string }>(db, sql`select to_char(month, 'YYYY-MM-DD') as month from company_monthly_stats where company_id = ${companyId} order by trips desc limit 1`);
  const year = Number(busiest!.month.slice(0, 4));
  const month = Number(busiest!.month.slice(5, 7));
  const [spread] = await rows<{ office: number; none: number; all: number }>(
    db,
    sql`select count(*) filter (where office_id = ${officeId})::int as office, count(*) filter (where office_id is null)::int as none, count(*)::int as all
      from users where company_id = ${companyId} and role = 'Employee'`,
  );
  console.log(`employees: ${spread!.all} in the company, ${spread!.office} in the benchmarked office, ${spread!.none} in No office`);
  await explainAll(db, companyId, busiest!.month, officeId);
  return { token, driverTokens, riders, year, month, trips, employees, officeId, spread: spread!, slotsTaken };
}

interface Figures {
  name: string;
  /** Requests a second as a share of bare Fastify's in the same run (0 for bare Fastify itself). */
  share: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The same endpoint one request at a time: its own latency, without queueing. */
  alone: { p50: number; p99: number };
  /** The kept answers' reads (misses) the api ran during the run at `--connections`. */
  reads?: Reads | undefined;
}

const pad = (n: number, w: number) => String(n).padStart(w);

/**
 * The body of a new trip of the n-th request: drivers by turn, each driver's j-th trip at 00:00 or
 * 03:00 UTC j / 2 days back (none overlaps another of the driver's or the demo's commutes, from 07:00
 * on), one to three riders at random.
 */
function newTrip(data: Pick<Prepared, 'driverTokens' | 'riders' | 'slotsTaken'>, n: number, tag: string) {
  const { driverTokens, riders } = data;
  const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const driver = driverTokens[n % driverTokens.length]!;
  const j = Math.floor(n / driverTokens.length) + data.slotsTaken;
  const passengers = new Set<string>();
  const want = 1 + (n % 3);
  while (passengers.size < want) {
    const p = riders[Math.floor(Math.random() * riders.length)]!;
    if (p !== driver.id) passengers.add(p);
  }
  return {
    headers: { authorization: `Bearer ${driver.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientTripId: `bench-${tag}-${process.pid}-${n}`,
      startedAt: new Date(today - (1 + Math.floor(j / 2)) * 86_400_000 + (j % 2) * 3 * 3_600_000).toISOString(),
      distanceMiles: Math.round((3 + Math.random() * 25) * 100) / 100,
      passengerIds: [...passengers],
    }),
  };
}

/**
 * A writer beside the readers: `perSecond` new trips a second through `POST /api/trips`, each sent
 * on its tick whether or not the last has answered (a company's phones do not wait for each other).
 * `stop()` waits for the trips in flight and tells how many were sent and answered 2xx.
 */
function startWriter(api: string, data: Pick<Prepared, 'driverTokens' | 'riders' | 'slotsTaken'>, perSecond: number) {
  let n = 0;
  let ok = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const timer = setInterval(() => {
    n += 1;
    const { headers, body } = newTrip(data, n, 'w');
    const p: Promise<void> = fetch(`${api}/api/trips`, { method: 'POST', headers, body })
      .then(async (res) => {
        const text = await res.text();
        if (res.ok) ok += 1;
        else {
          failed += 1;
          // The first refusal says why (an overlap with an earlier run's trips, a limit): a run whose
          // writes are refused measures hits only.
          if (failed === 1) console.log(`  (the writer's first refused trip: ${res.status} ${text.slice(0, 200)})`);
        }
      })
      .catch(() => void (failed += 1))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / perSecond);
  return {
    counts: () => ({ sent: n, ok, failed }),
    async stop() {
      clearInterval(timer);
      await Promise.all([...inFlight]);
      return { sent: n, ok, failed, seconds: (performance.now() - started) / 1000 };
    },
  };
}

const WRITES = Number(values.writes);
/** Bare Fastify's requests a second in this run, once measured: each endpoint's share of it. */
let bareRps = 0;
/** The writer running beside the readers (`--writes`), and its 2xx count at the last endpoint's end. */
let writer: ReturnType<typeof startWriter> | undefined;
let lastWritten = 0;

/** The api's process, to ask for its reads. */
let apiProcess: ChildProcess | undefined;

async function load(name: string, opts: autocannon.Options, withAlone = true): Promise<Figures> {
  const seconds = Number(values.seconds);
  if (apiProcess) await readsSince(apiProcess);
  const r = await autocannon({ connections: Number(values.connections), duration: seconds, ...opts });
  const reads = apiProcess ? await readsSince(apiProcess) : undefined;
  const one = withAlone && WRITES === 0 ? await autocannon({ connections: 1, duration: Math.max(2, seconds / 2), ...opts }) : r;
  const f = {
    name,
    share: 0,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
    alone: { p50: one.latency.p50, p99: one.latency.p99 },
    reads,
  };
  if (bareRps > 0) f.share = Math.round((f.rps * 100) / bareRps);
  const written = writer ? writer.counts() : undefined;
  const writes = written ? `  | writes ${written.ok - lastWritten} (${Math.round(((written.ok - lastWritten) / seconds) * 10) / 10}/s)` : '';
  if (written) lastWritten = written.ok;
  console.log(
    `  ${name.padEnd(56)} ${pad(f.rps, 6)} req/s${f.share ? ` (${pad(f.share, 2)}%)` : '      '}  p50 ${pad(f.p50, 4)}  p99 ${pad(f.p99, 4)} ms` +
      writes +
      (reads && reads.n > 0 ? `  | reads ${reads.n} (mean ${reads.meanMs.toFixed(1)}, max ${reads.maxMs.toFixed(0)} ms)` : '') +
      (withAlone && WRITES === 0 ? `  | 1 connection: p50 ${pad(f.alone.p50, 3)}  p99 ${pad(f.alone.p99, 3)} ms` : '') +
      (f.non2xx ? `  (${f.non2xx} not 2xx)` : ''),
  );
  return f;
}

async function main() {
  const given = values.database;
  const within = given ? (fn: (url: string) => Promise<void>) => fn(given) : (fn: (url: string) => Promise<void>) => withBenchDatabase('portal_bench_insights', process.env.DATABASE_URL, fn);
  await within(async (databaseUrl) => {
    let server: Awaited<ReturnType<typeof serve>> | undefined;
    try {
      // ---- servers
      server = await serve(databaseUrl);
      apiProcess = server.child;
      const { token, driverTokens, riders, year, month, trips, employees, officeId, spread, slotsTaken } = server.data;
      const api = `http://127.0.0.1:${server.api}`;
      const headers = { authorization: `Bearer ${token}` };
      const q = `year=${year}&month=${month}`;
      console.log(`\n${values.connections} connections for ${values.seconds} s, then 1 connection; month ${year}-${String(month).padStart(2, '0')} (the busiest)`);
      // Warm-up: connection pools, plans, caches.
      await autocannon({ url: `${api}/api/dashboard/summary?${q}`, headers, connections: 10, duration: 2 });

      const results: Figures[] = [];
      results.push(await load('bare Fastify GET /hello', { url: `http://127.0.0.1:${server.bare}/hello` }));
      bareRps = results[0]!.rps;
      if (WRITES > 0) {
        console.log(`\nwith a writer: ${WRITES} new trips a second through POST /api/trips beside the readers (each moves the insights version)`);
        writer = startWriter(api, server.data, WRITES);
        lastWritten = 0;
      }
      results.push(await load('feedback, page 1', { url: `${api}/api/feedbacks?pageNumber=1&pageSize=10`, headers }));
      // Each office-aware endpoint in each view: the whole company, one office, No office.
      const views: Record<View, { suffix: string; query: string }> = {
        all: { suffix: '', query: '' },
        office: { suffix: ` (office of ${spread.office})`, query: `&officeId=${officeId}` },
        none: { suffix: ` (No office, ${spread.none})`, query: '&officeId=none' },
      };
      for (const view of VIEWS) {
        const { suffix, query } = views[view];
        if (view !== 'all') console.log(`\n${view === 'office' ? 'one office' : 'No office'}:`);
        for (const [label, path] of [
          ['participation, month, page 1', `/api/employees-participation?${q}&pageNumber=1&pageSize=10`],
          ['participation, month, page 100', `/api/employees-participation?${q}&pageNumber=100&pageSize=10`],
          ['participation, all time, page 1', '/api/employee-participation?pageNumber=1&pageSize=10'],
          ['journey groups, month, page 1', `/api/journey-groups?${q}&pageNumber=1&pageSize=10`],
          ['journey groups, all time, page 1', '/api/journey-groups?pageNumber=1&pageSize=10'],
          ['dashboard summary', `/api/dashboard/summary?${q}`],
          ['dashboard trend (12 months)', '/api/dashboard/trend?'],
          ['CO2 report', `/api/journey-groups/co2?${q}`],
        ] as const) {
          const url = `${api}${path}${query}`.replace('?&', '?').replace(/\?$/, '');
          results.push(await load(`${label}${suffix}`, { url, headers }));
        }
      }

      if (writer) {
        const w = await writer.stop();
        writer = undefined;
        // Bare Fastify again after the readers: on a shared machine its rate moves within a run.
        const again = await load('bare Fastify GET /hello, again', { url: `http://127.0.0.1:${server.bare}/hello` }, false);
        const bare = results[0]!;
        console.log(`bare Fastify: ${bare.rps} req/s before the readers, ${again.rps} after (shares above are of the first)`);
        console.log(`\nwriter: ${w.sent} trips sent in ${w.seconds.toFixed(0)} s (${(w.sent / w.seconds).toFixed(1)}/s), ${w.ok} answered 2xx, ${w.failed} not`);
        console.log('\nsummary (ms):');
        console.log(JSON.stringify({ trips, employees, writesPerSecond: WRITES, writer: w, bare: { p50: bare.p50, p99: bare.p99, rps: bare.rps }, endpoints: results.slice(1) }, null, 2));
        return;
      }

      console.log('\nCSV exports (one request at a time, 5 each, ms):');
      for (const [label, path] of [
        ['participation export (whole month)', `/api/employees-participation/export?${q}`],
        ['journey groups export (month)', `/api/journey-groups/export?${q}`],
      ] as const) {
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < 5; i++) {
          const s = performance.now();
          const res = await fetch(`${api}${path}`, { headers });
          bytes = (await res.arrayBuffer()).byteLength;
          times.push(performance.now() - s);
        }
        times.sort((a, b) => a - b);
        console.log(`  ${label.padEnd(44)} median ${times[2]!.toFixed(0)} ms, max ${times[4]!.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KiB`);
      }

      // ---- ingestion: trips the api records. Each driver's j-th trip starts at 00:00 or 03:00 UTC,
      // j / 2 days back: none overlaps another of the driver's or the demo's commutes (07:00 on), and
      // no day holds more than the driver's demo trips and two of these.
      let n = 0;
      const ingest = await load('POST /api/trips (ingestion)', {
        url: api,
        requests: [
          {
            method: 'POST',
            path: '/api/trips',
            setupRequest: (req) => ({ ...req, ...newTrip({ driverTokens, riders, slotsTaken }, ++n, 'i') }),
          },
        ],
      }, false);
      console.log(`\ntrip ingestion: ${ingest.rps} trips/s through POST /api/trips at ${values.connections} connections`);
      const bare = results[0]!;
      console.log('\nsummary (ms):');
      console.log(JSON.stringify({ trips, employees, bare: { p50: bare.p50, p99: bare.p99, rps: bare.rps }, endpoints: results.slice(1), ingestionTripsPerSecond: ingest.rps }, null, 2));
    } finally {
      server?.child.disconnect();
      await new Promise((r) => setTimeout(r, 500));
    }
  });
}

// ---------------------------------------------------------------- the answers' reads (misses)
/** The database reads of kept answers since the last ask: how many, and how long each took. */
interface Reads {
  n: number;
  meanMs: number;
  maxMs: number;
}

/**
 * The server's part: counts every read a kept answer's miss runs (`ListAnswerCache.read`'s load,
 * the statement and its answer's JSON) and its time, and tells the driver when asked (`reads`).
 * Misses read once each are a few a write; read by every waiting connection they are dozens.
 */
function countReads() {
  let times: number[] = [];
  const read = ListAnswerCache.prototype.read;
  ListAnswerCache.prototype.read = function (this: ListAnswerCache, key, version, load) {
    return read.call(this, key, version, async () => {
      const started = performance.now();
      try {
        return await load();
      } finally {
        times.push(performance.now() - started);
      }
    });
  };
  process.on('message', (m) => {
    if (m !== 'reads') return;
    const n = times.length;
    process.send!({ reads: { n, meanMs: n ? times.reduce((a, b) => a + b, 0) / n : 0, maxMs: n ? Math.max(...times) : 0 } satisfies Reads });
    times = [];
  });
}

/** The driver's part: the server's reads since the last ask. */
function readsSince(child: ChildProcess): Promise<Reads> {
  return new Promise((resolve) => {
    const on = (m: { reads?: Reads }) => {
      if (!m.reads) return;
      child.off('message', on);
      resolve(m.reads);
    };
    child.on('message', on);
    child.send('reads');
  });
}

// ---------------------------------------------------------------- this process: the servers (forked) or the driver
if (values.serve) {
  countReads();
  // The per-driver minute limit would answer most of the ingestion 429: here it measures the recording itself.
  const config = benchConfig(process.env.BENCH_DATABASE_URL!);
  const ctx = await createApiContext({ ...config, rateLimits: { ...config.rateLimits, tripsPerDriverMinute: Number.MAX_SAFE_INTEGER } }, { log: quietLog });
  const data = await prepare(ctx);
  await serveBesideBareFastify(ctx, { data });
} else {
  await main();
}
