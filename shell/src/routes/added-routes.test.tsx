import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CONTRACTS_VERSION, MESSAGES, type ReleaseManifest, type RemoteApp } from '@portal/shared-contracts';
import { SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell';
import { checkAddedRemotes } from '../release/check-added';
import { chooseVersions, namesAddedRemotes, releaseHeaderValue } from '../release/choose-version';
import { forgetAddedRemotes } from '../remotes/added-remotes';
import { employerSession, renderShell, superAdminSession } from '../test/render-shell';
import { buildAddedTable } from './route-table';

// A remote made with `pnpm create-remote` after this shell was built (docs/decisions/0050): the shell
// learns it from release.json, registers its container and draws its pages.

const parking: RemoteApp = {
  mfName: 'mfe_parking',
  feature: 'Parking',
  routes: [{ path: '/parking', area: 'employer', module: 'ParkingPage', title: 'Parking spaces', nav: 'Parking' }],
};

const manifestWith = (id: string, app: RemoteApp | undefined): ReleaseManifest => ({
  schemaVersion: 1,
  shell: { version: '1.0.0', contractsVersion: CONTRACTS_VERSION },
  overrideOrigins: [],
  remotes: {
    'mfe-auth': { stable: { version: '1.0.0', entry: '/remotes/mfe-auth/1.0.0/mf-manifest.json', contractsVersion: CONTRACTS_VERSION }, previous: [], updatedAt: 'now' },
    [id]: {
      stable: { version: '2.0.0', entry: `/remotes/${id}/2.0.0/mf-manifest.json`, contractsVersion: CONTRACTS_VERSION, ...(app ? { app } : {}) },
      previous: [],
      updatedAt: 'now',
    },
  } as ReleaseManifest['remotes'],
});

const quietMe = () =>
  vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 })) as unknown as typeof fetch;

afterEach(() => forgetAddedRemotes());

describe('remotes added after the shell was built', () => {
  it('are chosen from release.json with their descriptor, after the built-in ones', () => {
    const manifest = manifestWith('mfe-parking', parking);
    expect(namesAddedRemotes(manifest)).toBe(true);
    const checked = checkAddedRemotes(manifest);
    expect(checked.warnings).toEqual([]);
    const { resolved, warnings } = chooseVersions(checked.manifest, { key: 'u1' }, CONTRACTS_VERSION, Date.now(), true);
    expect(resolved['mfe-parking' as 'mfe-auth']).toMatchObject({ version: '2.0.0', reason: 'stable', app: parking });
    expect(warnings).toEqual([]);
    expect(releaseHeaderValue(resolved)).toBe('mfe-auth@1.0.0;mfe-parking@2.0.0');
  });

  it('are refused when the descriptor is missing or unsound: another container name, a parameter in a path, a lower-case module', () => {
    const bad: [string, RemoteApp | undefined][] = [
      ['mfe-parking', undefined],
      ['mfe-parking', { ...parking, mfName: 'mfe_auth' }],
      ['mfe-parking', { ...parking, routes: [{ ...parking.routes[0]!, path: '/parking/:id' }] }],
      ['mfe-parking', { ...parking, routes: [{ ...parking.routes[0]!, module: 'parkingPage' }] }],
      ['mfe-parking', { ...parking, routes: [{ ...parking.routes[0]!, area: 'public' as 'employer' }] }],
    ];
    for (const [id, app] of bad) {
      const checked = checkAddedRemotes(manifestWith(id, app));
      expect(checked.warnings.join(' ')).toMatch(/mfe-parking.*not shown/);
      const { resolved } = chooseVersions(checked.manifest, { key: 'u1' }, CONTRACTS_VERSION, Date.now(), true);
      expect(Object.keys(resolved)).toEqual(['mfe-auth']);
    }
  });

  it('are not chosen unless their descriptors were checked, and a manifest of the six asks for no check', () => {
    expect(Object.keys(chooseVersions(manifestWith('mfe-parking', parking), { key: 'u1' }, CONTRACTS_VERSION).resolved)).toEqual(['mfe-auth']);
    const six = manifestWith('mfe-billing', undefined);
    expect(namesAddedRemotes(six)).toBe(false);
  });

  it('never take a built-in page or a path under one, whatever the case', () => {
    const table = buildAddedTable([
      ['mfe-parking', { ...parking, routes: [...parking.routes, { path: '/payment', area: 'employer', module: 'X', title: 'X' }, { path: '/mainpage/x', area: 'employer', module: 'X', title: 'X' }, { path: '/super-admin/parking', area: 'superAdmin', module: 'X', title: 'X' }] }],
      ['mfe-other', { mfName: 'mfe_other', feature: 'Other', routes: [{ path: '/parking', area: 'employer', module: 'Y', title: 'Y' }] }],
    ]);
    expect(table.map((r) => `${r.remote} ${r.path}`)).toEqual(['mfe-parking /parking']);
  });

  it('draw their page in the employer area, with its title and a nav tab, from a container registered under its own name', async () => {
    const { runtime } = renderShell({ path: '/parking', session: employerSession(), fetch: quietMe(), added: { 'mfe-parking': parking } });
    // A signed-in page fetches the router and the employer layout first: slow on a busy machine.
    expect(await screen.findByRole('heading', { name: 'mfe_parking/ParkingPage' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(document.title).toContain('Parking spaces');
    const nav = screen.getByRole('navigation', { name: MESSAGES.shell.employerNav });
    expect(within(nav).getByRole('link', { name: 'Parking' })).toHaveAttribute('href', '/parking');
    expect(runtime.registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'mfe_parking', entry: '/remotes/mfe-parking/1.0.0/mf-manifest.json' }]));
  });

  it('stay behind their area guard: a super admin opening an employer page of an added remote is sent to the back office', async () => {
    renderShell({ path: '/parking', session: superAdminSession(), fetch: quietMe(), added: { 'mfe-parking': parking } });
    expect(await screen.findByRole('heading', { name: 'mfe_onboarding/AllEmployersPage' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('leave the portal as it was when none is released: the path is not found', async () => {
    renderShell({ path: '/parking', session: employerSession(), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: SHELL_MESSAGES.notFound.text }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
