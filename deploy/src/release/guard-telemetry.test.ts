import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TelemetryEvent } from '@portal/shared-contracts';
import { createPortal } from '../app';
import { loadPortalConfig } from '../env';
import { storeWithAuthBuilds, tempDir } from '../test-fixtures';
import { canary } from './actions';
import type { FsReleaseStore } from './store';

/**
 * The release guard fed by the anonymous telemetry endpoint, on the portal server with its embedded
 * api (docs/decisions/0020-release-console.md): what one sender can make the guard do.
 */
describe('the release guard against telemetry anyone can send', () => {
  let app: FastifyInstance;
  let store: FsReleaseStore;

  beforeAll(async () => {
    const data = await tempDir('portal-guard-telemetry-');
    const config = loadPortalConfig({ DATA_DIR: data, LOG_LEVEL: 'silent', PORT: '0', RELEASE_GUARD_INTERVAL_MS: '1000' });
    store = await storeWithAuthBuilds(config.releaseStoreDir);
    await canary(store, 'mfe-auth', '1.1.0', 50, [], { actor: 'ci', guard: { marginPoints: 2, minPageViews: 8, autoPromoteAfterMs: null } });
    app = await createPortal(config, { logger: false, store });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const failedLoad = (version: string): TelemetryEvent => ({ remote: 'mfe-auth', version, reason: version === '1.1.0' ? 'canary' : 'stable', kind: 'load', ok: false, ms: 3000 });
  const goodLoad = (version: string): TelemetryEvent => ({ remote: 'mfe-auth', version, reason: 'stable', kind: 'load', ok: true, ms: 120 });
  const send = async (client: string, events: TelemetryEvent[], remoteAddress: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/telemetry', payload: { client, events }, remoteAddress });
    return res.statusCode;
  };
  const share = async () => (await store.readManifest())?.remotes['mfe-auth']?.canary?.percent;
  const passes = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 1000 + 500));

  it('a flood of failures from one browser does not abort the canary; real failures from several browsers do', async () => {
    // Stable is healthy, from twenty browsers.
    for (let i = 0; i < 20; i++) expect(await send(`stable-${i}`, [goodLoad('1.0.0')], `192.0.2.${i + 1}`)).toBe(202);
    // One browser sends all the batches it may in a minute, each 20 failed page views of the canary:
    // 120 failures over 120 page views; 3 failures over 30 page views count.
    for (let i = 0; i < 6; i++) expect(await send('flooder-1', Array.from({ length: 20 }, () => failedLoad('1.1.0')), '203.0.113.66')).toBe(202);
    // A few real canary page views that loaded: the canary has the sample the guard needs.
    for (let i = 0; i < 10; i++) expect(await send(`canary-ok-${i}`, [{ ...goodLoad('1.1.0'), reason: 'canary' }], `198.51.100.${i + 1}`)).toBe(202);
    await passes(2);
    expect(await share()).toBe(50);
    expect((await store.readHistory()).filter((e) => e.action === 'abort-canary')).toEqual([]);

    // Seven browsers, each at its own address, whose canary page failed once: the guard aborts.
    for (let i = 0; i < 7; i++) expect(await send(`canary-broken-${i}`, [failedLoad('1.1.0')], `198.51.100.${i + 101}`)).toBe(202);
    await expect.poll(share, { timeout: 10_000, interval: 250 }).toBe(0);
    const last = (await store.readHistory()).at(-1);
    expect(last).toMatchObject({ action: 'abort-canary', by: 'release guard' });
    // The guard may act before the last of the seven batches is counted (a busy machine): what it
    // counted is the flooder's capped 3 failures in 30 page views, the 10 that loaded, and 1-7 of the
    // broken ones; never the flooder's 120.
    const counted = /^guard: error rate canary [\d.]+% \((\d+) errors in (\d+) page views\) vs stable 0\.0% \(0 errors in 20 page views\)/.exec(last?.note ?? '');
    expect(counted, last?.note).not.toBeNull();
    const [errors, views] = [Number(counted![1]), Number(counted![2])];
    expect(errors - 3).toBeGreaterThanOrEqual(1);
    expect(errors - 3).toBeLessThanOrEqual(7);
    expect(views).toBe(40 + (errors - 3));
  }, 60_000);
});
