import { describe, expect, it } from 'vitest';
import type { ResolvedRemote } from '@portal/shared-contracts';
import { applyOverrides, isAllowedOverride, normaliseEntry, parseOverrideParams, readOverrides, writeOverrides } from './overrides';

const stable: ResolvedRemote = { remote: 'mfe-employees', version: '1.4.0', entry: '/remotes/mfe-employees/1.4.0/mf-manifest.json', reason: 'stable' };

describe('remote overrides', () => {
  it('reads overrides from the query string, adding the manifest file to a bare origin', () => {
    const p = parseOverrideParams('?override=mfe-employees=http://localhost:3003&override=nope=http://localhost:1');
    expect(p.set).toEqual({ 'mfe-employees': 'http://localhost:3003/mf-manifest.json' });
    expect(p.present).toBe(true);
    expect(parseOverrideParams('?override-reset').reset).toBe(true);
    expect(parseOverrideParams('').present).toBe(false);
  });

  it('accepts loopback and configured origins only', () => {
    expect(isAllowedOverride('http://localhost:3003/mf-manifest.json', [])).toBe(true);
    expect(isAllowedOverride('http://127.0.0.1:3003/mf-manifest.json', [])).toBe(true);
    expect(isAllowedOverride('https://evil.example/mf-manifest.json', [])).toBe(false);
    expect(isAllowedOverride('https://preview.example/x/mf-manifest.json', ['https://preview.example'])).toBe(true);
    expect(normaliseEntry('javascript:alert(1)')).toBeNull();
  });

  it('applies allowed overrides and reports refused ones', () => {
    const out = applyOverrides(
      { 'mfe-employees': stable },
      { 'mfe-employees': 'http://localhost:3003/mf-manifest.json', 'mfe-billing': 'https://evil.example/mf-manifest.json' },
      [],
    );
    expect(out.resolved['mfe-employees']).toMatchObject({ reason: 'override', entry: 'http://localhost:3003/mf-manifest.json' });
    expect(out.resolved['mfe-billing']).toBeUndefined();
    expect(out.applied).toEqual(['mfe-employees']);
    expect(out.warnings).toHaveLength(1);
  });

  it('keeps overrides in localStorage until cleared', () => {
    writeOverrides(localStorage, { 'mfe-auth': 'http://localhost:3001/mf-manifest.json' });
    expect(readOverrides(localStorage)).toEqual({ 'mfe-auth': 'http://localhost:3001/mf-manifest.json' });
    writeOverrides(localStorage, {});
    expect(readOverrides(localStorage)).toEqual({});
  });
});
