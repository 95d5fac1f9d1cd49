import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { describeEmbeddedOnly } from './test/embedded-only';
import { migratedDataDir, spawnedApi, type SpawnedApi } from './test/spawned-api';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Whether a new TCP connection to the port is accepted now. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * The api as `npm start` runs it (embedded PGlite in a DATA_DIR of its own), once ready, with its
 * structured log (LOG_LEVEL info) kept. The folder is migrated, as after a first start: what is
 * tested is the shutdown, not initdb and every migration in the api process.
 */
async function startApi(extraEnv: Record<string, string>): Promise<SpawnedApi> {
  const dataDir = await migratedDataDir('shutdown', cleanups);
  return spawnedApi({ dataDir, env: { LOG_LEVEL: 'info', ...extraEnv }, cleanups });
}

async function until(what: string, check: () => boolean, ms = 30_000) {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** An employer with a company, as after setup step 1: the caller of a CSV import. */
async function employerWithCompany(base: string): Promise<string> {
  const reg = await fetch(`${base}/api/accounts/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'erin@acme.test', password: 'Passw0rd!', userName: 'Erin Employer', role: 'Employer' }),
  });
  expect(reg.status).toBe(201);
  const { token } = (await reg.json()) as { token: string };
  const company = await fetch(`${base}/api/employers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Acme Ltd', email: 'hello@acme.test', phoneNumber: '07911 123456', countryCode: 'GB' }),
  });
  expect(company.status, await company.clone().text()).toBe(201);
  return token;
}

const ROWS = 20_000;

function csvOf(n: number): string {
  const lines = ['firstName,lastName,email,employeeNumber'];
  for (let i = 1; i <= n; i++) lines.push(`First${i},Last${i},emp${i}@acme.test,EMP-${i}`);
  return lines.join('\n') + '\n';
}

/** A CSV import sent in two halves, so it is surely in flight when the test wants it to be. */
function importInTwoHalves(api: SpawnedApi, token: string, csv: string) {
  const boundary = '----portal-shutdown-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="employees.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const req = http.request(`${api.base}/api/employees/csv-import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  });
  const half = Math.floor(body.length / 2);
  req.write(body.subarray(0, half));
  const answer = new Promise<{ status: number; body: unknown; at: number }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown, at: Date.now() }));
    });
  });
  return { answer, finish: () => req.end(body.subarray(half)) };
}

/** A connection with a request begun (its headers not finished), so the server counts it as busy. */
async function begunRequest(api: SpawnedApi, path: string) {
  const socket = net.connect(api.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
  let text = '';
  socket.on('data', (d: Buffer) => (text += d.toString()));
  const ended = new Promise((r) => socket.once('close', r));
  return {
    async finish() {
      socket.write('Connection: close\r\n\r\n');
      await ended;
      const [head = '', body = ''] = text.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), body: JSON.parse(body) as unknown };
    },
  };
}

describeEmbeddedOnly('graceful shutdown of the api process', () => {
  it('on SIGTERM: ready answers 503 at once, new connections are refused, a CSV import in flight answers in full, the process exits 0', async () => {
    const api = await startApi({ SHUTDOWN_TIMEOUT_MS: '150000' });
    const token = await employerWithCompany(api.base);
    expect((await fetch(`${api.base}/api/health/ready`)).status).toBe(200);

    const probe = await begunRequest(api, '/api/health/ready');
    const upload = importInTwoHalves(api, token, csvOf(ROWS));
    // The import has reached the api (it logs the request on arrival) and waits for the rest of its file.
    await until('the import to arrive', () => api.lines.some((l) => l.includes('"url":"/api/employees/csv-import"')));

    const signalled = Date.now();
    api.child.kill('SIGTERM');
    await until('the shutdown to begin', () => api.lines.some((l) => l.includes('shutdown: readiness fails')), 10_000);
    // New connections are refused at once ...
    let refused = false;
    for (const deadline = Date.now() + 5_000; !refused && Date.now() < deadline; ) {
      refused = !(await accepts(api.port));
      if (!refused) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refused).toBe(true);
    // ... readiness, asked over a connection already open, says the instance is going away ...
    expect(await probe.finish()).toEqual({ status: 503, body: { success: false, message: MESSAGES.health.shuttingDown } });
    // ... and the import in flight completes: the rest of its file arrives, all 20 000 rows are taken in.
    upload.finish();
    const done = await upload.answer;
    expect(done).toMatchObject({ status: 201, body: { success: true, message: MESSAGES.employees.csvSuccess, count: ROWS } });

    const code = await api.exited;
    const exitedAt = Date.now();
    expect(code, api.lines.filter((l) => l.includes('shutdown')).join('\n')).toBe(0);
    const finished = api.lines.map((l) => JSON.parse(l) as { msg?: string; ms?: number }).find((l) => l.msg === 'shutdown: done');
    expect(finished?.ms).toBeGreaterThan(0);
    // The figure for the operations page: SIGTERM to exit with an import of 20 000 rows in flight.
    console.log(
      `shutdown with a ${ROWS}-row CSV import in flight: import answered ${done.at - signalled} ms after SIGTERM, ` +
        `shutdown done in ${finished!.ms} ms, process gone ${exitedAt - signalled} ms after SIGTERM`,
    );
  }, 240_000);

  it('refuses a SHUTDOWN_TIMEOUT_MS that is not a number of milliseconds, naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, SHUTDOWN_TIMEOUT_MS: '20s', DATA_DIR: path.join(os.tmpdir(), 'portal-never-opened') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(stderr).toContain('SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds');
  }, 60_000);
});
