import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';

/**
 * A throwaway PgBouncer in transaction pooling mode in front of a PostgreSQL server, for tests and
 * benchmarks: Debian's binary, a config written to a temporary folder, loopback on a free port,
 * every database of the server reachable under its own name. As root, PgBouncer refuses to run,
 * so it is told to switch to the postgres user (`-u`), as the PostgreSQL tools are run elsewhere.
 */
export interface Pgbouncer {
  port: number;
  /** Server connections PgBouncer opens per database and user: more clients than this wait their turn. */
  poolSize: number;
  /** `url` (a URL of the server behind it) as reached through PgBouncer. */
  through(url: string): string;
  /** Stops PgBouncer and removes its folder. */
  stop(): Promise<void>;
}

export const PGBOUNCER_BIN = '/usr/sbin/pgbouncer';

/** PgBouncer's binary, or null when it is not installed (`apt-get install -y pgbouncer`). */
export function findPgbouncer(): string | null {
  for (const candidate of [PGBOUNCER_BIN, '/usr/bin/pgbouncer']) if (fs.existsSync(candidate)) return candidate;
  const which = spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}


function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A value for pgbouncer.ini's auth_file: `"user" "password"` with quotes doubled. */
const quoted = (s: string) => `"${s.replace(/"/g, '""')}"`;

export interface StartPgbouncerOptions {
  /** default_pool_size: server connections per database and user (default 4). */
  poolSize?: number;
  maxClientConnections?: number;
}

/**
 * Starts PgBouncer in front of the server of `serverUrl` (its host, port, user and password; the
 * database part is ignored: every database is passed through). A server without a password (the
 * tests' trust cluster) is reached with `auth_type = trust`, one with a password with SCRAM.
 */
export async function startPgbouncer(serverUrl: string, options: StartPgbouncerOptions = {}): Promise<Pgbouncer> {
  const bin = findPgbouncer();
  if (!bin) throw new Error('pgbouncer is not installed (apt-get install -y pgbouncer)');
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const password = decodeURIComponent(server.password);
  const poolSize = options.poolSize ?? 4;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pgbouncer-'));
  const log = path.join(dir, 'pgbouncer.log');
  fs.writeFileSync(path.join(dir, 'users.txt'), `${quoted(user)} ${quoted(password)}\n`, { mode: 0o600 });
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname.replace(/^\[|\]$/g, '')} port=${server.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      `auth_type = ${password ? 'scram-sha-256' : 'trust'}`,
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      `max_client_conn = ${options.maxClientConnections ?? 500}`,
      // The drivers' start-up parameters PgBouncer does not track itself.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${log}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const child: ChildProcess = spawn(bin, [...(isRoot ? ['-u', 'postgres'] : []), path.join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  const gone = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });

  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      const logged = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
      remove();
      throw new Error(`pgbouncer did not start on 127.0.0.1:${port}:\n${stderr}${logged}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    poolSize,
    through(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await gone;
        clearTimeout(timer);
      }
      remove();
    },
  };
}
