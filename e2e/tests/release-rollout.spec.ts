import path from 'node:path';
import { expect, test } from '../support/test';
import { ROUTES } from '@portal/shared-contracts';
import { REPO_ROOT } from '../support/portal-process';
import {
  checksums,
  createCompanyAdmin,
  portalStoreDir,
  releaseCli,
  releaseCliOk,
  releaseJson,
  reloadOn,
  signedInPage,
} from '../support/release-helpers';

// Builds one remote and waits on releases: longer than a page journey.
test.setTimeout(240_000);

test('one remote is published, canaried to one company, promoted and rolled back on a running portal', async ({ browser }) => {
  const store = await portalStoreDir();
  const stable = (await releaseJson()).remotes['mfe-auth']?.stable.version;
  expect(stable, 'mfe-auth is released at start').toBeTruthy();
  const canaryVersion = `9.0.0-canary.${Date.now().toString(36)}`;

  const [alpha, beta] = await Promise.all([createCompanyAdmin('alpha'), createCompanyAdmin('beta')]);
  const alphaPage = await signedInPage(browser, alpha);
  const betaPage = await signedInPage(browser, beta);
  expect(await reloadOn(alphaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(stable);
  expect(await reloadOn(betaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(stable);

  // Everything but the new version must stay byte for byte: the shell, the other remotes' builds,
  // the remote's own working-tree build and the versions already in the store.
  const untouched = async () => ({
    shell: await checksums(path.join(REPO_ROOT, 'shell', 'dist')),
    workingTree: await checksums(path.join(REPO_ROOT, 'mfe-auth', 'dist')),
    store: await checksums(store, (rel) => rel === 'release.json' || rel === 'history.jsonl' || rel.startsWith(`mfe-auth/${canaryVersion}`)),
  });
  const before = await untouched();

  // ---- publish: builds mfe-auth only, into the store; nobody gets it yet
  const publish = await releaseCliOk('publish', 'mfe-auth', '--version', canaryVersion);
  expect(publish.stdout).toContain(`published mfe-auth ${canaryVersion}`);
  expect((await releaseJson()).remotes['mfe-auth']?.stable.version).toBe(stable);
  const again = await releaseCli('publish', 'mfe-auth', '--version', canaryVersion, '--no-build', '--dir', path.join(store, 'mfe-auth', canaryVersion));
  expect(again.code).toBe(1);
  expect(again.stderr.trim()).toMatch(/already published/);

  // ---- canary for company alpha only
  const canaryStarted = performance.now();
  await releaseCliOk('canary', 'mfe-auth', canaryVersion, '--percent', '0', '--companies', alpha.companyId);
  expect((await releaseJson()).remotes['mfe-auth']?.canary?.version).toBe(canaryVersion);
  const canaryInManifestMs = performance.now() - canaryStarted;
  expect(await reloadOn(alphaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(canaryVersion);
  const canaryOnPageMs = performance.now() - canaryStarted;
  expect(await reloadOn(betaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(stable);
  // Sticky: alpha keeps the canary on every load.
  expect(await reloadOn(alphaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(canaryVersion);
  const status = await releaseCliOk('status');
  expect(status.stdout).toMatch(new RegExp(`mfe-auth\\s+${stable}\\s+${canaryVersion.replace(/\./g, '\\.')}\\s+0% \\+1 company`));

  // ---- promote: everyone
  const promoteStarted = performance.now();
  await releaseCliOk('promote', 'mfe-auth');
  expect(await reloadOn(betaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(canaryVersion);
  const promoteOnPageMs = performance.now() - promoteStarted;
  expect(await reloadOn(alphaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(canaryVersion);

  // ---- rollback: everyone back on the previous stable
  const rollbackStarted = performance.now();
  await releaseCliOk('rollback', 'mfe-auth');
  expect((await releaseJson()).remotes['mfe-auth']?.stable.version).toBe(stable);
  const rollbackInManifestMs = performance.now() - rollbackStarted;
  expect(await reloadOn(alphaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(stable);
  const rollbackOnPageMs = performance.now() - rollbackStarted;
  expect(await reloadOn(betaPage, ROUTES.loginDetails, 'mfe-auth')).toBe(stable);

  const history = await releaseCliOk('history', 'mfe-auth');
  for (const action of ['publish', 'canary', 'promote', 'rollback']) {
    expect(history.stdout).toMatch(new RegExp(`${action}\\s+mfe-auth\\s+\\S+.*e2e-release`));
  }

  const after = await untouched();
  expect(after.shell).toEqual(before.shell);
  expect(after.workingTree).toEqual(before.workingTree);
  expect(after.store).toEqual(before.store);
  expect(Object.keys(await checksums(path.join(store, 'mfe-auth', canaryVersion))).length).toBeGreaterThan(3);

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    [
      `[release timings] publish (build + upload of mfe-auth only): ${s(publish.ms)}`,
      `[release timings] canary -> in release.json: ${s(canaryInManifestMs)}; -> targeted admin's reloaded page runs it: ${s(canaryOnPageMs)}`,
      `[release timings] promote -> other company's reloaded page runs it: ${s(promoteOnPageMs)}`,
      `[release timings] rollback -> in release.json: ${s(rollbackInManifestMs)}; -> reloaded page runs the previous stable: ${s(rollbackOnPageMs)}`,
    ].join('\n'),
  );
  await alphaPage.context().close();
  await betaPage.context().close();
});
