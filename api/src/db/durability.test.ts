import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { CSRF_HEADER } from '@portal/shared-contracts';
import { lockFileOf } from './folder-lock';
import { pgliteFolderFromTemplate } from './template';
import { freePort } from './testing/pg-cluster';
import { describeEmbeddedOnly } from '../test/embedded-only';
import { loadApiConfig } from '../env';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});


/** The api server as `npm start` runs it (embedded PGlite in DATA_DIR), once it answers. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const env = { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), API_HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' };
  // Node itself with tsx's loader: one process, so SIGKILL reaches the one holding the database.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'ignore', 'pipe'] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the api exited (${child.exitCode}): ${stderr}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/accounts/me`).catch(() => null);
    if (res) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the api did not answer within 90 s: ${stderr}`);
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describeEmbeddedOnly('the embedded database killed right after a write is acknowledged', () => {
  it('keeps the write: the account registered just before SIGKILL signs in after the restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-durability-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // Migrated, as after a first start: what is tested is the write before SIGKILL, not initdb and
    // every migration in the api process (docs/decisions/0062-api-suite-time.md).
    await pgliteFolderFromTemplate(loadApiConfig({ DATA_DIR: dataDir }).pgliteDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const account = { email: 'kept@example.com', password: 'Passw0rd!' };

    const first = await startServer(dataDir, port);
    const registered = await fetch(`${base}/api/accounts/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify({ ...account, userName: 'Kept', role: 'Employer' }),
    });
    expect(registered.status).toBe(201);
    // No graceful shutdown, no flush: the process is gone the moment the answer has arrived.
    await kill9(first);
    // Its lock is left behind, naming a dead process: the next start takes it over.
    expect(fs.existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(true);

    await startServer(dataDir, port);
    const login = await fetch(`${base}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify(account),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ success: true, email: account.email });
  }, 240_000);
});
