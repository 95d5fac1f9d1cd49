import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES, RELEASE_HEADER, allEndpoints, toRouterPath } from '@portal/shared-contracts';
import { apiLoggerOptions, createApp, ROUTE_IMPLEMENTATIONS } from './app';
import { API_VERSION } from './lib/api-version';
import { errorHandler } from './plugins/errors';
import { bearer, json, superAdminToken, useTestApp } from './test/test-support';
import { TEST_SUPERADMIN } from './test/testing';

const t = useTestApp();

const notFound = { success: false, message: MESSAGES.common.notFound };

describe('error answers', () => {
  it('answers JSON 404 for an unknown api path and any other path', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/accounts/nope'],
      ['GET', '/api'],
      ['GET', '/not-the-api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['api-version']).toBe(API_VERSION);
      expect(json(res)).toEqual(notFound);
    }
  });

  it('answers JSON 405 for a method the path does not take, naming those it does', async () => {
    for (const [method, url, allow] of [
      ['GET', '/api/accounts/login', 'POST'],
      ['DELETE', '/api/accounts/me', 'GET, HEAD'],
      ['TRACE', '/api/employees?pageNumber=2', 'GET, HEAD, POST'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.headers['api-version']).toBe(API_VERSION);
      expect(json(res)).toEqual({ success: false, message: MESSAGES.common.methodNotAllowed });
    }
  });

  it('answers 413 to a body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toEqual({ success: false, message: MESSAGES.common.bodyTooLarge });
  });

  it('answers 400 to malformed JSON and 415 to an unknown content type', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/accounts/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ success: false, message: MESSAGES.common.badRequest });
    const xml = await t.app.inject({ method: 'POST', url: '/api/accounts/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(json(xml)).toMatchObject({ success: false });
  });

  it('lists every failed field and puts the first message on top', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { email: 'bad', password: '', userName: '' } });
    expect(res.statusCode).toBe(400);
    const body = json<{ message: string; errors: { field: string; message: string }[] }>(res);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: MESSAGES.signup.emailInvalid },
        { field: 'password', message: MESSAGES.signup.passwordRequired },
        { field: 'userName', message: MESSAGES.signup.nameRequired },
      ]),
    );
    expect(body.message).toBe(body.errors[0]!.message);
  });

  it('never shows the internals of a server fault', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ success: false, message: MESSAGES.common.internalError });
    await app.close();
  });

  it('answers 403 to a role outside the endpoint access', async () => {
    const unimplementedOrNot = allEndpoints().find((e) => Array.isArray(e.access) && e.access.length === 1 && e.access[0] === 'SuperAdmin' && e.method === 'GET');
    const { token } = json<{ token: string }>(
      await t.app.inject({ method: 'POST', url: '/api/accounts/register', payload: { email: 'role@example.com', password: 'Passw0rd!', userName: 'R' } }),
    );
    const res = await t.app.inject({ method: 'GET', url: toRouterPath(unimplementedOrNot!.path), headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({ success: false, message: MESSAGES.common.forbidden });
  });
});

describe('routes and documentation', () => {
  it('routes every endpoint of the contracts at its full path', () => {
    for (const ep of allEndpoints()) {
      expect(t.app.hasRoute({ method: ep.method, url: toRouterPath(ep.path) }), `${ep.method} ${ep.path}`).toBe(true);
    }
  });

  it('answers 501 in the error shape for an endpoint this build does not serve yet', async () => {
    const served = new Set(ROUTE_IMPLEMENTATIONS.map((r) => r.endpoint.id));
    const pending = allEndpoints().find((e) => !served.has(e.id) && e.method === 'GET' && Array.isArray(e.access) && e.access.includes('SuperAdmin') && !e.path.includes('{') && (!e.query || e.query.safeParse({}).success));
    if (!pending) return;
    const login = json<{ token: string }>(await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: TEST_SUPERADMIN }));
    const res = await t.app.inject({ method: 'GET', url: pending.path, headers: { authorization: `Bearer ${login.token}` } });
    expect(res.statusCode).toBe(501);
    expect(json(res)).toMatchObject({ success: false });
  });

  it('serves OpenAPI 3 generated from the contracts, with the accounts paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, Record<string, { operationId?: string; requestBody?: unknown }>> }>(res);
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['login', 'register', 'logout', 'me', 'forgot-password', 'reset-password', 'change-password']) {
      expect(Object.keys(doc.paths)).toContain(`/api/accounts/${p}`);
    }
    expect(doc.paths['/api/accounts/login']!.post!.operationId).toBe('accounts.login');
    expect(doc.paths['/api/accounts/login']!.post!.requestBody).toBeTruthy();
    expect(doc.paths['/api/employers/{id}']).toBeTruthy();
    expect(Object.keys(doc.paths).some((p) => p.includes('*'))).toBe(false);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('keeps the dev outbox route off unless EXPOSE_OUTBOX is set', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.co' })).statusCode).toBe(404);
    t.ctx.config.exposeOutbox = true;
    const app = await createApp(t.ctx);
    try {
      await app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: TEST_SUPERADMIN.email } });
      const res = await app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(TEST_SUPERADMIN.email)}&kind=password-reset`,
        headers: bearer(await superAdminToken(app)),
      });
      expect(res.statusCode).toBe(200);
      expect(json<{ items: { link: string }[] }>(res).items[0]!.link).toMatch(/^https:\/\/portal\.test\/#\/reset-password\?/);
    } finally {
      t.ctx.config.exposeOutbox = false;
      await app.close();
    }
  });
});

describe('logging', () => {
  it('puts a request id on every line and the release header on the request lines', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
        cb();
      },
    });
    const app = await createApp(t.ctx, { logger: { ...apiLoggerOptions('info'), stream } });
    try {
      await app.inject({ method: 'GET', url: '/api/accounts/me', headers: { [RELEASE_HEADER]: 'shell@1.0.0,mfe-auth@1.2.0' } });
    } finally {
      await app.close();
    }
    const requestLines = lines.filter((l) => l.reqId);
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    const incoming = requestLines.find((l) => l.msg === 'incoming request') as { req: { release?: string } };
    expect(incoming.req.release).toBe('shell@1.0.0,mfe-auth@1.2.0');
    const completed = requestLines.find((l) => l.msg === 'request completed') as { release?: string };
    expect(completed.release).toBe('shell@1.0.0,mfe-auth@1.2.0');
  });
});
