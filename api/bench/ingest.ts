/**
 * Trip ingestion over HTTP (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/ingest.ts [--drivers 1000] [--riders 3000] [--offices 0] [--seconds 5] [--connections 50] [--retries 10] [--batches 2] [--waits] [--statements] [--prof] [--times] [--node='<flags>']
 *
 * On PostgreSQL (DATABASE_URL's server, or else a throwaway cluster) a child process migrates, makes
 * one company of `--drivers` verified drivers (each with a verified vehicle and a session) and
 * `--riders` passengers (with `--offices N`, driver and rider i in office i mod N), and serves the api beside a bare Fastify answering a constant object. This
 * process drives both with autocannon at `--connections`: bare `GET /hello`, then `POST /api/trips`,
 * each request a new valid trip (drivers by turn; a driver's j-th trip starts at 00:00 or 03:00 UTC,
 * j / 2 days back, so none overlaps another of the driver's and no day holds more than two), with one
 * to three passengers drawn at random (a passenger on two trips at once makes the later one
 * flagged, as it would be). One request in `--retries` is instead a retry of one of the last 50 sent
 * (same driver, same clientTripId and body), often while the first is still in flight. The limits
 * are the api's defaults (10 trips a driver a minute).
 *
 * It prints 2xx a second, p50 and p99 of each, the share of bare Fastify, the answers by status, and
 * then checks in SQL that every trip answered 201 is stored exactly once (and nothing else is), that
 * every retry answered the trip of its first post, and that every roll-up equals a recount of the
 * counted trips. `--times` prints where the batches' time went during the timed run: the trips'
 * wait in the queue, then each batch's read (a pooled connection, the lock and the surroundings),
 * judging, write with its commit, and what follows the commit; and the api process's garbage
 * collection pauses by kind, its event loop's delay and its young generation's size over the same
 * run. `--node='--flag ...'` adds node flags to the server's process (after the ones it inherits).
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, constants as perfConstants, monitorEventLoopDelay, type PerformanceEntry } from 'node:perf_hooks';
import v8 from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { createApiContext } from '../src/create-context';
import type { Db } from '../src/db/client';
import { onBatchTimes, setBatchesAtOnce, type BatchTimes } from '../src/modules/trips/service';
import { withBenchDatabase } from './postgres';
import { benchConfig, quantile, quietLog, seedDriversCompany, serveBesideBareFastify } from './config';
import { benchTrip } from './bench-trip';
import { processorMs, processorSplitMs, syscalls } from './proc';

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '1000' },
    riders: { type: 'string', default: '3000' },
    offices: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    retries: { type: 'string', default: '10' },
    prof: { type: 'boolean', default: false },
    waits: { type: 'boolean', default: false },
    statements: { type: 'boolean', default: false },
    times: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
    batches: { type: 'string', default: '2' },
    node: { type: 'string', default: '' },
  },
});
const DAY = 86_400_000;

interface Prepared {
  companyId: string;
  drivers: { id: string; token: string }[];
  riders: string[];
}

// ---------------------------------------------------------------- the server (a forked child)

function prepare(db: Db): Promise<Prepared> {
  return seedDriversCompany(db, { name: 'Ingestion Bench Ltd', domain: 'ingest.bench', plate: 'IB', drivers: Number(values.drivers), riders: Number(values.riders), offices: Number(values.offices) });
}

async function serveChild() {
  setBatchesAtOnce(Number(values.batches));
  const ctx = await createApiContext(benchConfig(process.env.BENCH_DATABASE_URL!), { log: quietLog });
  const data = await prepare(ctx.db);
  // `--prof`: the api's processor profile of the timed run only (not its start, seeding or warm-up).
  const inspector = new Session();
  const times: BatchTimes[] = [];
  const pauses: { kind: number; ms: number }[] = [];
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push({ kind: (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0, ms: e.duration });
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  process.on('message', (m: { prof?: 'start' | 'stop'; file?: string; times?: 'start' | 'stop' }) => {
    // `--times`: each batch's times during the timed run, summed up when it ends, with the api
    // process's garbage collection pauses and its event loop's delay over the same run.
    if (m.times === 'start') {
      onBatchTimes((t) => times.push(t));
      gcObserver.observe({ entryTypes: ['gc'] });
      loopDelay.enable();
      process.send!({ prof: 'timing' });
    } else if (m.times === 'stop') {
      onBatchTimes(undefined);
      gcObserver.disconnect();
      loopDelay.disable();
      process.send!({ prof: 'timed', times: `${summarise(times)}\n${summariseProcess(pauses, loopDelay)}` });
    }
    if (m.prof === 'start') {
      inspector.connect();
      void inspector
        .post('Profiler.enable')
        .then(() => inspector.post('Profiler.setSamplingInterval', { interval: 200 }))
        .then(() => inspector.post('Profiler.start'))
        .then(() => process.send!({ prof: 'started' }));
    } else if (m.prof === 'stop') {
      void inspector.post('Profiler.stop').then(({ profile }) => {
        fs.writeFileSync(m.file!, JSON.stringify(profile));
        inspector.disconnect();
        process.send!({ prof: 'written' });
      });
    }
  });
  await serveBesideBareFastify(ctx, { data });
}

/** Batches' times: their number, mean trips, and the mean, p50 and p99 of each step (ms). */
function summarise(times: BatchTimes[]): string {
  if (!times.length) return 'no batch';
  const step = (k: keyof BatchTimes) => {
    const xs = times.map((t) => t[k]).sort((a, b) => a - b);
    return `${k} ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)} (p50 ${quantile(xs, 0.5).toFixed(1)}, p99 ${quantile(xs, 0.99).toFixed(1)})`;
  };
  const trips = times.reduce((a, t) => a + t.trips, 0);
  return `${times.length} batches, ${(trips / times.length).toFixed(1)} trips a batch; ms mean (p50, p99): ${(['queuedMs', 'readMs', 'judgeMs', 'writeMs', 'afterMs'] as const).map(step).join('; ')}`;
}

/**
 * The api process's garbage collection during the timed run (pauses of the main thread by kind:
 * their number, sum, p99 and longest), the event loop's delay (p50, p99, longest) and the young
 * generation's size (semi-space) the process runs with.
 */
function summariseProcess(pauses: { kind: number; ms: number }[], loop: ReturnType<typeof monitorEventLoopDelay>): string {
  const kinds: [number, string][] = [
    [perfConstants.NODE_PERFORMANCE_GC_MINOR, 'scavenge'],
    [perfConstants.NODE_PERFORMANCE_GC_MAJOR, 'mark-compact'],
    [perfConstants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental marking'],
    [perfConstants.NODE_PERFORMANCE_GC_WEAKCB, 'weak callbacks'],
  ];
  const gc = kinds
    .map(([kind, name]) => {
      const xs = pauses.filter((p) => p.kind === kind).map((p) => p.ms).sort((a, b) => a - b);
      if (!xs.length) return `${name} 0`;
      return `${name} ${xs.length} (${xs.reduce((a, b) => a + b, 0).toFixed(0)} ms, p99 ${quantile(xs, 0.99).toFixed(1)}, max ${xs[xs.length - 1]!.toFixed(1)})`;
    })
    .join('; ');
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return (
    `api process: gc pauses ${gc}; young generation ${((young?.space_size ?? 0) / 2 ** 20).toFixed(0)} MiB now; ` +
    `event loop delay p50 ${ms(loop.percentile(50))}, p99 ${ms(loop.percentile(99))}, max ${ms(loop.max)} ms`
  );
}

function serve(databaseUrl: string): Promise<{ child: ChildProcess; api: number; bare: number; data: Prepared }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--batches', String(values.batches), '--drivers', String(values.drivers), '--riders', String(values.riders), '--offices', String(values.offices)], {
    execArgv: [...process.execArgv, ...values.node.split(' ').filter(Boolean)],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { api: number; bare: number; data: Prepared }) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

// ---------------------------------------------------------------- the driver (this process)

/** Sends the server a message and waits for its answer `said`. */
function childSays(child: ChildProcess, message: object, said: string): Promise<{ times?: string }> {
  return new Promise((resolve) => {
    const heard = (m: { prof?: string; times?: string }) => {
      if (m.prof !== said) return;
      child.off('message', heard);
      resolve(m);
    };
    child.on('message', heard);
    child.send(message);
  });
}

interface Sent {
  token: string;
  body: string;
  driverId: string;
  clientTripId: string;
}

const pad = (v: number | string, w: number) => String(v).padStart(w);

async function main() {
  await withBenchDatabase('portal_bench_ingest', process.env.DATABASE_URL, async (databaseUrl) => {
    if (values.statements) {
      const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      await admin`create extension if not exists pg_stat_statements`;
      await admin.end();
    }
    let server: Awaited<ReturnType<typeof serve>> | undefined;
    const sqlc = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      server = await serve(databaseUrl);
      const { companyId, drivers, riders } = server.data;
      const api = `http://127.0.0.1:${server.api}`;
      const connections = Number(values.connections);
      const seconds = Number(values.seconds);
      const retryEvery = Number(values.retries);
      const today = Math.floor(Date.now() / DAY) * DAY;

      const sent: Sent[] = [];
      let n = 0;
      const nextTrip = (): Sent => {
        const k = n++;
        const clientTripId = `ingest-${process.pid}-${k}`;
        const trip = benchTrip(k, drivers.length, riders, today, clientTripId);
        const driver = drivers[trip.driverIndex]!;
        const body = JSON.stringify(trip.body);
        return { token: driver.token, body, driverId: driver.id, clientTripId };
      };

      const statuses = new Map<number, number>();
      /** Trip id answered for each (driver, clientTripId), and how many answers said "created". */
      const answered = new Map<string, { id: string; created: number; answers: number }>();
      let mismatched = 0;
      let retries = 0;
      const tripRequest: autocannon.Request = {
        method: 'POST',
        path: '/api/trips',
        setupRequest: (req, context) => {
          let s: Sent;
          if (retryEvery > 0 && sent.length > 50 && Math.random() < 1 / retryEvery) {
            s = sent[sent.length - 1 - Math.floor(Math.random() * 50)]!;
            retries += 1;
          } else {
            s = nextTrip();
            sent.push(s);
          }
          context.sent = s;
          return { ...req, headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' }, body: s.body };
        },
        onResponse: (status, body, context) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status !== 200 && status !== 201) return;
          const s = context.sent as Sent;
          const r = JSON.parse(body) as { created: boolean; trip: { id: string } };
          const key = `${s.driverId}/${s.clientTripId}`;
          const a = answered.get(key);
          if (!a) answered.set(key, { id: r.trip.id, created: r.created ? 1 : 0, answers: 1 });
          else {
            if (a.id !== r.trip.id) mismatched += 1;
            a.created += r.created ? 1 : 0;
            a.answers += 1;
          }
        },
      };

      // Warm-up: connections, plans, the sessions' first reads (its trips count in the checks too).
      await autocannon({ url: api, connections: 10, duration: 2, requests: [tripRequest] });
      await autocannon({ url: `http://127.0.0.1:${server.bare}/hello`, connections: 10, duration: 1 });
      const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
      console.log(`\n${connections} connections, ${seconds} s each, ${values.batches} batches at once, ${drivers.length} drivers, ${riders.length} riders; load average before: ${load}`);

      // The same process serves bare Fastify: its processor time a request there is the floor of Node's
      // HTTP and Fastify under this load, against which the api's time a trip is read.
      const bareSplitBefore = processorSplitMs([server.child.pid!]);
      const bare = await autocannon({ url: `http://127.0.0.1:${server.bare}/hello`, connections, duration: seconds });
      const bareSplit = processorSplitMs([server.child.pid!]);
      // The api's own floor: a public GET answered without the database (`/api/health/live`), through
      // the api's Fastify instance, its hooks and its serialiser.
      const liveSplitBefore = processorSplitMs([server.child.pid!]);
      const live = await autocannon({ url: `${api}/api/health/live`, connections, duration: seconds });
      const liveSplit = processorSplitMs([server.child.pid!]);
      statuses.clear();
      const retriesBefore = retries;
      if (values.statements) await sqlc`select pg_stat_statements_reset(), pg_stat_reset()`;
      const backends = values.statements
        ? (await sqlc<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`).map((b) => b.pid)
        : [];
      const cpuBefore = processorMs(backends);
      const apiCpuBefore = processorMs([server.child.pid!]);
      const apiSplitBefore = processorSplitMs([server.child.pid!]);
      const apiCallsBefore = syscalls([server.child.pid!]);
      const dbCallsBefore = syscalls(backends);
      // What the server's connections are doing, sampled every 50 ms during the run.
      const waits = new Map<string, number>();
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const now = await sqlc<{ what: string; n: number }[]>`
            select coalesce(wait_event_type || ':' || wait_event, 'on cpu') || ' ' || state || ' ' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 60) as what, count(*)::int as n
            from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' group by 1`;
          for (const w of now) waits.set(w.what, (waits.get(w.what) ?? 0) + w.n);
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      if (values.prof) await childSays(server.child, { prof: 'start' }, 'started');
      if (values.times) await childSays(server.child, { times: 'start' }, 'timing');
      const trips = await autocannon({ url: api, connections, duration: seconds, requests: [tripRequest] });
      const batchTimes = values.times ? (await childSays(server.child, { times: 'stop' }, 'timed')).times : undefined;
      if (values.prof) {
        const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'profiles');
        fs.mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `ingest-${Date.now()}.cpuprofile`);
        await childSays(server.child, { prof: 'stop', file }, 'written');
        console.log(`api profile of the timed run: ${file}`);
      }
      sampling = false;
      await sampler;
      console.log(`load average after: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
      const ok2xx = (r: autocannon.Result) => Math.round(r['2xx'] / r.duration);
      console.log('\n| scenario | 2xx/s | p50 ms | p99 ms | share of bare |');
      console.log('| --- | --- | --- | --- | --- |');
      console.log(`| bare Fastify GET /hello | ${pad(ok2xx(bare), 6)} | ${bare.latency.p50} | ${bare.latency.p99} | |`);
      console.log(`| POST /api/trips | ${pad(ok2xx(trips), 6)} | ${trips.latency.p50} | ${trips.latency.p99} | ${((100 * ok2xx(trips)) / ok2xx(bare)).toFixed(1)}% |`);
      if (batchTimes) console.log(`\nbatches of the timed run: ${batchTimes}`);
      if (values.waits) {
        console.log('\nserver connections not idle, by wait and statement (samples):');
        for (const [what, k] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${pad(k, 5)}  ${what}`);
      }
      if (values.statements) {
        // The server's processor time (every backend of the cluster) against the statements' own.
        const cpu = processorMs(backends) - cpuBefore;
        const apiCpu = processorMs([server.child.pid!]) - apiCpuBefore;
        const apiCalls = syscalls([server.child.pid!]);
        const dbCalls = syscalls(backends);
        const perTrip = (x: number) => (x / Math.max(1, trips['2xx'])).toFixed(2);
        console.log(`\napi process (node) processor time during the run ${Math.round(apiCpu)} ms (of ${seconds * 1000} ms)`);
        console.log(
          `a trip (of ${trips['2xx']} answered 2xx): api ${perTrip(apiCpu)} ms and database ${perTrip(cpu)} ms of processor; ` +
            `api ${perTrip(apiCalls.writes - apiCallsBefore.writes)} write and ${perTrip(apiCalls.reads - apiCallsBefore.reads)} read system calls, ` +
            `database ${perTrip(dbCalls.writes - dbCallsBefore.writes)} and ${perTrip(dbCalls.reads - dbCallsBefore.reads)}`,
        );
        const apiSplit = processorSplitMs([server.child.pid!]);
        const perBare = (x: number) => (x / Math.max(1, bare['2xx'])).toFixed(3);
        console.log(
          `  the api's: ${perTrip(apiSplit.user - apiSplitBefore.user)} ms in its code, ${perTrip(apiSplit.system - apiSplitBefore.system)} ms in the kernel; ` +
            `bare Fastify's in the same process: ${perBare(bareSplit.user - bareSplitBefore.user)} and ${perBare(bareSplit.system - bareSplitBefore.system)} ms a request`,
        );
        const perLive = (x: number) => (x / Math.max(1, live['2xx'])).toFixed(3);
        console.log(
          `  the api's GET /api/health/live (${Math.round(live['2xx'] / live.duration)}/s): ${perLive(liveSplit.user - liveSplitBefore.user)} ms in its code, ` +
            `${perLive(liveSplit.system - liveSplitBefore.system)} ms in the kernel a request`,
        );
        // Buffers a call (shared blocks hit or read): what a statement reads, which the machine's load does not move.
        const top = await sqlc<{ calls: number; total: number; mean: number; blocks: number; query: string }[]>`
          select calls::int, total_exec_time::float8 as total, mean_exec_time::float8 as mean,
            (shared_blks_hit + shared_blks_read)::float8 / greatest(calls, 1) as blocks, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) as query
          from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc limit 15`;
        const [all] = await sqlc<{ total: number }[]>`select coalesce(sum(total_exec_time), 0)::float8 as total from pg_stat_statements where toplevel
          and dbid = (select oid from pg_database where datname = current_database())`;
        console.log(`PostgreSQL processor time during the run ${Math.round(cpu)} ms (the database's ${backends.length} backends); top-level statements executing ${Math.round(all!.total)} ms`);
        console.log('statements by execution time (nested ones, as a trigger runs, count in their caller too):');
        for (const q of top) console.log(`  ${pad(Math.round(q.total), 6)} ms ${pad(q.calls, 6)} calls ${pad(q.mean.toFixed(3), 7)} ms ${pad(Math.round(q.blocks), 6)} buffers  ${q.query}`);
        // PL/pgSQL calls (a row trigger fires once a row, a deferred one at the commit), when the server
        // tracks them (`track_functions = pl`, set on the throwaway cluster). Backends report them at
        // most once a second, so the figures are read a little after the run.
        await new Promise((r) => setTimeout(r, 1500));
        const fns = await sqlc<{ name: string; calls: number; self: number; total: number }[]>`
          select funcname as name, calls::int, self_time::float8 as self, total_time::float8 as total from pg_stat_user_functions order by calls desc limit 8`;
        if (fns.length) {
          console.log('PL/pgSQL functions by calls (their own time, then with the statements they run):');
          for (const f of fns) console.log(`  ${pad(f.calls, 7)} calls ${pad(Math.round(f.self), 5)} ms ${pad(Math.round(f.total), 5)} ms  ${f.name}`);
        }
      }
      console.log(`\nanswers of the timed run by status: ${JSON.stringify(Object.fromEntries(statuses))} (${retries - retriesBefore} retries; errors ${trips.errors}, timeouts ${trips.timeouts})`);
      // 10 trips a driver a minute (the api's default) caps a run at 10 x --drivers trips: past it
      // every new trip is a quick 429, which is not ingestion. The figures above then undercount.
      if ((statuses.get(429) ?? 0) > 0) {
        console.log(`  ${statuses.get(429)} answered 429: the drivers' limit of ${10 * Number(values.drivers)} trips a minute was reached; run fewer --seconds or more --drivers`);
      }

      // Requests still in flight when a run stopped have no answer here (some were recorded): each is
      // sent again, one at a time, as a phone that never heard back would.
      const unanswered = sent.filter((s) => !answered.has(`${s.driverId}/${s.clientTripId}`));
      const resent = new Map<number, number>();
      for (const s of unanswered) {
        const res = await fetch(`${api}/api/trips`, { method: 'POST', headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' }, body: s.body });
        resent.set(res.status, (resent.get(res.status) ?? 0) + 1);
        tripRequest.onResponse!(res.status, await res.text(), { sent: s });
      }
      console.log(`unanswered when a run stopped, sent again: ${unanswered.length}, answers ${JSON.stringify(Object.fromEntries(resent))} (200: it had been recorded)`);

      // ---- the checks, in SQL
      const created = [...answered.values()].filter((a) => a.created > 0);
      const twice = [...answered.values()].filter((a) => a.created > 1).length;
      const retried = [...answered.values()].filter((a) => a.answers > 1).length;
      const [stored] = await sqlc<{ trips: number; keys: number }[]>`
        select count(*)::int as trips, count(distinct (driver_id, client_trip_id))::int as keys from trips where company_id = ${companyId}`;
      const ids = [...answered.values()].map((a) => a.id);
      const [found] = await sqlc<{ n: number }[]>`select count(*)::int as n from trips where id = any(${ids}::uuid[])`;
      // A trip whose first answer was lost (the run stopped) was answered "already recorded" on its resend.
      console.log(
        `\nchecks: ${answered.size} trips answered 2xx (${retried} of them more than once), ${created.length} answered "created" once, ` +
          `${answered.size - created.length} only "already recorded"; stored ${stored!.trips} (${stored!.keys} distinct keys), ${found!.n} of the answered ids found`,
      );
      console.log(`  created twice: ${twice}; a retry answered another trip: ${mismatched}`);
      const month = sqlc`date_trunc('month', t.started_at at time zone 'UTC')::date`;
      const counted = sqlc`t.company_id = ${companyId} and t.status in ('counted', 'confirmed')`;
      const diffs = await sqlc<{ rollup: string; n: number }[]>`
        with em as (
          select x.month, x.employee_id, sum(x.d)::int as d, sum(x.p)::int as p, sum(x.dh)::bigint as dh, sum(x.ph)::bigint as ph from (
            select ${month} as month, t.driver_id as employee_id, 1 as d, 0 as p, t.distance_hundredths as dh, 0 as ph from trips t where ${counted}
            union all
            select ${month}, tp.passenger_id, 0, 1, 0, t.distance_hundredths from trips t join trip_passengers tp on tp.trip_id = t.id where ${counted}
          ) x group by 1, 2),
        em_s as (select month, employee_id, trips_as_driver::int as d, trips_as_passenger::int as p, driver_hundredths::bigint as dh, passenger_hundredths::bigint as ph
          from employee_monthly_stats where company_id = ${companyId}),
        tot as (select employee_id, sum(d)::int as d, sum(p)::int as p, sum(dh)::bigint as dh, sum(ph)::bigint as ph from em group by 1),
        tot_s as (select employee_id, trips_as_driver::int, trips_as_passenger::int, driver_hundredths::bigint, passenger_hundredths::bigint
          from employee_trip_totals where company_id = ${companyId}),
        co as (select c.*, (select count(*)::int from em where em.month = c.month) as participants from (
            select ${month} as month, count(*)::int as trips, sum(t.distance_hundredths)::bigint as dh, sum(t.distance_hundredths * t.passenger_count)::bigint as ph
            from trips t where ${counted} group by 1) c),
        co_s as (select month, trips::int, distance_hundredths::bigint, passenger_hundredths::bigint, participants::int from company_monthly_stats where company_id = ${companyId})
        select 'employee_monthly_stats' as rollup, (select count(*)::int from ((select * from em except select * from em_s) union all (select * from em_s except select * from em)) d) as n
        union all select 'employee_trip_totals', (select count(*)::int from ((select * from tot except select * from tot_s) union all (select * from tot_s except select * from tot)) d)
        union all select 'company_monthly_stats', (select count(*)::int from ((select * from co except select * from co_s) union all (select * from co_s except select * from co)) d)`;
      // The office rows with their deltas not folded yet (migrations 0043, 0044; before 0044 no deltas).
      const [deltas] = await sqlc<{ exists: boolean }[]>`select to_regclass('office_monthly_stat_deltas') is not null as exists`;
      const officeColumns = sqlc`month, office_id, trips, distance_hundredths, passenger_hundredths, participants`;
      const officeRows = deltas!.exists
        ? sqlc`(select ${officeColumns} from office_monthly_stats where company_id = ${companyId} union all select ${officeColumns} from office_monthly_stat_deltas where company_id = ${companyId})`
        : sqlc`(select ${officeColumns} from office_monthly_stats where company_id = ${companyId})`;
      const [officeDiff] = await sqlc<{ n: number; pending: number }[]>`
        with rc as (select s.month, u.office_id, sum(s.trips_as_driver)::bigint as trips, sum(s.driver_hundredths)::bigint as dh, sum(s.passenger_hundredths)::bigint as ph, count(*)::bigint as p
            from employee_monthly_stats s join users u on u.id = s.employee_id where s.company_id = ${companyId} and u.office_id is not null group by 1, 2),
          ks as (select month, office_id, sum(trips)::bigint as trips, sum(distance_hundredths)::bigint as dh, sum(passenger_hundredths)::bigint as ph, sum(participants)::bigint as p
            from ${officeRows} k group by 1, 2 having (sum(trips), sum(distance_hundredths), sum(passenger_hundredths), sum(participants)) <> (0, 0, 0, 0))
        select (select count(*)::int from ((select * from rc except select * from ks) union all (select * from ks except select * from rc)) d) as n,
          ${deltas!.exists ? sqlc`(select count(*)::int from office_monthly_stat_deltas where company_id = ${companyId})` : sqlc`0`} as pending`;
      diffs.push({ rollup: 'office_monthly_stats', n: officeDiff!.n });
      console.log(`  roll-up rows differing from a recount: ${diffs.map((d) => `${d.rollup} ${d.n}`).join(', ')}; office deltas not folded: ${officeDiff!.pending}`);
      const [st] = await sqlc<{ counted: number; flagged: number }[]>`
        select count(*) filter (where status = 'counted')::int as counted, count(*) filter (where status = 'flagged')::int as flagged from trips where company_id = ${companyId}`;
      console.log(`  stored trips counted ${st!.counted}, flagged ${st!.flagged}`);
      const ok = stored!.trips === answered.size && stored!.keys === stored!.trips && found!.n === answered.size && answered.size === sent.length && twice === 0 && mismatched === 0 && diffs.every((d) => d.n === 0);
      console.log(ok ? '  every trip stored once, roll-ups equal the recount' : '  CHECK FAILED');
      if (!ok) process.exitCode = 1;
    } finally {
      await sqlc.end();
      server?.child.disconnect();
      await new Promise((r) => setTimeout(r, 1000));
    }
  }, { statements: values.statements });
}

if (values.serve) await serveChild();
else await main();
