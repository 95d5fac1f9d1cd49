import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, loadApiConfig } from './env';

describe('loadApiConfig', () => {
  it('has working defaults', () => {
    const c = loadApiConfig({});
    expect(c).toMatchObject({
      dataDir: DEFAULT_DATA_DIR,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      cookieSecure: true,
      exposeOutbox: false,
      apiPort: 5260,
    });
    expect(c.pgliteDir).toBe(`${DEFAULT_DATA_DIR}/db`);
  });

  it('reads every variable', () => {
    const c = loadApiConfig({
      DATA_DIR: '/tmp/portal-data',
      DATABASE_URL: 'postgres://u:p@localhost:5432/portal',
      PUBLIC_URL: 'http://127.0.0.1:8080/',
      SMTP_URL: 'smtp://mail:25',
      SUPERADMIN_EMAIL: 'Boss@Example.com',
      SUPERADMIN_PASSWORD: 'long-enough',
      COOKIE_SECURE: 'false',
      EXPOSE_OUTBOX: '1',
      LOG_LEVEL: 'warn',
      API_PORT: '6000',
      RATE_LIMIT_MULTIPLIER: '0',
    });
    expect(c).toMatchObject({
      pgliteDir: '/tmp/portal-data/db',
      databaseUrl: 'postgres://u:p@localhost:5432/portal',
      publicUrl: 'http://127.0.0.1:8080',
      smtpUrl: 'smtp://mail:25',
      superAdminEmail: 'boss@example.com',
      cookieSecure: false,
      exposeOutbox: true,
      logLevel: 'warn',
      apiPort: 6000,
    });
    expect(c.rateLimits.loginPerAddress).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads TRUST_PROXY as the number of proxies in front: true is one, false none', () => {
    expect(loadApiConfig({}).trustProxy).toBe(0);
    expect(loadApiConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadApiConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(0);
    expect(loadApiConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    ['API_PORT', 'eighty'],
    ['PUBLIC_URL', 'portal.example.com'],
    ['DATABASE_URL', 'mysql://x'],
    ['COOKIE_SECURE', 'maybe'],
    ['SUPERADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '11'],
  ])('refuses a bad %s and names it', (name, value) => {
    expect(() => loadApiConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadApiConfig({ [name]: value })).toThrow(name);
  });
});
