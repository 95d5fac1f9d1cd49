import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster of the machine's binaries, for tests that stop and start their
 * server (a restart would break every other test file sharing the stage's server). As root,
 * PostgreSQL refuses to run, so its tools run as the postgres user, as in `scripts/test-pg.mjs`.
 */
export interface PgCluster {
  url: string;
  stop(): void;
  start(): void;
  /** Stops the server and removes its files. */
  destroy(): void;
}

export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')) && fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

/** A port nothing listens on now, on loopback (the test servers' and their poolers'). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs one of PostgreSQL's tools; as root, as the postgres user (PostgreSQL refuses to run as root). */
export function pgRun(bin: string, tool: string, args: string[], allowFail = false) {
  const exe = path.join(bin, tool);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', exe, ...args]] : [exe, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0 && !allowFail) throw new Error(`${tool} failed (${r.status}):\n${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`);
  return r;
}

export async function startPgCluster(bin: string): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-fault-'));
  const data = path.join(dir, 'data');
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  pgRun(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  let running = false;
  const start = () => {
    pgRun(bin, 'pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    running = true;
  };
  const stop = () => {
    pgRun(bin, 'pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'], !running);
    running = false;
  };
  start();
  pgRun(bin, 'createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'portal_fault']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/portal_fault`,
    start,
    stop,
    destroy() {
      if (running) stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
