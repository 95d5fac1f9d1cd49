import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPortal } from './app';
import { loadPortalConfig } from './env';
import { tempDir } from './test-fixtures';

describe('portal with the api embedded', () => {
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
  });

  it('answers the api in-process on an embedded database, with the portal headers', async () => {
    const data = await tempDir('portal-embedded-');
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
  }, 60_000);
});
