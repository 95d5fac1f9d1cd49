import { describe, expect, it } from 'vitest';
import { CONTRACTS_VERSION, releaseManifestSchema, type RemoteRelease } from '@portal/shared-contracts';
import { bucketOf, chooseVersion, chooseVersions, releaseHeaderValue } from './choose-version';

const build = (version: string, contractsVersion = CONTRACTS_VERSION) => ({
  version,
  entry: `/remotes/mfe-employees/${version}/mf-manifest.json`,
  contractsVersion,
});

function release(over: Partial<RemoteRelease> = {}): RemoteRelease {
  return {
    stable: build('1.4.0'),
    canary: { ...build('1.5.0'), percent: 10, companies: [] },
    previous: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

const userIds = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('chooseVersion', () => {
  it('sends about 10% of 10 000 users to a 10% canary', () => {
    const onCanary = userIds.filter((key) => chooseVersion('mfe-employees', release(), { key }, CONTRACTS_VERSION).resolved?.version === '1.5.0').length;
    expect(Math.abs(onCanary / userIds.length - 0.1)).toBeLessThanOrEqual(0.02);
  });

  it('gives the same user the same version on every load', () => {
    for (const key of userIds.slice(0, 200)) {
      const first = chooseVersion('mfe-employees', release(), { key }, CONTRACTS_VERSION).resolved?.version;
      const again = chooseVersion('mfe-employees', release(), { key }, CONTRACTS_VERSION).resolved?.version;
      expect(again).toBe(first);
    }
  });

  it('keeps every user on stable at 0% and moves every user at 100%', () => {
    const zero = release({ canary: { ...build('1.5.0'), percent: 0, companies: [] } });
    const all = release({ canary: { ...build('1.5.0'), percent: 100, companies: [] } });
    expect(userIds.slice(0, 500).every((key) => chooseVersion('mfe-employees', zero, { key }, CONTRACTS_VERSION).resolved?.version === '1.4.0')).toBe(true);
    expect(userIds.slice(0, 500).every((key) => chooseVersion('mfe-employees', all, { key }, CONTRACTS_VERSION).resolved?.version === '1.5.0')).toBe(true);
  });

  it('gives a targeted company the canary whatever the percentage', () => {
    const r = release({ canary: { ...build('1.5.0'), percent: 0, companies: ['company-a'] } });
    const targeted = chooseVersion('mfe-employees', r, { key: 'u1', companyId: 'company-a' }, CONTRACTS_VERSION);
    const other = chooseVersion('mfe-employees', r, { key: 'u1', companyId: 'company-b' }, CONTRACTS_VERSION);
    expect(targeted.resolved).toMatchObject({ version: '1.5.0', reason: 'canary' });
    expect(targeted.fallback).toMatchObject({ version: '1.4.0', reason: 'stable' });
    expect(other.resolved).toMatchObject({ version: '1.4.0', reason: 'stable' });
  });

  it('uses stable and says why when the canary was built against another contracts major', () => {
    const r = release({ canary: { ...build('2.0.0', '2.0.0'), percent: 100, companies: [] } });
    const choice = chooseVersion('mfe-employees', r, { key: 'u1' }, '1.3.0');
    expect(choice.resolved).toMatchObject({ version: '1.4.0' });
    expect(choice.warnings.join(' ')).toMatch(/contracts 2\.0\.0/);
  });

  it('accepts a different minor of the same contracts major', () => {
    const r = release({ canary: { ...build('1.5.0', '1.9.0'), percent: 100, companies: [] } });
    expect(chooseVersion('mfe-employees', r, { key: 'u1' }, '1.0.0').resolved?.version).toBe('1.5.0');
  });

  it('falls back to the newest compatible earlier stable when stable itself is incompatible', () => {
    const r = release({ stable: build('3.0.0', '2.0.0'), canary: null, previous: [build('2.9.0', '2.0.0'), build('2.8.0'), build('2.7.0')] });
    const choice = chooseVersion('mfe-employees', r, { key: 'u1' }, CONTRACTS_VERSION);
    expect(choice.resolved).toMatchObject({ version: '2.8.0', reason: 'fallback' });
    expect(choice.warnings).toHaveLength(1);
  });

  it('leaves a remote unresolved when no build is compatible', () => {
    const r = release({ stable: build('3.0.0', '2.0.0'), canary: null });
    expect(chooseVersion('mfe-employees', r, { key: 'u1' }, CONTRACTS_VERSION).resolved).toBeNull();
  });

  it('buckets the same user independently per remote', () => {
    const differs = userIds.slice(0, 100).some((key) => bucketOf(key, 'mfe-auth') !== bucketOf(key, 'mfe-employees'));
    expect(differs).toBe(true);
  });
});

describe('chooseVersions', () => {
  it('resolves only the remotes the manifest lists and builds the release header', () => {
    const manifest = releaseManifestSchema.parse({
      schemaVersion: 1,
      shell: { version: '1.0.0', contractsVersion: CONTRACTS_VERSION },
      remotes: {
        'mfe-auth': { stable: build('1.0.0-abc'), updatedAt: 'x' },
        'mfe-billing': { stable: build('1.2.0'), updatedAt: 'x' },
      },
    });
    const choice = chooseVersions(manifest, { key: 'device-1' }, CONTRACTS_VERSION);
    expect(Object.keys(choice.resolved)).toEqual(['mfe-auth', 'mfe-billing']);
    expect(releaseHeaderValue(choice.resolved)).toBe('mfe-auth@1.0.0-abc;mfe-billing@1.2.0');
  });

  it('never runs a remote made outside the repository against another contracts major, and says why', () => {
    const app = { mfName: 'mfe_parking', feature: 'Parking', routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking', nav: 'Parking' }] };
    const major = Number(CONTRACTS_VERSION.split('.')[0]);
    const parking = (version: string, contractsVersion: string) => ({ version, entry: `/remotes/mfe-parking/${version}/mf-manifest.json`, contractsVersion, app });
    const manifest = (stable: ReturnType<typeof parking>, previous: ReturnType<typeof parking>[] = []) =>
      releaseManifestSchema.parse({
        schemaVersion: 1,
        shell: { version: '1.0.0', contractsVersion: CONTRACTS_VERSION },
        remotes: { 'mfe-parking': { stable, previous, updatedAt: 'x' } },
      });
    const next = `${major + 1}.0.0`;
    const refused = chooseVersions(manifest(parking('2.0.0', next)), { key: 'device-1' }, CONTRACTS_VERSION, Date.now(), true);
    expect(refused.resolved).not.toHaveProperty('mfe-parking');
    expect(refused.warnings).toEqual([`mfe-parking@2.0.0 was built against contracts ${next}, the shell uses ${CONTRACTS_VERSION}: no compatible build, the feature is unavailable.`]);
    // Its last build against the shell's major stands in.
    const fallback = chooseVersions(manifest(parking('2.0.0', next), [parking('1.3.0', CONTRACTS_VERSION)]), { key: 'device-1' }, CONTRACTS_VERSION, Date.now(), true);
    expect(fallback.resolved['mfe-parking' as 'mfe-auth']).toMatchObject({ version: '1.3.0', reason: 'fallback' });
  });
});

describe('chooseVersions for a frozen company', () => {
  const acme = '11111111-1111-4111-8111-111111111111';
  const other = '22222222-2222-4222-8222-222222222222';
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  // Held at the freeze: stable 1.4.0 with a 10% canary 1.5.0. Since then 1.5.0 was promoted and 1.6.0 is a canary at 100%.
  const held = release();
  const manifest = releaseManifestSchema.parse({
    schemaVersion: 1,
    shell: { version: '1.0.0', contractsVersion: CONTRACTS_VERSION },
    remotes: {
      'mfe-employees': release({ stable: build('1.5.0'), canary: { ...build('1.6.0'), percent: 100, companies: [] }, previous: [build('1.4.0')] }),
      'mfe-billing': { stable: build('2.0.0'), updatedAt: 'x' },
    },
    freezes: [{ companyId: acme, since: '2026-11-27T12:00:00.000Z', until: '2026-11-30T00:00:00.000Z', remotes: { 'mfe-employees': held } }],
  });
  const versionFor = (key: string, companyId: string | null, at = now) =>
    chooseVersions(manifest, { key, companyId }, CONTRACTS_VERSION, at).resolved['mfe-employees']?.version;

  it('keeps each user of the company on the stable or canary they had, through a promote and a canary at 100%', () => {
    const users = userIds.slice(0, 1000);
    for (const key of users) {
      const before = chooseVersion('mfe-employees', held, { key, companyId: acme }, CONTRACTS_VERSION).resolved?.version;
      expect(versionFor(key, acme)).toBe(before);
    }
    // The canary's sticky share held too: about one in ten, not everyone.
    const onCanary = users.filter((key) => versionFor(key, acme) === '1.5.0').length;
    expect(onCanary).toBeGreaterThan(50);
    expect(onCanary).toBeLessThan(150);
  });

  it('changes nothing for another company, a visitor, or a remote the freeze does not hold', () => {
    expect(versionFor(userIds[0]!, other)).toBe('1.6.0');
    expect(versionFor(userIds[0]!, null)).toBe('1.6.0');
    expect(chooseVersions(manifest, { key: userIds[0]!, companyId: acme }, CONTRACTS_VERSION, now).resolved['mfe-billing']?.version).toBe('2.0.0');
  });

  it('gives the company what everyone gets once the freeze has ended', () => {
    const after = Date.parse('2026-11-30T00:00:00.000Z');
    expect(userIds.slice(0, 200).every((key) => versionFor(key, acme, after) === '1.6.0')).toBe(true);
  });
});

describe('chooseVersions in a preview link', () => {
  const acme = '11111111-1111-4111-8111-111111111111';
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  const base = {
    schemaVersion: 1,
    shell: { version: '1.0.0', contractsVersion: CONTRACTS_VERSION },
    remotes: { 'mfe-employees': release({ canary: null }), 'mfe-billing': { stable: build('2.0.0'), updatedAt: 'x' } },
    freezes: [{ companyId: acme, since: '2026-11-27T12:00:00.000Z', until: '2026-11-30T00:00:00.000Z', remotes: { 'mfe-billing': { stable: build('1.9.0'), updatedAt: 'x' } } }],
  };
  const preview = { id: '0123456789abcdef', remote: 'mfe-employees', until: '2026-11-28T13:00:00.000Z', build: build('1.7.0-pr.42.abc1234') };
  const choose = (over: object, companyId: string | null = acme, at = now) =>
    chooseVersions(releaseManifestSchema.parse({ ...base, ...over }), { key: userIds[0]!, companyId }, CONTRACTS_VERSION, at);

  it('runs the previewed build of that remote, falls back to what the user would get, and leaves the rest (a freeze included) as it is', () => {
    const c = choose({ preview });
    expect(c.resolved['mfe-employees']).toMatchObject({ version: '1.7.0-pr.42.abc1234', reason: 'preview' });
    expect(c.fallbacks['mfe-employees']).toMatchObject({ version: '1.4.0', reason: 'stable' });
    expect(c.resolved['mfe-billing']?.version).toBe('1.9.0');
  });

  it('runs nothing unusual without a preview, past its end, or for a build the shell cannot run', () => {
    expect(choose({}).resolved['mfe-employees']?.version).toBe('1.4.0');
    expect(choose({ preview }, acme, Date.parse(preview.until)).resolved['mfe-employees']?.version).toBe('1.4.0');
    const other = choose({ preview: { ...preview, build: build('1.7.0', '99.0.0') } });
    expect(other.resolved['mfe-employees']?.version).toBe('1.4.0');
    expect(other.warnings).toEqual([expect.stringMatching(/^preview mfe-employees@1\.7\.0 was built against contracts 99\.0\.0/)]);
  });
});
