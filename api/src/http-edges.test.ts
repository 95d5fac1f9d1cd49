import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { createApp } from './app';
import { API_VERSION } from './lib/api-version';
import { HTTP_TIMEOUTS, httpServerOptions } from './lib/http-server';
import { createTestApp, type TestApp } from './test/testing';
import { rawExchange, type RawAnswer } from './test/raw-exchange';

/**
 * What a caller gets at the edges of HTTP, over a real socket (docs/api.md, "Errors" and "Time
 * limits"): a method a path does not take, one the server does not know, a tunnel, and a request
 * whose headers or body trickle in. Every one answers the api's error shape with its version.
 * The limits are shortened here (the same code, other figures); the real figures are checked on the
 * servers the api and the portal server build.
 */

const LIMITS = { headersMs: 600, requestMs: 1_500, checkEveryMs: 100 };
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ server: httpServerOptions(LIMITS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends `head`, then `drip` a character every `everyMs`, to the api under test. */
const exchange = (head: string, drip = '', everyMs = 200) => rawExchange(port, head, { drip, everyMs });

const request = (method: string, path: string, extra = '') => `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}Connection: close\r\n\r\n`;

function expectShape(a: RawAnswer, status: number, message: string) {
  expect(a.status, JSON.stringify(a)).toBe(status);
  expect(a.body).toEqual({ success: false, message });
  expect(a.headers['api-version']).toBe(API_VERSION);
  expect(a.headers['content-type']).toMatch(/^application\/json/);
}

describe('methods', () => {
  it('TRACE, PATCH, OPTIONS and the rarer ones on a path of the api: 405 naming the methods it takes', async () => {
    for (const [method, path, allow] of [
      ['TRACE', '/api/accounts/me', 'GET, HEAD'],
      ['TRACE', '/api/accounts/login', 'POST'],
      ['PATCH', '/api/employees', 'GET, HEAD, POST'],
      ['OPTIONS', '/api/employees/7b2f0f1e-2b8a-4c7e-9d2f-1a2b3c4d5e6f/accept', 'PUT'],
      ['PROPFIND', '/api/journey-groups/7b2f0f1e-2b8a-4c7e-9d2f-1a2b3c4d5e6f', 'DELETE, PUT'],
      ['M-SEARCH', '/api/docs/json', 'GET, HEAD'],
    ] as const) {
      const a = await exchange(request(method, path));
      expectShape(a, 405, MESSAGES.common.methodNotAllowed);
      expect(a.headers.allow, `${method} ${path}`).toBe(allow);
    }
  });

  it('any method on a path the api does not have: 404, with the version', async () => {
    for (const method of ['TRACE', 'GET', 'LOCK', 'DELETE']) expectShape(await exchange(request(method, '/api/nothing-here')), 404, MESSAGES.common.notFound);
    expectShape(await exchange(request('TRACE', '/')), 404, MESSAGES.common.notFound);
  });

  it('a method no HTTP server knows (the parser refuses it): 501, with the version, and the connection closes', async () => {
    expectShape(await exchange(request('FOO', '/api/accounts/me')), 501, MESSAGES.common.methodUnknown);
    expectShape(await exchange(request('GET', '/api/accounts/me').replace('HTTP/1.1', 'HTTP/9.9')), 400, MESSAGES.common.badRequest);
  });

  it('CONNECT (a tunnel, which no address of ours opens): 405, with the version', async () => {
    const a = await exchange(`CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n`);
    expectShape(a, 405, MESSAGES.common.methodNotAllowed);
  });
});

describe('time limits', () => {
  it('a body that trickles in is cut off once the whole request has taken requestMs: 408, then the connection closes', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'Passw0rd!' });
    const head = `POST /api/accounts/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const a = await exchange(head, body, 200);
    expectShape(a, 408, MESSAGES.common.requestTimeout);
    expect(a.headers.connection).toBe('close');
    expect(a.closedAfterMs).toBeGreaterThanOrEqual(LIMITS.requestMs - 50);
    expect(a.closedAfterMs).toBeLessThan(LIMITS.requestMs + 5 * LIMITS.checkEveryMs + 1_000);
  });

  it('headers that trickle in are cut off after headersMs: 408', async () => {
    const a = await exchange('GET /api/health/live HTTP/1.1\r\n', 'Host: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa\r\n\r\n', 100);
    expectShape(a, 408, MESSAGES.common.requestTimeout);
    expect(a.closedAfterMs).toBeLessThan(LIMITS.requestMs);
  });

  it('a slow body that arrives within the limit is answered as usual', async () => {
    const body = JSON.stringify({ email: 'x' });
    const head = `POST /api/accounts/forgot-password HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const a = await exchange(head, body, 50);
    expect(a.status, JSON.stringify(a)).toBe(400);
    expect(a.headers['api-version']).toBe(API_VERSION);
  });

  it('the api as it runs holds every client to HTTP_TIMEOUTS', async () => {
    const app = await createApp(t.ctx);
    try {
      expect(app.server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
      expect(app.server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
      expect(HTTP_TIMEOUTS.headersMs).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestMs);
    } finally {
      await app.close();
    }
  });
});
