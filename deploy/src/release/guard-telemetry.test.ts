import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TelemetryEvent } from '@portal/shared-contracts';
import { createPortal } from '../app';
import { loadPortalConfig } from '../env';
import { storeWithAuthBuilds, tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { embeddedDataDir } from '../test-embedded';
import { canary } from './actions';
import { publishRemote } from './publish';
import type { FsReleaseStore } from './store';

/**
 * The release guard fed by the anonymous telemetry endpoint, on the portal server with its embedded
 * api (docs/decisions/0029-telemetry-senders.md): what one sender can make the guard do.
 */
describe('the release guard against telemetry anyone can send', () => {
  let app: FastifyInstance;
  let store: FsReleaseStore;

  beforeAll(async () => {
    // A sender's budget is per half hour (from :00 and :30): the clock (Date only; it keeps running)
    // is set back if need be so that the file runs inside one.
    const halfHour = 30 * 60_000;
    const latest = Math.floor(Date.now() / halfHour) * halfHour + halfHour - 5 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Math.min(Date.now(), latest));
    const data = await embeddedDataDir('portal-guard-telemetry-');
    const config = loadPortalConfig({
      DATA_DIR: data,
      LOG_LEVEL: 'silent',
      PORT: '0',
      RELEASE_GUARD_INTERVAL_MS: '1000',
      SUPERADMIN_EMAIL: 'root@example.test',
      SUPERADMIN_PASSWORD: 'Guard-Telemetry-Pass-1',
    });
    store = await storeWithAuthBuilds(config.releaseStoreDir);
    await canary(store, 'mfe-auth', '1.1.0', 50, [], { actor: 'ci', guard: { marginPoints: 2, minPageViews: 8, minSenders: 5, autoPromoteAfterMs: null } });
    app = await createPortal(config, { logger: false, store });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    vi.useRealTimers();
  });

  const failedLoad = (version: string): TelemetryEvent => ({ remote: 'mfe-auth', version, reason: version === '1.1.0' ? 'canary' : 'stable', kind: 'load', ok: false, ms: 3000 });
  const goodLoad = (version: string): TelemetryEvent => ({ remote: 'mfe-auth', version, reason: 'stable', kind: 'load', ok: true, ms: 120 });
  const send = async (client: string, events: TelemetryEvent[], remoteAddress: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/telemetry', payload: { client, events }, remoteAddress });
    return res.statusCode;
  };
  const share = async () => (await store.readManifest())?.remotes['mfe-auth']?.canary?.percent;
  const passes = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 1000 + 500));

  it('failures one sender forges from many client ids and addresses of one /64 do not abort the canary; real failures from several browsers do', async () => {
    // Stable is healthy, from twenty browsers.
    for (let i = 0; i < 20; i++) expect(await send(`stable-${i}`, [goodLoad('1.0.0')], `192.0.2.${i + 1}`)).toBe(202);
    // A few real canary page views that loaded: the canary has the sample the guard needs.
    for (let i = 0; i < 10; i++) expect(await send(`canary-ok-${i}`, [{ ...goodLoad('1.1.0'), reason: 'canary' }], `198.51.100.${i + 1}`)).toBe(202);
    // One sender: sixty batches of 20 failed canary page views, each from a new client id and a new
    // address of its /64: 3 failures and 3 page views count.
    for (let i = 0; i < 60; i++) {
      expect(await send(`flooder-${i}`, Array.from({ length: 20 }, () => failedLoad('1.1.0')), `2001:db8:66:1::${(i + 1).toString(16)}`)).toBe(202);
    }
    await passes(2);
    expect(await share()).toBe(50);
    expect((await store.readHistory()).filter((e) => e.action === 'abort-canary')).toEqual([]);

    // Seven browsers, each at its own address, whose canary page failed once: the guard aborts.
    for (let i = 0; i < 7; i++) expect(await send(`canary-broken-${i}`, [failedLoad('1.1.0')], `198.51.100.${i + 101}`)).toBe(202);
    await expect.poll(share, { timeout: 10_000, interval: 250 }).toBe(0);
    const last = (await store.readHistory()).at(-1);
    expect(last).toMatchObject({ action: 'abort-canary', by: 'release guard' });
    // The guard may act before the last of the seven batches is counted (a busy machine): what it
    // counted is the flooder's capped 3 failures in 3 page views, the 10 that loaded, and enough of the
    // broken ones for the abort to hold without the flooder; never the flooder's 1 200.
    const counted = /^guard: error rate canary [\d.]+% \((\d+) errors in (\d+) page views, (\d+) senders\) vs stable 0\.0% \(0 errors in 20 page views, 20 senders\)/.exec(
      last?.note ?? '',
    );
    expect(counted, last?.note).not.toBeNull();
    const [errors, views, senders] = [Number(counted![1]), Number(counted![2]), Number(counted![3])];
    expect(errors - 3).toBeGreaterThanOrEqual(1);
    expect(errors - 3).toBeLessThanOrEqual(7);
    expect(views).toBe(13 + (errors - 3));
    expect(senders).toBe(11 + (errors - 3));
  }, 60_000);

  it('stores the telemetry of versions release.json names only, and of a new canary from the first page that loads it', async () => {
    const build = await tempDir();
    await writeFakeRemoteBuild(build, '1.2.0');
    await publishRemote(store, 'mfe-auth', { dir: build, version: '1.2.0', actor: 'ci' });
    // The release tool (another process) starts a canary; a page reads release.json before it runs it.
    await canary(store, 'mfe-auth', '1.2.0', 10, [], { actor: 'ci' });
    expect((await app.inject({ url: '/release.json' })).json()).toMatchObject({ remotes: { 'mfe-auth': { canary: { version: '1.2.0' } } } });
    const events = (version: string): TelemetryEvent[] => [{ ...goodLoad(version), reason: 'canary' }];
    expect(await send('new-canary', events('1.2.0'), '198.51.100.200')).toBe(202);
    // Published but not named by release.json, and never published: neither is stored.
    await publishRemote(store, 'mfe-auth', { dir: build, version: '1.3.0', actor: 'ci' });
    expect(await send('published-only', events('1.3.0'), '198.51.100.201')).toBe(202);
    expect(await send('made-up-version', events('9.9.9'), '198.51.100.202')).toBe(202);

    const login = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: 'root@example.test', password: 'Guard-Telemetry-Pass-1' } });
    const token = login.json<{ token: string }>().token;
    const health = await app.inject({ url: '/api/releases/health', headers: { authorization: `Bearer ${token}` } });
    const versions = health.json<{ versions: Array<{ remote: string; version: string; pageViews: number; senders: number }> }>().versions;
    expect(versions.filter((v) => v.remote === 'mfe-auth').map((v) => v.version).sort()).toEqual(['1.0.0', '1.1.0', '1.2.0']);
    expect(versions.find((v) => v.version === '1.2.0')).toMatchObject({ pageViews: 1, senders: 1 });
  }, 60_000);
});
