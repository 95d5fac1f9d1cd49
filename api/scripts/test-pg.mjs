#!/usr/bin/env node
/**
 * Runs the api test suite against a real PostgreSQL server.
 * With DATABASE_URL set, that server is used (each test file creates and drops its own database).
 * Without it, a throwaway cluster is created in a temporary folder with the machine's PostgreSQL
 * binaries, started on a free port, used, then stopped and removed, whatever the outcome.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestBin = path.join(apiDir, 'node_modules', 'vitest', 'vitest.mjs');
const extraArgs = process.argv.slice(2);

function runVitest(databaseUrl) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitestBin, 'run', ...extraArgs], {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function findPgBin() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')) && fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** As root, PostgreSQL refuses to run: its tools run as the postgres user. */
function pgRun(bin, tool, args, { allowFail = false } = {}) {
  const exe = path.join(bin, tool);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0 && !allowFail) {
    throw new Error(`${tool} failed (${r.status}):\n${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`);
  }
  return r;
}

async function main() {
  if (process.env.DATABASE_URL) {
    console.log('test:pg: using DATABASE_URL');
    return runVitest(process.env.DATABASE_URL);
  }
  const bin = findPgBin();
  if (!bin) {
    console.error('test:pg: PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin.');
    console.error('Install them with: apt-get install -y postgresql   (or set DATABASE_URL to a server)');
    return 1;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  let started = false;
  const cleanup = () => {
    if (started) {
      pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], { allowFail: true });
      started = false;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (sig) => {
    cleanup();
    process.exit(sig === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
    pgRun(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const port = await freePort();
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    pgRun(bin, 'pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    started = true;
    pgRun(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'portal_test']);
    const version = pgRun(bin, 'postgres', ['--version']).stdout.trim();
    console.log(`test:pg: ${version} on 127.0.0.1:${port} (cluster in ${dir})`);
    return await runVitest(`postgres://postgres@127.0.0.1:${port}/portal_test`);
  } catch (err) {
    console.error(String(err instanceof Error ? err.message : err));
    const log = path.join(dir, 'server.log');
    if (fs.existsSync(log)) console.error(fs.readFileSync(log, 'utf8').slice(-4000));
    return 1;
  } finally {
    cleanup();
  }
}

process.exitCode = await main();
