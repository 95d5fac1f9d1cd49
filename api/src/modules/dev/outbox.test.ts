import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { apiLoggerOptions, createApp } from '../../app';
import { ConfigError, loadApiConfig } from '../../env';
import type { Logger } from '../../lib/logger';
import { maskLink, readOutbox } from '../../mail/mailer';
import { bearer, json, registerEmployer, superAdminToken, useTestApp } from '../../test/test-support';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

const warnings: string[] = [];
const log: Logger = { info() {}, error() {}, warn: (o, m) => warnings.push(typeof o === 'string' ? o : (m ?? '')) };
const t = useTestApp({ config: { exposeOutbox: true, publicUrl: 'http://127.0.0.1:8080' }, log });
beforeEach(async () => {
  await t.reset();
});

const outbox = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/dev/outbox?kind=password-reset', headers });

describe('the development outbox', () => {
  it('answers 401 to an anonymous caller and 403 to an employer, with a message and success false', async () => {
    await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'reader@example.com' } });
    const anonymous = await outbox();
    expect(anonymous.statusCode).toBe(401);
    expect(json(anonymous)).toMatchObject({ success: false, message: MESSAGES.common.unauthorized });
    const employer = await registerEmployer(t.app, 'reader@example.com');
    const forbidden = await outbox(bearer(employer.token));
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden)).toMatchObject({ success: false, message: MESSAGES.common.forbidden });
    expect(forbidden.body).not.toContain('token=');
  });

  it('shows a super admin the whole mail, link included', async () => {
    await registerEmployer(t.app, 'lost@example.com');
    await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'lost@example.com' } });
    const res = await outbox(bearer(await superAdminToken(t.app)));
    expect(res.statusCode).toBe(200);
    const [mail] = json<{ items: { to: string; link: string }[] }>(res).items;
    expect(mail).toMatchObject({ to: 'lost@example.com' });
    expect(mail!.link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/#\/reset-password\?email=lost%40example\.com&token=[A-Za-z0-9_-]{43}$/);
  });

  it('says loudly in the log that it is on', () => {
    expect(warnings.some((w) => w.includes('EXPOSE_OUTBOX is on') && w.includes('reset and invitation links'))).toBe(true);
  });
});

describe('reset links in the log', () => {
  it('keep their path and the first 4 characters of the token, never the token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const app = await createApp(t.ctx, { logger: { ...apiLoggerOptions('info'), stream } });
    try {
      await registerEmployer(app, 'logged@example.com');
      await app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: 'logged@example.com' } });
      await t.ctx.mailer.flush();
    } finally {
      await app.close();
    }
    const [mail] = await readOutbox(t.ctx.db, { to: 'logged@example.com', kind: 'password-reset' });
    const token = new URL(mail!.link!.replace('/#/', '/')).searchParams.get('token')!;
    const logged = lines.join('');
    expect(logged).toContain('mail kept in outbox');
    expect(logged).toContain(`/#/reset-password?email=logged%40example.com&token=${token.slice(0, 4)}…`);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.slice(0, 12));
  });

  it('masks every token a link carries, whatever its place in the query', () => {
    expect(maskLink('https://p.test/#/reset-password?email=a%40b.co&token=abcdefghijkl')).toBe('https://p.test/#/reset-password?email=a%40b.co&token=abcd…');
    expect(maskLink('https://p.test/#/x?token=abcdefgh&email=a%40b.co')).toBe('https://p.test/#/x?token=abcd…&email=a%40b.co');
    expect(maskLink('https://p.test/#/login')).toBe('https://p.test/#/login');
  });
});

describe('EXPOSE_OUTBOX outside development', () => {
  it.each([
    [{ PUBLIC_URL: 'https://portal.example.com' }, 'PUBLIC_URL (https://portal.example.com) is not a loopback address'],
    [{ PUBLIC_URL: 'http://10.0.0.5:8080' }, 'is not a loopback address'],
    [{ PUBLIC_URL: 'http://localhost:8080', NODE_ENV: 'production' }, 'NODE_ENV=production'],
  ])('is refused with %j', (env, reason) => {
    const load = () => loadApiConfig({ EXPOSE_OUTBOX: '1', ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(`Invalid configuration: EXPOSE_OUTBOX must not be set`);
    expect(load).toThrow(reason);
  });

  it.each(['http://localhost:8080', 'http://127.0.0.1:43121', 'http://[::1]:3000', 'http://portal.localhost'])('is allowed on %s', (url) => {
    expect(loadApiConfig({ EXPOSE_OUTBOX: '1', PUBLIC_URL: url }).exposeOutbox).toBe(true);
  });

  it('stops the api at start with that message', () => {
    const env = { ...process.env, EXPOSE_OUTBOX: '1', PUBLIC_URL: 'https://portal.example.com', NODE_ENV: '', LOG_LEVEL: 'silent' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: API_DIR, env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration: EXPOSE_OUTBOX must not be set when PUBLIC_URL (https://portal.example.com) is not a loopback address');
  }, 60_000);
});
