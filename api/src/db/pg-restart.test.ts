import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { loadApiConfig } from '../env';
import { errorHandler } from '../plugins/errors';
import { bearer, json, registerEmployer, type Res } from '../test/test-support';
import { createTestApp, type TestApp } from '../test/testing';
import { isDatabaseUnavailable } from './client';
import { findPgBin, startPgCluster, type PgCluster } from './testing/pg-cluster';

/** What Drizzle throws: its own error, the driver's as its cause. */
function failedQuery(code: string): Error {
  return new Error('Failed query: select 1', { cause: Object.assign(new Error('driver'), { code }) });
}

describe('an unreachable database', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'CONNECTION_CLOSED', 'CONNECT_TIMEOUT', '57P01', '57P03', '08006'])('is recognised from %s', (code) => {
    expect(isDatabaseUnavailable(failedQuery(code))).toBe(true);
  });

  it.each(['23505', '22P02', '42P01'])('is not a query fault such as %s', (code) => {
    expect(isDatabaseUnavailable(failedQuery(code))).toBe(false);
    expect(isDatabaseUnavailable(new Error('plain'))).toBe(false);
  });

  it('answers 503 with the message and Retry-After, where any other fault answers 500', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/down', async () => {
      throw failedQuery('ECONNREFUSED');
    });
    app.get('/bug', async () => {
      throw failedQuery('42P01');
    });
    const down = await app.inject({ method: 'GET', url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(json(down)).toEqual({ success: false, message: MESSAGES.common.databaseUnavailable });
    expect(down.headers['retry-after']).toBe('5');
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});

// The PostgreSQL stage (`pnpm test:pg`) only: this file stops and starts a server of its own.
const bin = findPgBin();
const inPgStage = Boolean(loadApiConfig().databaseUrl);

describe.skipIf(!bin || !inPgStage)('PostgreSQL stopped and started under a running api', () => {
  let cluster: PgCluster;
  let t: TestApp;
  beforeAll(async () => {
    cluster = await startPgCluster(bin!);
    t = await createTestApp({ config: { databaseUrl: cluster.url } });
  }, 120_000);
  afterAll(async () => {
    await t?.close().catch(() => {});
    cluster?.destroy();
  });

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(token) });
  const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password: 'Passw0rd!' } });

  function expectUnavailable(res: Res) {
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ success: false, message: MESSAGES.common.databaseUnavailable });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  async function eventually(call: () => Promise<Res>, timeoutMs = 30_000): Promise<Res> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await call();
      if (res.statusCode !== 503 || Date.now() > deadline) return res;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('answers 503 with a message while the server is down, and serves again once it is back', async () => {
    const { token } = await registerEmployer(t.app, 'steady@example.com');
    expect((await me(token)).statusCode).toBe(200);

    cluster.stop();
    // The pool's connections were cut, then new ones are refused: both answer 503, never 500.
    for (let i = 0; i < 3; i++) expectUnavailable(await me(token));
    expectUnavailable(await login('steady@example.com'));
    expectUnavailable(await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'steady@example.com' } }));

    cluster.start();
    const back = await eventually(() => me(token));
    expect(back.statusCode).toBe(200);
    expect(json(back)).toMatchObject({ success: true, user: { email: 'steady@example.com' } });
    expect((await login('steady@example.com')).statusCode).toBe(200);
  }, 120_000);

  it('serves right after a restart between two requests, with no restart of the api', async () => {
    const { token } = await registerEmployer(t.app, 'restart@example.com');
    expect((await me(token)).statusCode).toBe(200);
    cluster.stop();
    cluster.start();
    const first = await me(token);
    // A request may still meet a connection the restart cut: it answers 503, and the next ones 200.
    if (first.statusCode !== 200) expectUnavailable(first);
    expect((await eventually(() => me(token))).statusCode).toBe(200);
    const writes = await registerEmployer(t.app, 'after-restart@example.com');
    expect((await me(writes.token)).statusCode).toBe(200);
  }, 120_000);
});
