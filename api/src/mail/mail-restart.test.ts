import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { CSRF_HEADER } from '@portal/shared-contracts';
import { startSmtpTestServer } from './smtp-test-server';
import { pgliteFolderFromTemplate } from '../db/template';
import { loadApiConfig } from '../env';
import { describeEmbeddedOnly } from '../test/embedded-only';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    });
  });
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  const port = await listen(srv);
  await new Promise((r) => srv.close(r));
  return port;
}

/** The api as `npm start` runs it (embedded PGlite in DATA_DIR), once it answers. */
async function startApi(dataDir: string, port: number, smtpUrl: string): Promise<ChildProcess> {
  const env = { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), API_HOST: '127.0.0.1', DATABASE_URL: '', SMTP_URL: smtpUrl, LOG_LEVEL: 'warn' };
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
    if (await fetch(`http://127.0.0.1:${port}/api/accounts/me`).catch(() => null)) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the api did not answer within 90 s: ${stderr}`);
}

const post = (base: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' }, body: JSON.stringify(body) });

describeEmbeddedOnly('the api killed between the commit of a password reset and the delivery of its mail', () => {
  it('sends the mail after the restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mail-restart-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // Migrated, as after a first start: what is tested is the mail kept through SIGKILL, not initdb
    // and every migration in the api process (docs/decisions/0062-api-suite-time.md).
    await pgliteFolderFromTemplate(loadApiConfig({ DATA_DIR: dataDir }).pgliteDir);
    // An SMTP server that takes the connection and never answers: the first api is mid-delivery.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    const silentPort = await listen(silent);
    cleanups.push(() => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => silent.close(r));
    });
    const smtp = await startSmtpTestServer();
    cleanups.push(() => smtp.stop());
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    const first = await startApi(dataDir, port, `smtp://127.0.0.1:${silentPort}`);
    expect((await post(base, '/api/accounts/register', { email: 'lost@example.com', password: 'Passw0rd!', userName: 'Lou Lost', role: 'Employer' })).status).toBe(201);
    expect((await post(base, '/api/accounts/forgot-password', { email: 'lost@example.com' })).status).toBe(200);
    for (const deadline = Date.now() + 20_000; sockets.length === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    expect(sockets.length).toBeGreaterThan(0);
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    expect(smtp.received).toHaveLength(0);

    await startApi(dataDir, port, smtp.url);
    const mail = await smtp.waitFor((m) => m.to.includes('lost@example.com'), 30_000);
    expect(mail.subject).toBe('Reset your Commute Portal password');
    expect(mail.text).toMatch(/\/#\/reset-password\?email=lost%40example\.com&token=[A-Za-z0-9_-]{43}/);
  }, 240_000);
});
