import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './client';
import { acquireFolderLock, DataFolderLockedError, lockFileOf } from './folder-lock';
import { pgliteFolderFromTemplate } from './template';
import { describeEmbeddedOnly } from '../test/embedded-only';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Node itself with tsx's loader: one process, so its PID is the one a lock names and SIGKILL reaches.
const NODE_TSX = [process.execPath, '--import', 'tsx'] as const;
const HOLDER = path.join(API_DIR, 'src', 'db', 'testing', 'hold-database.ts');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A process holding `folder` once it has written `value` and said so. */
async function startHolder(folder: string, value: string): Promise<ChildProcess> {
  const child = spawn(NODE_TSX[0], [...NODE_TSX.slice(1), HOLDER, folder, value], { cwd: API_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('acknowledged')) resolve();
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited (${code}) before its write: ${out}`)));
  });
  return child;
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** The api server itself, started on the data folder; it must not get as far as listening. */
function startApiServer(dataDir: string) {
  const env = { ...process.env, DATA_DIR: dataDir, API_PORT: '1', LOG_LEVEL: 'silent', DATABASE_URL: '' };
  return spawnSync(NODE_TSX[0], [...NODE_TSX.slice(1), 'src/server.ts'], { cwd: API_DIR, env, encoding: 'utf8', timeout: 60_000 });
}

describeEmbeddedOnly('the embedded database folder lock', () => {
  it('refuses a second process on a folder in use, naming the folder and the process that holds it', async () => {
    const dataDir = tempDataDir();
    const folder = path.join(dataDir, 'db');
    // A database that exists, as the api's after its first start: what is tested is the lock, not
    // initdb in the holder (docs/decisions/0062-api-suite-time.md).
    await pgliteFolderFromTemplate(folder);
    const holder = await startHolder(folder, 'first');

    const second = startApiServer(dataDir);
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`The database folder ${folder} is in use by another process (PID ${holder.pid})`);
    expect(second.stderr).not.toMatch(/^\s+at /m);

    // The holder's write is intact and the folder is still its own.
    await kill9(holder);
    const database = await openDatabase({ pgliteDir: folder });
    try {
      const rows = (await database.db.execute(sql`select value from acknowledged_writes`)) as unknown as { rows: { value: string }[] };
      expect(rows.rows.map((r) => r.value)).toEqual(['first']);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('takes over a lock naming a PID that now belongs to another program', () => {
    const folder = path.join(tempDataDir(), 'db');
    // PID 1 is alive, but it was not started when the lock says its owner was.
    fs.writeFileSync(lockFileOf(folder), JSON.stringify({ pid: 1, started: 'a-previous-boot' }));
    const lock = acquireFolderLock(folder);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
  });

  it('takes over a lock file that names no process (left half-written by an older version)', () => {
    const folder = path.join(tempDataDir(), 'db');
    fs.writeFileSync(lockFileOf(folder), '');
    acquireFolderLock(folder).release();
  });

  it('refuses a second opening of the same folder within one process, and allows it once released', () => {
    const folder = path.join(tempDataDir(), 'db');
    const first = acquireFolderLock(folder);
    expect(() => acquireFolderLock(folder)).toThrow(new DataFolderLockedError(folder, process.pid));
    first.release();
    acquireFolderLock(folder).release();
  });
});
