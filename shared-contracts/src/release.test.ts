import { describe, expect, it } from 'vitest';
import { releaseManifestSchema } from './release';
import { contractsMajor, CONTRACTS_VERSION } from './release-manifest';

describe('release manifest', () => {
  const sample = {
    schemaVersion: 1,
    shell: { version: '1.0.0', contractsVersion: CONTRACTS_VERSION },
    remotes: {
      'mfe-auth': {
        stable: { version: '1.2.0', entry: '/remotes/mfe-auth/1.2.0/mf-manifest.json', contractsVersion: '1.0.0' },
        canary: {
          version: '1.3.0',
          entry: '/remotes/mfe-auth/1.3.0/mf-manifest.json',
          contractsVersion: '1.0.0',
          percent: 10,
        },
        updatedAt: '2026-11-22T10:00:00.000Z',
      },
      'mfe-billing': {
        stable: { version: '0.1.0', entry: 'https://cdn.example.com/mfe-billing/0.1.0/mf-manifest.json', contractsVersion: '1.0.0' },
        canary: null,
        previous: [{ version: '0.0.9', entry: '/remotes/mfe-billing/0.0.9/mf-manifest.json', contractsVersion: '1.0.0' }],
        updatedAt: '2026-11-22T10:00:00.000Z',
      },
    },
  };

  it('parses a manifest and fills the defaults', () => {
    const m = releaseManifestSchema.parse(sample);
    expect(m.overrideOrigins).toEqual([]);
    expect(m.remotes['mfe-auth']?.canary?.companies).toEqual([]);
    expect(m.remotes['mfe-auth']?.previous).toEqual([]);
    expect(m.remotes['mfe-billing']?.previous[0]?.version).toBe('0.0.9');
    expect(m.remotes['mfe-drivers']).toBeUndefined();
  });
  it('rejects an unknown remote, a bad percentage and another schema version', () => {
    expect(releaseManifestSchema.safeParse({ ...sample, remotes: { 'mfe-nope': sample.remotes['mfe-billing'] } }).success).toBe(false);
    const bad = structuredClone(sample);
    bad.remotes['mfe-auth'].canary.percent = 101;
    expect(releaseManifestSchema.safeParse(bad).success).toBe(false);
    expect(releaseManifestSchema.safeParse({ ...sample, schemaVersion: 2 }).success).toBe(false);
  });
  it('takes a remote it does not list only when its stable build says what it draws (a remote built elsewhere)', () => {
    const app = { mfName: 'mfe_parking', feature: 'Parking', routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking' }] };
    const billing = sample.remotes['mfe-billing'];
    const added = { ...billing, stable: { ...billing.stable, app } };
    expect(releaseManifestSchema.parse({ ...sample, remotes: { 'mfe-parking': added } }).remotes['mfe-parking' as 'mfe-auth']?.stable.app).toEqual(app);
    expect(releaseManifestSchema.safeParse({ ...sample, remotes: { 'mfe-parking': billing } }).success).toBe(false);
    // Not a remote's shape: refused whatever its build says (the length before the pattern).
    for (const id of ['parking', 'mfe-Parking', 'mfe-parking/../x', `mfe-${'a'.repeat(40)}`]) {
      expect(releaseManifestSchema.safeParse({ ...sample, remotes: { [id]: added } }).success, id).toBe(false);
    }
  });
  it('reads the major of a contracts version', () => {
    expect(contractsMajor('1.4.2')).toBe(1);
    expect(contractsMajor(CONTRACTS_VERSION)).toBe(1);
    expect(contractsMajor('12.0.0')).toBe(12);
  });
});
