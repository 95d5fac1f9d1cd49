import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/**
 * A throwaway PostgreSQL cluster for benchmarks, from the machine's binaries the way
 * `scripts/test-pg.mjs` starts one: a temporary folder, a free port, removed on stop (and on exit).
 */

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const v = fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return v.length ? path.join(root, v[0]!, 'bin') : null;
}
function pgRun(bin: string, tool: string, args: string[], allowFail = false) {
  const exe = path.join(bin, tool);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const r = spawnSync(cmd, argv as string[], { encoding: 'utf8' });
  if (r.status !== 0 && !allowFail) throw new Error(`${tool} failed: ${r.stdout}${r.stderr}`);
  return r;
}
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
/**
 * `statements`: preload pg_stat_statements (nested statements too: a trigger's show on their own) and
 * count the calls of PL/pgSQL functions (`track_functions`), a trigger's firings among them.
 */
export async function startPostgres(opts: { statements?: boolean } = {}): Promise<{ url: string; stop: () => void; version: string }> {
  const bin = pgBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install -y postgresql), or set DATABASE_URL');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  pgRun(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  // Default durability settings except fsync (a throwaway cluster on a shared disk); shared_buffers large enough for the table.
  const statements = opts.statements ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all -c track_functions=pl' : '';
  const serverOpts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=256MB${statements}`;
  pgRun(bin, 'pg_ctl', ['-D', data, '-o', serverOpts, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = () => {
    pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'], true);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const version = pgRun(bin, 'postgres', ['--version']).stdout.trim();
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, version };
}

/**
 * Runs `fn` on a database of its own, dropped afterwards, on the server at `url` (DATABASE_URL) or,
 * when there is none, on a throwaway cluster started for it and stopped after.
 */
export async function withBenchDatabase<T>(
  prefix: string,
  url: string | undefined,
  fn: (databaseUrl: string) => Promise<T>,
  opts: { statements?: boolean } = {},
): Promise<T> {
  let serverUrl = url;
  let stop: (() => void) | undefined;
  if (!serverUrl) {
    const pg = await startPostgres(opts);
    console.log(`${pg.version}, throwaway cluster`);
    serverUrl = pg.url;
    stop = pg.stop;
  }
  const name = `${prefix}_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  try {
    return await fn(u.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    stop?.();
  }
}
