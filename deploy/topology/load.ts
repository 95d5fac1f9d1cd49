/**
 * Load through nginx (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/deploy run bench:topology [--employees 100000] [--seconds 15] [--connections 50] [--rounds 1] [--skip-pgbouncer]
 *
 * Starts the production topology (topology.ts: PostgreSQL, two api instances, nginx from
 * portal.conf; needs `pnpm build`), makes one company of `--employees` demo employees with the api's
 * generator, signs its employer in, and drives with autocannon, one scenario after the other at the
 * same concurrency: bare nginx serving a static file (the very bytes of the measured answer), then
 * the employee list with `search=smi` through nginx with one api instance, then with two; and, when
 * pgbouncer is installed, the same two through PgBouncer in transaction pooling (a second set of
 * instances with DATABASE_PGBOUNCER=1 on the same database). Prints one table: 2xx answers a
 * second, p50 and p99, answers that were not 2xx, errors and timeouts, and the load average the
 * machine had meanwhile (the figures mean little without it). `--rounds n` alternates one and two
 * instances n times and also prints the median of each, so that a busy spell of the machine does
 * not fall on one side only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '@portal/api/db/client';
import { companies, employerUsers, users } from '@portal/api/db/schema';
import { findPgbouncer, startPgbouncer, type Pgbouncer } from '@portal/api/db/testing/pgbouncer';
import { seedDemoEmployees } from '@portal/api/demo/employees';
import { createSession } from '@portal/api/lib/sessions';
import { REPO_ROOT } from '../src/paths';
import { findPgBin, freePort, NGINX_BIN, startTopology, UPSTREAM_HEADER, type Topology } from './topology';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '1' },
    'skip-pgbouncer': { type: 'boolean', default: false },
  },
});

const EMPLOYEES = Number(values.employees);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const ROUNDS = Number(values.rounds);
const LIST = '/api/employees?pageNumber=1&pageSize=10&search=smi';
const say = (line: string) => console.log(`[bench] ${line}`);

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The 1-minute load average at the end of the run. */
  load: number;
}

async function drive(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // Warm-up: JIT, plan caches, buffers, nginx's upstream keep-alive connections.
  await autocannon({ url, headers, connections: 10, duration: 2, timeout: 10 });
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, timeout: 10 });
  // Only 2xx answers count as served: an overload guard's 503 is quick but is not the page.
  const f = { name, rps: Math.round(r['2xx'] / r.duration), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, load: os.loadavg()[0]! };
  console.log(row(f));
  return f;
}

const HEAD = `  ${'scenario'.padEnd(52)}${'2xx/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}${'timeouts'.padStart(10)}${'load 1m'.padStart(9)}`;
function row(f: Figures) {
  return `  ${f.name.padEnd(52)}${String(f.rps).padStart(8)}${String(f.p50).padStart(8)}${String(f.p99).padStart(8)}${String(f.non2xx).padStart(9)}${String(f.errors).padStart(8)}${String(f.timeouts).padStart(10)}${f.load.toFixed(2).padStart(9)}`;
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** The median of each figure over several runs of one scenario (errors added up). */
function median(name: string, runs: Figures[]): Figures {
  const sum = (k: 'non2xx' | 'errors' | 'timeouts') => runs.reduce((n, f) => n + f[k], 0);
  return {
    name,
    rps: middle(runs.map((f) => f.rps)),
    p50: middle(runs.map((f) => f.p50)),
    p99: middle(runs.map((f) => f.p99)),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    load: middle(runs.map((f) => f.load)),
  };
}

/** One company of `count` demo employees and its signed-in employer, written straight to the database. */
async function seed(databaseUrl: string, count: number): Promise<{ token: string; ms: number }> {
  const database = await openDatabase({ databaseUrl, pgliteDir: '' });
  try {
    const t0 = performance.now();
    const [c] = await database.db
      .insert(companies)
      .values({ name: 'Benchmark Commuters Ltd', email: 'hello@bench.example', phoneNumber: '0113 496 0000', signUpState: 3 })
      .returning({ id: companies.id });
    const [u] = await database.db
      .insert(users)
      .values({ email: 'employer@bench.example', passwordHash: 'not-used', name: 'Bench Employer', role: 'Employer', companyId: c!.id })
      .returning({ id: users.id });
    await database.db.insert(employerUsers).values({ userId: u!.id });
    await seedDemoEmployees(database.db, { companyId: c!.id, count, seed: 42 });
    // What autovacuum would have done on a live system.
    const vacuum = spawnSync(path.join(findPgBin()!, 'vacuumdb'), ['--analyze', '--quiet', `--dbname=${databaseUrl}`], { encoding: 'utf8' });
    if (vacuum.status !== 0) throw new Error(`vacuumdb failed: ${vacuum.stderr}`);
    const { token } = await createSession(database.db, u!.id, true, { ip: '127.0.0.1' });
    return { token, ms: Math.round(performance.now() - t0) };
  } finally {
    await database.close();
  }
}

/** nginx with nothing but one static file, as many workers as the topology's: the ceiling of the machine's HTTP path. */
async function startBareNginx(body: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-nginx-'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'employees.json'), body);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      ...(isRoot ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 2;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  server { listen 127.0.0.1:${port}; root ${dir}; default_type application/json; keepalive_requests 100000; }`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/employees.json`;
  for (let i = 0; ; i++) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 100 || child.exitCode !== null) throw new Error(`bare nginx did not start (${dir}/error.log)`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The instances that answered `n` requests through nginx, as nginx's upstream header names them. */
async function upstreams(topology: Topology, headers: Record<string, string>, n = 20): Promise<string> {
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const res = await fetch(topology.nginxUrl + LIST, { headers });
    if (!res.ok) throw new Error(`${LIST} through nginx answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const by = res.headers.get(UPSTREAM_HEADER) ?? '?';
    seen.set(by, (seen.get(by) ?? 0) + 1);
  }
  // A retried request names both instances ("a, b"): nginx found the first one gone.
  return [...seen].map(([k, v]) => `[${k}] x${v}`).join('; ');
}

/** What to stop and remove, latest first: run at the end, on failure, and on Ctrl-C or SIGTERM. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch((err: unknown) => console.error(`[bench] cleanup: ${String(err)}`));
}
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  // The api instances and nginx run in process groups of their own: a signal to this one stops them here.
  process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
}

async function main(): Promise<void> {
  if (!Number.isInteger(EMPLOYEES) || EMPLOYEES < 1 || !(SECONDS > 0) || !(CONNECTIONS > 0) || !Number.isInteger(ROUNDS) || ROUNDS < 1) {
    throw new Error('--employees, --seconds, --connections and --rounds take positive numbers');
  }
  const results: Figures[] = [];
  const apiDir = path.join(REPO_ROOT, 'api');
  // The api compiled once, for both sets of instances.
  const dist = path.join(apiDir, `.bench-topology-${process.pid}-${randomBytes(3).toString('hex')}`);
  cleanups.push(async () => rmSync(dist, { recursive: true, force: true }));
  try {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', dist], { cwd: apiDir, encoding: 'utf8' });
    if (build.status !== 0 || !existsSync(path.join(dist, 'server.js'))) throw new Error(`building the api failed:\n${build.stdout}${build.stderr}`);
    say('api compiled');

    const superAdmin = { email: 'root@bench.example', password: `Bench-${randomBytes(9).toString('base64url')}-7a` };
    const topology = await startTopology({ apiInstances: 2, seed: 'none', apiDist: dist, superAdmin, log: say });
    cleanups.unshift(() => topology.stop());
    const seeded = await seed(topology.databaseUrl, EMPLOYEES);
    say(`${EMPLOYEES} employees seeded and analysed in ${seeded.ms} ms`);
    const headers = { authorization: `Bearer ${seeded.token}` };

    // The answer measured, checked once, and served as it is by bare nginx.
    const probe = await fetch(topology.nginxUrl + LIST, { headers });
    const body = await probe.text();
    if (!probe.ok) throw new Error(`${LIST} through nginx answered ${probe.status}: ${body.slice(0, 300)}`);
    say(`${LIST}: ${(JSON.parse(body) as { totalCount: number }).totalCount} matches, ${Buffer.byteLength(body)} bytes`);
    const bare = await startBareNginx(body);
    cleanups.unshift(() => bare.stop());

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s a scenario (after 2 s of warm-up), ${os.cpus().length} CPUs; ${EMPLOYEES} employees in one company\n`);
    console.log(HEAD);
    results.push(await drive(`bare nginx, the same answer as a static file`, bare.url));

    const one: Figures[] = [];
    const two: Figures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const suffix = ROUNDS > 1 ? ` (round ${round})` : '';
      await topology.stopInstance(1, 'SIGTERM');
      say(`one instance: ${await upstreams(topology, headers)}`);
      one.push(await drive(`nginx -> 1 api instance, search=smi${suffix}`, topology.nginxUrl + LIST, headers));
      await topology.startInstance(1);
      say(`two instances: ${await upstreams(topology, headers)}`);
      two.push(await drive(`nginx -> 2 api instances, search=smi${suffix}`, topology.nginxUrl + LIST, headers));
    }
    if (ROUNDS > 1) results.push(...one, ...two);
    results.push(median(`nginx -> 1 api instance, search=smi${ROUNDS > 1 ? `, median of ${ROUNDS}` : ''}`, one));
    results.push(median(`nginx -> 2 api instances, search=smi${ROUNDS > 1 ? `, median of ${ROUNDS}` : ''}`, two));

    if (!values['skip-pgbouncer'] && findPgbouncer()) {
      // The same database through PgBouncer; the first instances stop so that the machine runs one set.
      await topology.stopInstance(0, 'SIGTERM');
      await topology.stopInstance(1, 'SIGTERM');
      const bouncer: Pgbouncer = await startPgbouncer(topology.databaseUrl, { poolSize: 20 });
      cleanups.unshift(() => bouncer.stop());
      say(`PgBouncer (transaction pooling, 20 server connections) on 127.0.0.1:${bouncer.port}`);
      const pooled = await startTopology({
        apiInstances: 2,
        seed: 'none',
        apiDist: dist,
        superAdmin,
        apiEnv: { DATABASE_URL: bouncer.through(topology.databaseUrl), DATABASE_PGBOUNCER: '1' },
        log: say,
      });
      cleanups.unshift(() => pooled.stop());
      await pooled.stopInstance(1, 'SIGTERM');
      say(`one instance via PgBouncer: ${await upstreams(pooled, headers)}`);
      results.push(await drive('nginx -> 1 api instance -> PgBouncer, search=smi', pooled.nginxUrl + LIST, headers));
      await pooled.startInstance(1);
      say(`two instances via PgBouncer: ${await upstreams(pooled, headers)}`);
      results.push(await drive('nginx -> 2 api instances -> PgBouncer, search=smi', pooled.nginxUrl + LIST, headers));
    } else {
      say('PgBouncer: skipped (--skip-pgbouncer, or pgbouncer is not installed)');
    }

    console.log(`\n${HEAD}`);
    for (const f of results) console.log(row(f));
    console.log(`  load average now: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min) on ${os.cpus().length} CPUs`);
  } finally {
    await cleanUp();
  }
}

await main();
