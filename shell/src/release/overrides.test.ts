import { describe, expect, it } from 'vitest';
import type { ResolvedRemote } from '@portal/shared-contracts';
import { applyOverrides, confirmOverrides, isAllowedOverride, normaliseEntry, parseOverrideParams, readOverrides, takeOverrideRequest, writeOverrides } from './overrides';

/** What release.json lists where development overrides are on (the deployment's CSP allows the same). */
const LOOPBACK = ['http://localhost:*', 'http://127.0.0.1:*'];

const stable: ResolvedRemote = { remote: 'mfe-employees', version: '1.4.0', entry: '/remotes/mfe-employees/1.4.0/mf-manifest.json', reason: 'stable' };

describe('remote overrides', () => {
  it('reads overrides from the query string, adding the manifest file to a bare origin', () => {
    const p = parseOverrideParams('?override=mfe-employees=http://localhost:3003&override=nope=http://localhost:1');
    expect(p.set).toEqual({ 'mfe-employees': 'http://localhost:3003/mf-manifest.json' });
    expect(p.present).toBe(true);
    expect(parseOverrideParams('?override-reset').reset).toBe(true);
    expect(parseOverrideParams('').present).toBe(false);
  });

  it('accepts only the sources the deployment lists: loopback where development overrides are on, and its origins', () => {
    expect(isAllowedOverride('http://localhost:3003/mf-manifest.json', LOOPBACK)).toBe(true);
    expect(isAllowedOverride('http://127.0.0.1:3003/mf-manifest.json', LOOPBACK)).toBe(true);
    expect(isAllowedOverride('https://localhost:3003/mf-manifest.json', LOOPBACK)).toBe(false);
    expect(isAllowedOverride('http://localhost.evil.example/mf-manifest.json', LOOPBACK)).toBe(false);
    expect(isAllowedOverride('https://evil.example/mf-manifest.json', LOOPBACK)).toBe(false);
    // A deployment with development overrides off lists no loopback source: localhost is refused too.
    expect(isAllowedOverride('http://localhost:3003/mf-manifest.json', [])).toBe(false);
    expect(isAllowedOverride('https://preview.example/x/mf-manifest.json', ['https://preview.example'])).toBe(true);
    expect(isAllowedOverride('https://preview.example:8443/x/mf-manifest.json', ['https://preview.example'])).toBe(false);
    expect(isAllowedOverride('http://10.0.0.5:4000/mf-manifest.json', ['http://10.0.0.5:4000'])).toBe(true);
    expect(normaliseEntry('javascript:alert(1)')).toBeNull();
  });

  it('applies allowed overrides and reports refused ones', () => {
    const out = applyOverrides(
      { 'mfe-employees': stable },
      { 'mfe-employees': 'http://localhost:3003/mf-manifest.json', 'mfe-billing': 'https://evil.example/mf-manifest.json' },
      LOOPBACK,
    );
    expect(out.resolved['mfe-employees']).toMatchObject({ reason: 'override', entry: 'http://localhost:3003/mf-manifest.json' });
    expect(out.resolved['mfe-billing']).toBeUndefined();
    expect(out.applied).toEqual(['mfe-employees']);
    expect(out.warnings).toHaveLength(1);
  });

  it('takes nothing from a link until the user confirms it', () => {
    const request = takeOverrideRequest('?override=mfe-employees=http://localhost:3003', localStorage);
    expect(request.pending).toEqual({ 'mfe-employees': 'http://localhost:3003/mf-manifest.json' });
    expect(request.kept).toEqual({});
    expect(readOverrides(localStorage)).toEqual({});
    // Nothing from the link is applied: the page loads the release.
    expect(applyOverrides({ 'mfe-employees': stable }, request.kept, LOOPBACK).resolved['mfe-employees']).toEqual(stable);

    confirmOverrides(localStorage, request.pending);
    const next = takeOverrideRequest('', localStorage);
    expect(next.kept).toEqual({ 'mfe-employees': 'http://localhost:3003/mf-manifest.json' });
    expect(next.pending).toEqual({});
    // The same link again asks nothing more; another address for the same remote asks again.
    expect(takeOverrideRequest('?override=mfe-employees=http://localhost:3003', localStorage).pending).toEqual({});
    expect(takeOverrideRequest('?override=mfe-employees=http://localhost:4000', localStorage).pending).toEqual({
      'mfe-employees': 'http://localhost:4000/mf-manifest.json',
    });
    expect(takeOverrideRequest('?override-reset', localStorage).kept).toEqual({});
    expect(readOverrides(localStorage)).toEqual({});
  });

  it('keeps overrides in localStorage until cleared', () => {
    writeOverrides(localStorage, { 'mfe-auth': 'http://localhost:3001/mf-manifest.json' });
    expect(readOverrides(localStorage)).toEqual({ 'mfe-auth': 'http://localhost:3001/mf-manifest.json' });
    writeOverrides(localStorage, {});
    expect(readOverrides(localStorage)).toEqual({});
  });
});
