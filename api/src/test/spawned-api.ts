import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteFolderFromTemplate } from '../db/template';
import { freePort } from '../db/testing/pg-cluster';
import { loadApiConfig } from '../env';

/**
 * The api as `npm start` runs it, in a process of its own, for the tests whose subject is a running
 * process (a restart, SIGKILL, SIGTERM): durability, the mail after a restart, the graceful shutdown.
 */

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What a test registers to be undone after it, last first (the files' `afterEach` runs them). */
export type Cleanups = (() => unknown)[];

/**
 * A DATA_DIR of its own, removed after the test, whose database is migrated as after a first start:
 * what these tests are about is not initdb and every migration in the api process
 * (docs/decisions/0062-api-suite-time.md).
 */
export async function migratedDataDir(prefix: string, cleanups: Cleanups): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${prefix}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  await pgliteFolderFromTemplate(loadApiConfig({ DATA_DIR: dataDir }).pgliteDir);
  return dataDir;
}

export interface SpawnedApiOptions {
  dataDir: string;
  /** The port to listen on (the same one again for a restart); a free one when left out. */
  port?: number;
  /** Added to (and over) the environment below. */
  env?: Record<string, string>;
  cleanups: Cleanups;
}

export interface SpawnedApi {
  child: ChildProcess;
  base: string;
  port: number;
  /** Every line the process wrote on stdout (its structured log). */
  lines: string[];
  /** What it wrote on stderr so far. */
  stderr: () => string;
  /** Its exit code once it has exited (null after a signal). */
  exited: Promise<number | null>;
  /** SIGKILL, and its exit waited for. */
  kill9: () => Promise<void>;
}

/** How long a start may take until ready: tsx and PGlite load under the whole suite's load. */
const START_LIMIT_MS = 90_000;
const POLL_MS = 100;

/**
 * The api (`node --import tsx src/server.ts`, embedded PGlite in `dataDir`) once
 * `GET /api/health/ready` answers 200: listening, its database answering and migrated, and its
 * overload guard letting requests through. Merely answering is not enough: a process that has just
 * started has a busy event loop, and its guard may turn the first write away with a 503.
 * It is killed after the test (SIGKILL) unless it has exited.
 */
export async function spawnedApi(o: SpawnedApiOptions): Promise<SpawnedApi> {
  const port = o.port ?? (await freePort());
  const env = {
    ...process.env,
    DATA_DIR: o.dataDir,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    COOKIE_SECURE: 'false',
    ...o.env,
  };
  // Node itself with tsx's loader: one process, so a signal reaches the api and nothing in between.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  o.cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const lines: string[] = [];
  let partial = '';
  child.stdout!.on('data', (d: Buffer) => {
    const parts = (partial + d.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const kill9 = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + START_LIMIT_MS; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`the api exited (${child.exitCode}): ${stderr}`);
    const res = await fetch(`${base}/api/health/ready`).catch(() => null);
    await res?.arrayBuffer().catch(() => undefined);
    if (res?.status === 200) return { child, base, port, lines, stderr: () => stderr, exited, kill9 };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`the api was not ready within ${START_LIMIT_MS / 1000} s: ${stderr}`);
}
