import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_VERSION } from '@portal/api/lib/api-version';
import { HTTP_TIMEOUTS } from '@portal/api/lib/http-server';
import { MESSAGES } from '@portal/shared-contracts';
import { createPortal } from './app';
import { loadPortalConfig } from './env';
import { embeddedDataDir } from './test-embedded';

describe('portal with the api embedded', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
  });

  it('answers the api in-process on an embedded database, with the portal headers', async () => {
    const data = await embeddedDataDir('portal-embedded-');
    const config = loadPortalConfig({
      DATA_DIR: data,
      LOG_LEVEL: 'silent',
      PORT: '0',
      SUPERADMIN_EMAIL: 'root@example.test',
      SUPERADMIN_PASSWORD: 'Embedded-Test-Pass-1',
    });
    app = await createPortal(config, { logger: false });
    const me = await app.inject({ url: '/api/accounts/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ success: false });
    expect(me.headers['x-content-type-options']).toBe('nosniff');
    const docs = await app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
    // A method the path does not take: the api's own answer, with its version, not the host's 404.
    const trace = await app.inject({ method: 'TRACE', url: '/api/accounts/me' });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expect(trace.headers['api-version']).toBe(API_VERSION);
    expect(trace.json()).toEqual({ success: false, message: MESSAGES.common.methodNotAllowed });
    expect((await app.inject({ method: 'PROPFIND', url: '/api/nothing' })).json()).toEqual({ success: false, message: MESSAGES.common.notFound });
    expect(app.server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
    expect(app.server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
  }, 60_000);
});
