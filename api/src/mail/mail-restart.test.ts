import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { CSRF_HEADER } from '@portal/shared-contracts';
import { startSmtpTestServer } from './smtp-test-server';
import { describeEmbeddedOnly } from '../test/embedded-only';
import { migratedDataDir, spawnedApi } from '../test/spawned-api';

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

const post = (base: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' }, body: JSON.stringify(body) });

describeEmbeddedOnly('the api killed between the commit of a password reset and the delivery of its mail', () => {
  it('sends the mail after the restart', async () => {
    // Migrated, as after a first start: what is tested is the mail kept through SIGKILL.
    const dataDir = await migratedDataDir('mail-restart', cleanups);
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
    const first = await spawnedApi({ dataDir, env: { SMTP_URL: `smtp://127.0.0.1:${silentPort}` }, cleanups });
    const { base, port } = first;
    expect((await post(base, '/api/accounts/register', { email: 'lost@example.com', password: 'Passw0rd!', userName: 'Lou Lost', role: 'Employer' })).status).toBe(201);
    expect((await post(base, '/api/accounts/forgot-password', { email: 'lost@example.com' })).status).toBe(200);
    for (const deadline = Date.now() + 20_000; sockets.length === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    expect(sockets.length).toBeGreaterThan(0);
    await first.kill9();
    expect(smtp.received).toHaveLength(0);

    await spawnedApi({ dataDir, port, env: { SMTP_URL: smtp.url }, cleanups });
    const mail = await smtp.waitFor((m) => m.to.includes('lost@example.com'), 30_000);
    expect(mail.subject).toBe('Reset your Commute Portal password');
    expect(mail.text).toMatch(/\/#\/reset-password\?email=lost%40example\.com&token=[A-Za-z0-9_-]{43}/);
  }, 240_000);
});
