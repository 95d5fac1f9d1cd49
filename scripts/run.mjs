#!/usr/bin/env node
// `npm start` and `npm test` on a machine that has only Node 20 and npm: everything else (pnpm,
// the workspace's dependencies, the builds) is fetched or made here. No dependency of its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

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
function pnpm(args, options = {}) {
  pnpmCmd ??= findPnpm();
  const [cmd, ...pre] = pnpmCmd;
  const res = spawnSync(cmd, [...pre, ...args], { cwd: ROOT, stdio: 'inherit', shell: isWindows, ...options });
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
  if (pnpm(['--filter', '@portal/deploy', 'exec', 'tsx', 'src/cli/release.ts', 'ensure', '--promote-new']) !== 0) {
    process.exit(1);
  }
  say('starting the portal');
  // The server is this process's direct child (through tsx, which relays signals), so stopping
  // `npm start` stops the portal too.
  const tsx = path.join(ROOT, 'deploy', 'node_modules', '.bin', isWindows ? 'tsx.cmd' : 'tsx');
  // A newcomer should see a populated portal: demo companies and employees are created on the first
  // start (DEMO_DATA=0 turns that off) and their logins printed once.
  const env = { ...process.env, DEMO_DATA: process.env.DEMO_DATA ?? '1' };
  const child = spawn(tsx, ['src/server.ts'], { cwd: path.join(ROOT, 'deploy'), stdio: 'inherit', shell: isWindows, env });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

// ------------------------------------------------------------------ test
const results = [];

function stage(name, fn) {
  say(`stage: ${name}`);
  const began = Date.now();
  let outcome;
  try {
    outcome = fn();
  } catch (err) {
    console.error(err);
    outcome = false;
  }
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  const status = outcome === 'skipped' ? 'skipped' : outcome ? 'passed' : 'failed';
  results.push({ name, status, seconds });
  say(`${name}: ${status} (${seconds}s)`);
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

function test() {
  install();

  if (existsSync(path.join(ROOT, 'eslint.config.js'))) {
    stage('lint', () => pnpm(['run', 'lint']) === 0);
  }
  if (existsSync(path.join(ROOT, 'tests'))) {
    // Repository-wide rules (e.g. the import direction between packages), plain node:test files.
    stage('repository tests', () => {
      const files = readdirSync(path.join(ROOT, 'tests')).filter((f) => /\.test\.m?js$/.test(f)).map((f) => path.join('tests', f));
      if (files.length === 0) return 'skipped';
      return spawnSync(process.execPath, ['--test', ...files], { cwd: ROOT, stdio: 'inherit' }).status === 0;
    });
  }
  stage('typecheck', () => pnpm(['run', 'typecheck']) === 0);
  stage('unit tests', () =>
    pnpm(['-r', '--if-present', '--filter', '!@portal/api', '--filter', '!@portal/e2e', 'run', 'test']) === 0,
  );
  stage('api tests on PGlite', () => pnpm(['--filter', '@portal/api', 'run', 'test']) === 0);
  stage('api tests on PostgreSQL', () => {
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
    return pnpm(['--filter', '@portal/api', 'run', 'test:pg']) === 0;
  });
  stage('build', () => pnpm(['run', 'build']) === 0);
  // build-config/budgets.json: each remote's container and exposed modules (gzip), and the login
  // page's JavaScript measured in Chromium when it is installed.
  stage('bundle budgets', () => {
    if (results.find((r) => r.name === 'build')?.status !== 'passed') return false;
    const args = ['build-config/src/check-budgets.mjs', ...(existsSync(chromiumPath()) ? ['--login'] : [])];
    return spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' }).status === 0;
  });
  stage('end-to-end tests', () => {
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
    return pnpm(['--filter', '@portal/e2e', 'run', 'test']) === 0;
  });
  // The production topology on loopback (deploy/topology): PostgreSQL, two api instances, nginx from
  // portal.conf and the remotes in an S3 bucket, driven in Chromium; reuses the build stage's output.
  stage('topology', () => {
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
    return pnpm(['--filter', '@portal/e2e', 'run', 'test:topology']) === 0;
  });

  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  console.log('\n[portal] summary');
  for (const r of results) console.log(`  ${r.status.padEnd(7)} ${r.name} (${r.seconds}s)`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const command = process.argv[2];
if (command === 'start') start();
else if (command === 'test') test();
else {
  console.error('usage: node scripts/run.mjs start|test');
  process.exit(2);
}
