import { describe, expect, it, vi } from 'vitest';
import { CONTRACTS_VERSION, type ReleaseManifest, type RemoteRelease } from '@portal/shared-contracts';
import { sameForEveryone, warmFirstPage } from './early-warm';

const build = (remote: string, version: string) => ({ version, entry: `/remotes/${remote}/${version}/mf-manifest.json`, contractsVersion: CONTRACTS_VERSION });
const stable = (remote: string, over: Partial<RemoteRelease> = {}): RemoteRelease => ({
  stable: build(remote, '1.4.0'),
  previous: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const manifest = (over: Partial<ReleaseManifest> = {}): ReleaseManifest =>
  ({ remotes: { 'mfe-insights': stable('mfe-insights'), 'mfe-billing': stable('mfe-billing') }, ...over }) as ReleaseManifest;
const dashboard = { remote: 'mfe-insights', module: 'DashboardPage' } as const;

function runtime() {
  return { registerRemotes: vi.fn(), loadRemote: vi.fn(async () => () => ({})) };
}

describe("a signed-in page's module, fetched while the session is checked", () => {
  it('registers the remote with the build everyone gets and fetches the page module with what it consumes, unevaluated', () => {
    const rt = runtime();
    expect(warmFirstPage(rt, manifest(), dashboard, CONTRACTS_VERSION)).toBe(true);
    expect(rt.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_insights', entry: '/remotes/mfe-insights/1.4.0/mf-manifest.json' }]);
    expect(rt.loadRemote).toHaveBeenCalledWith('mfe_insights/DashboardPage', { loadFactory: false, from: 'runtime' });
  });

  it("leaves a failed fetch to the page's own load", async () => {
    const rt = { registerRemotes: vi.fn(), loadRemote: vi.fn(async () => Promise.reject(new Error('offline'))) };
    expect(warmFirstPage(rt, manifest(), dashboard, CONTRACTS_VERSION)).toBe(true);
    await expect(rt.loadRemote.mock.results[0]!.value).rejects.toThrow('offline');
  });

  it("warms nothing when the build depends on who signs in: the remote's canary, a company's freeze", () => {
    const canary = manifest({ remotes: { 'mfe-insights': stable('mfe-insights', { canary: { ...build('mfe-insights', '1.5.0'), percent: 0, companies: ['acme'] } }) } });
    const frozen = manifest({
      freezes: [{ companyId: 'acme', since: '2026-11-27T12:00:00.000Z', until: '2099-01-01T00:00:00.000Z', remotes: { 'mfe-insights': stable('mfe-insights') } }],
    });
    for (const m of [canary, frozen]) {
      const rt = runtime();
      expect(warmFirstPage(rt, m, dashboard, CONTRACTS_VERSION)).toBe(false);
      expect(rt.registerRemotes).not.toHaveBeenCalled();
      expect(rt.loadRemote).not.toHaveBeenCalled();
    }
    // Another remote's canary does not change this one's build.
    const other = manifest({ remotes: { 'mfe-insights': stable('mfe-insights'), 'mfe-billing': stable('mfe-billing', { canary: { ...build('mfe-billing', '2.0.0'), percent: 50, companies: [] } }) } });
    expect(sameForEveryone(other, 'mfe-insights', CONTRACTS_VERSION)?.version).toBe('1.4.0');
  });

  it('warms nothing without a release, a route or a released remote', () => {
    const rt = runtime();
    expect(warmFirstPage(rt, null, dashboard, CONTRACTS_VERSION)).toBe(false);
    expect(warmFirstPage(rt, manifest(), undefined, CONTRACTS_VERSION)).toBe(false);
    expect(warmFirstPage(rt, manifest(), { remote: 'mfe-drivers', module: 'DriversPage' }, CONTRACTS_VERSION)).toBe(false);
    expect(rt.registerRemotes).not.toHaveBeenCalled();
  });
});
