import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResolvedRemote } from '@portal/shared-contracts';
import { OVERRIDES_KEY } from './override-request';
import { startOverrides } from './override-start';

const LOOPBACK = ['http://localhost:*', 'http://127.0.0.1:*'];
const stable: ResolvedRemote = { remote: 'mfe-employees', version: '1.4.0', entry: '/remotes/mfe-employees/1.4.0/mf-manifest.json', reason: 'stable' };

describe("the start-up's development overrides", () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it("asks about a link's allowed overrides, refuses the others with a warning, and clears the link from the address bar", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.history.replaceState(null, '', '/?override=mfe-employees=http://localhost:3003&override=mfe-billing=https://evil.example#/login');
    const dev = startOverrides(LOOPBACK);
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/login');
    expect(dev.pending).toEqual([{ remote: 'mfe-employees', entry: 'http://localhost:3003/mf-manifest.json' }]);
    expect(dev.refusedFromLink).toEqual([{ remote: 'mfe-billing', entry: 'https://evil.example/mf-manifest.json' }]);
    // Nothing applies before the user says yes.
    expect(dev.apply({ 'mfe-employees': stable }).applied).toEqual([]);
    dev.report([]);
    expect(warn).toHaveBeenCalledWith('Override of mfe-billing to https://evil.example/mf-manifest.json refused: not a source this deployment allows.');
  });

  it('applies the kept overrides the deployment allows, and forgets those it refused', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ 'mfe-employees': 'http://localhost:3003/mf-manifest.json', 'mfe-billing': 'https://evil.example/mf-manifest.json' }));
    const dev = startOverrides(LOOPBACK);
    const o = dev.apply({ 'mfe-employees': stable });
    expect(o.applied).toEqual(['mfe-employees']);
    expect(o.resolved['mfe-employees']).toMatchObject({ version: 'override', entry: 'http://localhost:3003/mf-manifest.json' });
    expect(o.refused).toEqual([{ remote: 'mfe-billing', entry: 'https://evil.example/mf-manifest.json' }]);
    dev.report(o.refused);
    expect(JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? '{}')).toEqual({ 'mfe-employees': 'http://localhost:3003/mf-manifest.json' });
  });
});
