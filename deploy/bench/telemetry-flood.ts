/**
 * A telemetry flood against a running portal (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/deploy exec tsx bench/telemetry-flood.ts [--seconds 60] [--addresses 4] [--idle 5] [--keep] [--prof]
 *
 * Starts the portal server (`src/server.ts`, the api embedded on PGlite in a fresh data folder,
 * TRUST_PROXY=1 so that each simulated sender's X-Forwarded-For is its address) with every remote
 * released (stand-in builds: stable 1.0.0, a guarded canary 1.1.0 at 50%), then floods
 * `POST /api/telemetry` at the endpoint's own rate limits, in two phases of `--seconds`:
 *
 * 1. one address: 600 batches a minute (the per-address limit), each with a new client id (so the
 *    per-browser limit never applies) and 20 events naming versions nobody published, failed loads
 *    of the real canary and vitals of ten minutes;
 * 2. `--addresses` addresses at once (half IPv4, half IPv6 siblings of one /64 each), the same each.
 *
 * Meanwhile it asks `GET /api/health/live` every 200 ms and, as the super admin, `GET
 * /api/releases/health?minutes=60` every 2 s, and prints their latency (p50, p95, max), the answers
 * the flood got (202, 429, other), the health answer's size and versions, and how much the data
 * folder grew. The guard runs its pass every minute as it does by default, so a pass that held the
 * event loop shows in the liveness figures. `--idle` probes for that many seconds before the flood
 * (the same figures without it: what the machine alone does to the portal). `--keep` keeps the data folder (and the portal's log in
 * it); `--prof` writes the portal's CPU profile to bench/profiles/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_IDS } from '@portal/shared-contracts';
import { canary, promote } from '../src/release/actions';
import { emptyManifest } from '../src/release/manifest';
import { publishRemote } from '../src/release/publish';
import { FsReleaseStore } from '../src/release/store';
import { writeFakeRemoteBuild } from '../src/test-fixtures';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    addresses: { type: 'string', default: '4' },
    keep: { type: 'boolean', default: false },
    prof: { type: 'boolean', default: false },
    idle: { type: 'string', default: '5' },
  },
});
const SECONDS = Number(values.seconds);
const ADDRESSES = Number(values.addresses);
/** Seconds of probing before the flood, as a control: what the machine does to the portal without it. */
const IDLE_SECONDS = Number(values.idle);
/** The api's default limits (api/src/env.ts DEFAULT_RATE_LIMITS): batches a minute per address. */
const PER_ADDRESS_PER_MINUTE = 600;
const SUPERADMIN = { email: 'bench@example.test', password: 'Bench-Flood-Pass-1!' };
const say = (line: string) => console.log(`[flood] ${line}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(p);
    else if (entry.isFile()) total += (await stat(p)).size;
  }
  return total;
}

/**
 * CPU time (ms) the process `pid` and its descendants have used (Linux /proc; tsx runs the server in
 * a child process): what a phase cost the portal, whatever else the machine was doing.
 */
async function cpuMs(pid: number): Promise<number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command name may hold spaces: the fields after its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (fields.length < 15) continue;
    stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const mine = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, s] of stats) {
      if (mine.has(p) || !mine.has(s.ppid)) continue;
      mine.add(p);
      grew = true;
    }
  }
  // Clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return [...mine].reduce((n, p) => n + (stats.get(p)?.ticks ?? 0), 0) * 10;
}

/** Every remote released: stable 1.0.0, and 1.1.0 as a guarded canary for half the users. */
async function releasedStore(dir: string): Promise<void> {
  const store = new FsReleaseStore(dir);
  await store.writeManifest(emptyManifest({ version: 'bench', contractsVersion: '1.0.0' }));
  const builds = await mkdtemp(path.join(tmpdir(), 'portal-flood-builds-'));
  for (const remote of REMOTE_IDS) {
    for (const version of ['1.0.0', '1.1.0']) {
      const build = path.join(builds, remote, version);
      await writeFakeRemoteBuild(build, version);
      await publishRemote(store, remote, { dir: build, version, actor: 'bench' });
    }
    await promote(store, remote, '1.0.0', { actor: 'bench' });
    await canary(store, remote, '1.1.0', 50, [], { actor: 'bench', guard: { marginPoints: 2, minPageViews: 200, autoPromoteAfterMs: null } });
  }
  await rm(builds, { recursive: true, force: true });
}

interface Timings {
  ms: number[];
  failed: number;
  bytes: number[];
  versions: number[];
}
const timings = (): Timings => ({ ms: [], failed: 0, bytes: [], versions: [] });

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}
function describe(t: Timings): string {
  const s = [...t.ms].sort((a, b) => a - b);
  const f = (n: number) => (Number.isNaN(n) ? '-' : n >= 100 ? n.toFixed(0) : n.toFixed(1));
  return `n=${s.length} p50 ${f(quantile(s, 0.5))} ms, p95 ${f(quantile(s, 0.95))} ms, max ${f(s.at(-1) ?? Number.NaN)} ms${t.failed ? `, ${t.failed} not 2xx or unanswered` : ''}`;
}

/** Asks `url` every `everyMs` until stopped, timing each answer. */
function probe(url: string, everyMs: number, headers: Record<string, string>, out: Timings, read = false) {
  let stopped = false;
  const run = (async () => {
    while (!stopped) {
      const started = performance.now();
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) });
        const body = read ? await res.text() : (await res.arrayBuffer(), '');
        out.ms.push(performance.now() - started);
        if (!res.ok) out.failed += 1;
        if (read) {
          out.bytes.push(Buffer.byteLength(body));
          try {
            out.versions.push((JSON.parse(body) as { versions?: unknown[] }).versions?.length ?? 0);
          } catch {
            /* not JSON */
          }
        }
      } catch {
        out.failed += 1;
      }
      const wait = everyMs - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return async () => {
    stopped = true;
    await run;
  };
}

interface Sent {
  accepted: number;
  limited: number;
  /** Any other answer, by status (503: the api's overload guard turned it away). */
  other: Map<number, number>;
  failed: number;
}

let versionSeq = 0;
/** One forged batch: made-up versions, failed loads of the real canary, implausible vitals. */
function forgedBatch(remoteIndex: number): string {
  const remote = REMOTE_IDS[remoteIndex % REMOTE_IDS.length]!;
  const events = Array.from({ length: 20 }, (_, i) => {
    if (i < 10) return { remote, version: `9.${Math.floor(versionSeq / 1000)}.${versionSeq++ % 1000}`, reason: 'canary', kind: 'load', ok: false, ms: 3000 };
    if (i < 15) return { remote, version: '1.1.0', reason: 'canary', kind: 'load', ok: false, ms: 3000 };
    return { remote, version: '1.0.0', reason: 'stable', kind: 'vital', name: 'LCP', value: 600_000 };
  });
  return JSON.stringify({ client: randomBytes(12).toString('base64url'), events });
}

/** Sends at `perMinute` from the address `address` for `seconds`. */
async function flood(url: string, address: () => string, perMinute: number, seconds: number, sent: Sent): Promise<void> {
  const everyMs = 60_000 / perMinute;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let n = 0; performance.now() - started < seconds * 1000; n++) {
    const due = started + n * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const p = fetch(`${url}/api/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
      body: forgedBatch(n),
      signal: AbortSignal.timeout(60_000),
    }).then(
      async (res) => {
        await res.arrayBuffer();
        if (res.status === 202) sent.accepted += 1;
        else if (res.status === 429) sent.limited += 1;
        else sent.other.set(res.status, (sent.other.get(res.status) ?? 0) + 1);
      },
      () => {
        sent.failed += 1;
      },
    );
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }
  await Promise.all(inFlight);
}

async function main(): Promise<void> {
  const data = await mkdtemp(path.join(tmpdir(), 'portal-flood-'));
  await releasedStore(path.join(data, 'releases'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: data,
    PUBLIC_URL: url,
    SHELL_DIR: path.join(data, 'no-shell'),
    SUPERADMIN_EMAIL: SUPERADMIN.email,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
  };
  for (const key of ['DATABASE_URL', 'API_URL', 'RELEASE_STORE', 'RELEASE_STORE_URL', 'RELEASE_GUARD_INTERVAL_MS', 'DEMO_DATA']) delete env[key];
  const logFile = path.join(data, 'portal.log');
  const log = createWriteStream(logFile);
  // --prof: node itself with tsx's loader, so that it writes the portal's CPU profile when it stops.
  const [command, args] = values.prof
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.join(import.meta.dirname, 'profiles')}`, '--import', 'tsx', 'src/server.ts']]
    : [path.join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx'), ['src/server.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: path.join(import.meta.dirname, '..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stopPortal = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}); see ${logFile}`);
      const ok = await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`the portal did not start; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await fetch(`${url}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200' },
      body: JSON.stringify(SUPERADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const startBytes = await folderBytes(data);
    say(`portal at ${url}, data folder ${data} (${(startBytes / 1e6).toFixed(1)} MB at start); ${SECONDS} s a phase; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

    const phase = async (name: string, addresses: Array<() => string>) => {
      const live = timings();
      const health = timings();
      const sent: Sent = { accepted: 0, limited: 0, other: new Map(), failed: 0 };
      const before = await folderBytes(data);
      const cpuBefore = await cpuMs(child.pid!);
      // A control: this process's own event-loop delay. When it stalls too, the machine did (other
      // work on its cores), not the portal.
      const own = monitorEventLoopDelay({ resolution: 10 });
      own.enable();
      const stopLive = probe(`${url}/api/health/live`, 200, {}, live);
      const stopHealth = probe(`${url}/api/releases/health?minutes=60`, 2_000, auth, health, true);
      await Promise.all(addresses.map((a) => flood(url, a, PER_ADDRESS_PER_MINUTE, SECONDS, sent)));
      await stopLive();
      await stopHealth();
      own.disable();
      const cpu = (await cpuMs(child.pid!)) - cpuBefore;
      const after = await folderBytes(data);
      const other = [...sent.other].map(([status, n]) => `${n} ${status}`).join(', ');
      say(`${name}: ${sent.accepted} batches answered 202, ${sent.limited} 429${other ? `, ${other}` : ''}, ${sent.failed} without an answer (timeout or connection)`);
      say(`${name}: GET /api/health/live ${describe(live)}`);
      say(
        `${name}: GET /api/releases/health?minutes=60 ${describe(health)}; answer ${((health.bytes.at(-1) ?? 0) / 1024).toFixed(1)} KB, ${health.versions.at(-1) ?? '-'} versions`,
      );
      say(`${name}: data folder +${((after - before) / 1e6).toFixed(1)} MB (${(after / 1e6).toFixed(1)} MB)`);
      const batches = sent.accepted + sent.limited + [...sent.other.values()].reduce((a, b) => a + b, 0);
      say(
        `${name}: the portal used ${(cpu / 1000).toFixed(1)} s of CPU in ${SECONDS} s (${((cpu / (SECONDS * 1000)) * 100).toFixed(0)}% of one core), ${(cpu / Math.max(1, batches)).toFixed(2)} ms a batch with the probes`,
      );
      say(
        `${name}: control, this script's own event-loop delay p99 ${(own.percentile(99) / 1e6).toFixed(0)} ms, max ${(own.max / 1e6).toFixed(0)} ms; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
      );
    };

    const idleCpu = await cpuMs(child.pid!);
    const idleLive = timings();
    const idleHealth = timings();
    const stopIdle = probe(`${url}/api/health/live`, 200, {}, idleLive);
    const stopIdleHealth = probe(`${url}/api/releases/health?minutes=60`, 2_000, auth, idleHealth, true);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    await stopIdle();
    await stopIdleHealth();
    say(
      `idle ${IDLE_SECONDS} s: GET /api/health/live ${describe(idleLive)}; health ${describe(idleHealth)}; the portal used ${(((await cpuMs(child.pid!)) - idleCpu) / 1000).toFixed(1)} s of CPU`,
    );

    await phase('one address', [() => '203.0.113.10']);
    let sibling = 0;
    const many = Array.from({ length: ADDRESSES }, (_, i) =>
      // Half the senders IPv4, half rotating through addresses of one IPv6 /64 each.
      i % 2 === 0 ? () => `198.51.100.${10 + i}` : () => `2001:db8:${i}:1:${(++sibling).toString(16)}::1`,
    );
    await phase(`${ADDRESSES} addresses`, many);

    const idleAfter = timings();
    const healthAfter = timings();
    const stopAfter = probe(`${url}/api/health/live`, 200, {}, idleAfter);
    const stopHealthAfter = probe(`${url}/api/releases/health?minutes=60`, 1_000, auth, healthAfter, true);
    await new Promise((r) => setTimeout(r, 5_000));
    await stopAfter();
    await stopHealthAfter();
    say(`after the flood: GET /api/health/live ${describe(idleAfter)}; health ${describe(healthAfter)}, ${healthAfter.versions.at(-1) ?? '-'} versions`);
    say(`data folder: ${(startBytes / 1e6).toFixed(1)} MB -> ${((await folderBytes(data)) / 1e6).toFixed(1)} MB`);
  } finally {
    await stopPortal();
    log.end();
    if (values.keep) say(`kept ${data}`);
    else await rm(data, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
