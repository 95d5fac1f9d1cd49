#!/usr/bin/env node
// `npm start` and `npm test` on a machine that has only Node 20 and npm: everything else (pnpm,
// the workspace's dependencies, the builds) is fetched or made here. No dependency of its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { busyText, cpuSnapshot } from './machine-busy.mjs';
import { failureDigest, keptOutput } from './stage-output.mjs';
import { atMost, unitSuites } from './unit-suites.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const PNPM_VERSION = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).packageManager.split('@')[1];
const PNPM_MAJOR = PNPM_VERSION.split('.')[0];
const IS_CI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const isWindows = process.platform === 'win32';

function say(line) {
  console.log(`\n[portal] ${line}`);
}

/**
 * The pnpm command: the one on PATH when it is the pinned major; otherwise npm fetches the pinned
 * version once and its folder goes first on PATH, so the `pnpm` calls inside package scripts find
 * it too (no global install needed).
 */
function findPnpm() {
  const onPath = () => spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: isWindows });
  const found = onPath();
  if (found.status === 0 && found.stdout.trim().split('.')[0] === PNPM_MAJOR) return ['pnpm'];
  say(`pnpm ${PNPM_MAJOR} not found on PATH: fetching pnpm@${PNPM_VERSION} with npm`);
  const probe = spawnSync(
    'npm',
    ['exec', '--yes', `--package=pnpm@${PNPM_VERSION}`, '--', 'node', '-e', 'process.stdout.write(process.env.PATH)'],
    { cwd: tmpdir(), encoding: 'utf8', shell: isWindows, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const binDir = (probe.stdout ?? '')
    .split(path.delimiter)
    .find((dir) => existsSync(path.join(dir, isWindows ? 'pnpm.cmd' : 'pnpm')) && dir.includes('_npx'));
  if (binDir) {
    process.env.PATH = `${binDir}${path.delimiter}${process.env.PATH ?? ''}`;
    if (onPath().status === 0) return ['pnpm'];
  }
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

let pnpmCmd;
/** The command and arguments that run pnpm with `args`. */
function pnpmArgv(args) {
  pnpmCmd ??= findPnpm();
  const [cmd, ...pre] = pnpmCmd;
  return [cmd, [...pre, ...args]];
}

function pnpm(args, options = {}) {
  const [cmd, argv] = pnpmArgv(args);
  const res = spawnSync(cmd, argv, { cwd: ROOT, stdio: 'inherit', shell: isWindows, ...options });
  return res.status ?? 1;
}

function install() {
  if (process.env.SKIP_INSTALL === '1') {
    say('SKIP_INSTALL=1: using the installed dependencies as they are');
    return;
  }
  say(IS_CI ? 'installing dependencies (frozen lockfile)' : 'installing dependencies');
  // CI must build exactly the committed lockfile; a local run may refresh it after a dependency change.
  const status = pnpm(['install', ...(IS_CI ? ['--frozen-lockfile'] : [])]);
  if (status !== 0) {
    console.error('[portal] pnpm install failed');
    process.exit(status);
  }
}

function remoteDirs() {
  return readdirSync(ROOT).filter((n) => n.startsWith('mfe-') && existsSync(path.join(ROOT, n, 'package.json')));
}

// ------------------------------------------------------------------ start
function start() {
  install();
  say(`building the shell and the remotes (${remoteDirs().join(', ') || 'none'})`);
  if (pnpm(['build']) !== 0) {
    console.error('[portal] the build failed; nothing was started');
    process.exit(1);
  }
  say('releasing newly built remotes into the local release store');
  // deploy/scripts/launch.mjs: the server and the release CLI as the build stage compiled them
  // (`pnpm build` builds deploy too), or from their sources through tsx when they changed since.
  const launch = path.join(ROOT, 'deploy', 'scripts', 'launch.mjs');
  if (spawnSync(process.execPath, [launch, 'release', 'ensure', '--promote-new'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
    process.exit(1);
  }
  say('starting the portal');
  // The server is this process's direct child, so stopping `npm start` stops the portal too.
  // A newcomer should see a populated portal: demo companies and employees are created on the first
  // start (DEMO_DATA=0 turns that off) and their logins printed once.
  const env = { ...process.env, DEMO_DATA: process.env.DEMO_DATA ?? '1' };
  const child = spawn(process.execPath, [launch, 'server'], { cwd: path.join(ROOT, 'deploy'), stdio: 'inherit', env });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

// ------------------------------------------------------------------ test
const results = [];
// TEST_SERIAL=1: every stage alone, its output live, as before the stages ran side by side.
const SERIAL = process.env.TEST_SERIAL === '1';

/**
 * Runs a command of a stage and answers its exit status. Alone, its output goes straight to the
 * terminal; beside other stages, it is held in `held` and printed whole when the stage ends, so the
 * logs of stages running at the same time never interleave. Either way its last part is kept in
 * `kept`, from which the summary names what failed. With `prefix`, each line of its output starts
 * with it (commands of one stage running at once, as `pnpm -r` marks its packages' lines).
 */
function exec(cmd, argv, held, kept, { cwd = ROOT, prefix = '' } = {}) {
  return new Promise((resolve) => {
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : process.env;
    const child = spawn(cmd, argv, { cwd, shell: isWindows, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const write = (out, chunk) => {
      if (held) held.push(chunk);
      else out.write(chunk);
      kept.add(chunk);
    };
    // With a prefix, whole lines only: a line's start (or a character's first bytes: a chunk may end
    // inside the ✓ of a report) is held until its end arrives.
    const partial = new Map();
    const take = (out) => (chunk) => {
      if (!prefix) return write(out, chunk);
      const line = partial.get(out) ?? { decoder: new StringDecoder('utf8'), rest: '' };
      partial.set(out, line);
      const lines = (line.rest + line.decoder.write(chunk)).split('\n');
      line.rest = lines.pop();
      if (lines.length) write(out, Buffer.from(lines.map((l) => `${prefix}${l}\n`).join('')));
    };
    const flush = () => {
      for (const [out, { decoder, rest }] of partial) {
        const last = rest + decoder.end();
        if (last) write(out, Buffer.from(`${prefix}${last}\n`));
      }
      partial.clear();
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('error', (err) => {
      if (held) held.push(Buffer.from(`${String(err)}\n`));
      else console.error(err);
      resolve(1);
    });
    child.on('close', (code) => {
      flush();
      resolve(code ?? 1);
    });
  });
}

/**
 * One stage: `fn` gets `run.pnpm(args)` and `run.node(args)` (each answers an exit status) and
 * answers true, false or 'skipped'. Its row in the summary keeps its place in the list, whenever
 * it ends.
 */
async function stage(name, fn, { beside = false } = {}) {
  const held = beside && !SERIAL ? [] : null;
  const kept = keptOutput();
  const row = { name, status: 'running', seconds: '0.0', output: kept };
  results.push(row);
  say(`stage: ${name}${held ? ' (its log follows when it ends)' : ''}`);
  const began = Date.now();
  const cpuBefore = cpuSnapshot();
  const run = {
    pnpm: (args, options) => exec(...pnpmArgv(args), held, kept, options),
    node: (args, options) => exec(process.execPath, args, held, kept, options),
  };
  let outcome;
  try {
    outcome = await fn(run);
  } catch (err) {
    const text = Buffer.from(`${err?.stack ?? String(err)}\n`);
    (held ?? []).push(text);
    kept.add(text);
    if (!held) console.error(err);
    outcome = false;
  }
  row.seconds = ((Date.now() - began) / 1000).toFixed(1);
  // The whole machine's, during the stage: stages side by side share one figure's cores.
  row.busy = busyText(cpuBefore, cpuSnapshot());
  row.status = outcome === 'skipped' ? 'skipped' : outcome ? 'passed' : 'failed';
  if (held) {
    say(`---- log of ${name}`);
    process.stdout.write(Buffer.concat(held));
    say(`---- end of the log of ${name}`);
  }
  say(`${name}: ${row.status} (${row.seconds}s${row.busy ? `, machine ${row.busy}` : ''})`);
}

/**
 * Runs groups of stages side by side (each group's stages one after the other), for stages that
 * do not compete for the same resource; with TEST_SERIAL=1, one group after the other.
 */
async function sideBySide(...groups) {
  const began = Date.now();
  const cpuBefore = cpuSnapshot();
  if (SERIAL) for (const group of groups) await group({ beside: false });
  else await Promise.all(groups.map((group) => group({ beside: true })));
  const busy = busyText(cpuBefore, cpuSnapshot());
  say(`side by side: ${((Date.now() - began) / 1000).toFixed(1)}s${busy ? `, machine ${busy}` : ''}`);
}

function hasPostgres() {
  if (process.env.DATABASE_URL) return true;
  const which = spawnSync('sh', ['-c', 'command -v initdb || command -v pg_ctl'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return true;
  try {
    return readdirSync('/usr/lib/postgresql').some((v) => existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'initdb')));
  } catch {
    return false;
  }
}

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

/** The server binaries themselves (the topology starts its own cluster; a DATABASE_URL is not enough). */
function hasPostgresBinaries() {
  try {
    return readdirSync('/usr/lib/postgresql').some((v) => existsSync(path.join('/usr/lib/postgresql', v, 'bin', 'initdb')));
  } catch {
    return false;
  }
}

function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/**
 * Unit suites run at once (UNIT_SUITES_AT_ONCE): one a core. On a 2-core machine three took as long
 * as two (184 s against 188) for 5% more processor time, four longer (202 s, 17% more): past a
 * suite a core they only take cores from each other (docs/decisions/0089).
 */
const UNIT_SUITES_AT_ONCE = Math.max(1, Number(process.env.UNIT_SUITES_AT_ONCE ?? availableParallelism()) || 1);

async function test() {
  const runBegan = Date.now();
  const runCpu = cpuSnapshot();
  install();

  // Lint and the repository rules beside the typecheck: each is one process on one core.
  await sideBySide(
    async (o) => {
      if (existsSync(path.join(ROOT, 'eslint.config.js'))) {
        await stage('lint', async (run) => (await run.pnpm(['run', 'lint'])) === 0, o);
      }
      if (existsSync(path.join(ROOT, 'tests'))) {
        // Repository-wide rules (e.g. the import direction between packages), plain node:test files.
        await stage('repository tests', async (run) => {
          const files = readdirSync(path.join(ROOT, 'tests')).filter((f) => /\.test\.m?js$/.test(f)).map((f) => path.join('tests', f));
          if (files.length === 0) return 'skipped';
          return (await run.node(['--test', ...files])) === 0;
        }, o);
      }
    },
    (o) => stage('typecheck', async (run) => (await run.pnpm(['run', 'typecheck'])) === 0, o),
  );
  // Every package's unit suite but the api's (its own stage) and e2e's: this stage has the machine
  // to itself. A suite a core at once, the longest first, every suite run even when one fails.
  await stage('unit tests', async (run) => {
    const failed = [];
    await atMost(UNIT_SUITES_AT_ONCE, unitSuites(ROOT), async (dir) => {
      if ((await run.pnpm(['run', 'test'], { cwd: path.join(ROOT, dir), prefix: `${dir} test: ` })) !== 0) failed.push(dir);
    });
    if (failed.length) console.error(`[portal] unit suites that failed: ${failed.join(', ')}`);
    return failed.length === 0;
  });
  // The api suite on PGlite computes (its database runs in the test process); on PostgreSQL it
  // mostly waits on the server; the build is short. Side by side they take about the time of the
  // longest, the PGlite one: on 2 cores vitest's default is one worker, which leaves a core idle
  // once the other two end, so it runs two (each file still on a database of its own;
  // docs/decisions/0062-api-suite-time.md). API_PGLITE_WORKERS sets another number.
  const pgliteWorkers = process.env.API_PGLITE_WORKERS ?? '2';
  await sideBySide(
    (o) =>
      stage('api tests on PGlite', async (run) =>
        (await run.pnpm(['--filter', '@portal/api', 'run', 'test', `--maxWorkers=${pgliteWorkers}`])) === 0, o),
    (o) => stage('api tests on PostgreSQL', async (run) => {
      if (!hasPostgres()) {
        console.error(
          '[portal] PostgreSQL server binaries (initdb, pg_ctl) are missing, so the api suite cannot run on PostgreSQL.\n' +
            '         Install them with: apt-get install -y postgresql   (or set DATABASE_URL to a server you own)',
        );
        if (process.env.SKIP_PG === '1') {
          console.error('[portal] SKIP_PG=1: skipping the PostgreSQL stage');
          return 'skipped';
        }
        return false;
      }
      return (await run.pnpm(['--filter', '@portal/api', 'run', 'test:pg'])) === 0;
    }, o),
    async (o) => {
      await stage('build', async (run) => (await run.pnpm(['run', 'build'])) === 0, o);
      // build-config/budgets.json: each remote's container and exposed modules (gzip), and, measured
      // in Chromium when it is installed, the login page's JavaScript and every page's JavaScript and
      // CSS as its visitor's first visit loads them (the route tour's pages; decision 0087).
      await stage('bundle budgets', async (run) => {
        if (results.find((r) => r.name === 'build')?.status !== 'passed') return false;
        return (await run.node(['build-config/src/check-budgets.mjs', ...(existsSync(chromiumPath()) ? ['--login', '--pages'] : [])])) === 0;
      }, o);
    },
  );
  await stage('end-to-end tests', async (run) => {
    if (!existsSync(chromiumPath())) {
      console.error(
        `[portal] Chromium is missing at ${chromiumPath()}, so the end-to-end journeys cannot run.\n` +
          '         Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)',
      );
      if (process.env.SKIP_E2E === '1') {
        console.error('[portal] SKIP_E2E=1: skipping the end-to-end stage');
        return 'skipped';
      }
      return false;
    }
    if (results.find((r) => r.name === 'build')?.status !== 'passed') {
      console.error('[portal] the build failed, so there is no portal to drive');
      return false;
    }
    // The stage keeps the machine to itself: two workers (each its own portal, docs/decisions/0059
    // and 0063) fill both cores while the journeys wait on what a user waits for; E2E_WORKERS=1
    // runs one.
    return (await run.pnpm(['--filter', '@portal/e2e', 'run', 'test'])) === 0;
  });
  // The production topology on loopback (deploy/topology): PostgreSQL, two api instances, nginx from
  // portal.conf and the remotes in an S3 bucket, driven in Chromium; reuses the build stage's output.
  await stage('topology', async (run) => {
    const missing = [];
    if (!existsSync(NGINX)) missing.push(`nginx at ${NGINX} (apt-get install -y nginx)`);
    if (!hasPostgresBinaries()) missing.push('PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)');
    if (!existsSync(chromiumPath())) missing.push(`Chromium at ${chromiumPath()} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    if (missing.length > 0) {
      console.error(`[portal] the topology journeys cannot run; missing:\n${missing.map((m) => `         - ${m}`).join('\n')}`);
      if (process.env.SKIP_TOPOLOGY === '1') {
        console.error('[portal] SKIP_TOPOLOGY=1: skipping the topology stage');
        return 'skipped';
      }
      return false;
    }
    if (results.find((r) => r.name === 'build')?.status !== 'passed') {
      console.error('[portal] the build failed, so there is no portal to put behind nginx');
      return false;
    }
    return (await run.pnpm(['--filter', '@portal/e2e', 'run', 'test:topology'])) === 0;
  });

  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  for (const r of results.filter((x) => x.status === 'failed')) {
    const digest = failureDigest(r.output.text());
    console.log(`\n[portal] what failed in ${r.name}${digest.length ? '' : ': no failure line found; see its log above'}`);
    for (const line of digest) console.log(`  ${line}`);
  }
  // Each stage's share of the machine's cores while it ran (the whole machine's: stages run side by
  // side share it, and so does anything else running): below the core count, a core sat idle.
  const runBusy = busyText(runCpu, cpuSnapshot());
  console.log(`\n[portal] summary${runBusy ? ' (machine: the whole machine\'s processors while the stage ran)' : ''}`);
  for (const r of results) console.log(`  ${r.status.padEnd(7)} ${r.name} (${r.seconds}s${r.busy ? `, machine ${r.busy}` : ''})`);
  console.log(`${passed} passed, ${failed} failed, in ${((Date.now() - runBegan) / 1000).toFixed(0)}s${runBusy ? `, machine ${runBusy}` : ''}`);
  process.exit(failed > 0 ? 1 : 0);
}

const command = process.argv[2];
if (command === 'start') start();
else if (command === 'test') await test();
else {
  console.error('usage: node scripts/run.mjs start|test');
  process.exit(2);
}
