import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { freePort, REPO_ROOT } from '../support/portal-process';
import { hash, portalUrl } from '../support/portal';
import { startGroup, stopGroup, waitForUrl } from '../support/release-helpers';

test.setTimeout(180_000);

const SUBTITLE = 'Sign in to manage your organisation’s lift-sharing scheme.';

test('a remote served by `pnpm dev` is overridden into the running portal and updates without a page reload', async ({ page, consoleGuard }) => {
  // A copy of mfe-auth beside the real one (its config finds the workspace from its parent folder),
  // so the edit below never touches the repository's files.
  const copy = await mkdtemp(path.join(REPO_ROOT, '.release-e2e-mfe-auth-'));
  for (const item of ['src', 'package.json', 'rspack.config.mjs', 'tsconfig.json']) {
    await cp(path.join(REPO_ROOT, 'mfe-auth', item), path.join(copy, item), { recursive: true });
  }
  await symlink(path.join(REPO_ROOT, 'mfe-auth', 'node_modules'), path.join(copy, 'node_modules'));
  const copyFile = path.join(copy, 'src', 'shared', 'login-copy.ts');
  expect(await readFile(copyFile, 'utf8')).toContain(SUBTITLE);

  const port = await freePort();
  let output = '';
  const dev = startGroup('node', [path.join(REPO_ROOT, 'scripts', 'dev.mjs'), 'mfe-auth', '--port', String(port), '--dir', copy, '--portal', portalUrl()], {
    cwd: REPO_ROOT,
    log: (c) => (output += c),
  });
  try {
    await waitForUrl(`http://localhost:${port}/mf-manifest.json`, 120_000);
    const link = `${portalUrl()}/?override=mfe-auth=http://localhost:${port}#/`;
    await expect.poll(() => output, { timeout: 30_000 }).toContain(link);

    // ---- the dev server's build in the portal, named by the banner
    const manifest = await fetch(`http://localhost:${port}/mf-manifest.json`, { headers: { origin: portalUrl() } });
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    await page.goto(link);
    // ---- the link only asks: nothing comes from the dev server until the user says yes
    const ask = page.getByRole('dialog', { name: MESSAGES.shell.overrideConfirmTitle });
    await expect(ask).toContainText('mfe-auth');
    await expect(ask).toContainText(`http://localhost:${port}/mf-manifest.json`);
    await expect(page.getByText(SUBTITLE)).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /localhost:\d+\//.test(e.name)))).toBe(false);
    // The override, its updates and the way back replace mfe-auth's registration, which the runtime warns about.
    consoleGuard.expectReRegistered('mfe-auth');
    await ask.getByRole('button', { name: MESSAGES.shell.overrideConfirmLoad }).click();

    const banner = page.getByRole('status').filter({ hasText: MESSAGES.shell.overrideBanner });
    await expect(banner).toContainText('mfe-auth');
    await expect(banner).toContainText(`http://localhost:${port}/mf-manifest.json`);
    await expect(page.getByText(SUBTITLE)).toBeVisible({ timeout: 30_000 });
    expect(
      await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /localhost:\d+\/remoteEntry\.js/.test(e.name))),
    ).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { reason: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']?.reason)).toBe('override');

    // ---- an edit of the remote reaches the page without reloading it
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const edited = 'Sign in: edited on the development server.';
    // Saved as some editors save under load: the file emptied, then written 60 ms later. The dev
    // server takes both as one change; two rebuilds would leave the page asking for an update the
    // server no longer has, and reloading it.
    const next = (await readFile(copyFile, 'utf8')).replace(SUBTITLE, edited);
    await writeFile(copyFile, '');
    await new Promise((resolve) => setTimeout(resolve, 60));
    await writeFile(copyFile, next);
    await expect(page.getByText(edited)).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();

    // ---- one click back to the release
    await banner.getByRole('button', { name: MESSAGES.shell.resetOverrides }).click();
    await expect(page.getByText(SUBTITLE)).toBeVisible();
    await expect(banner).toHaveCount(0);
  } finally {
    await stopGroup(dev);
    await rm(copy, { recursive: true, force: true });
  }
});

test('a link to an override loads nothing unless the user confirms it', async ({ page }) => {
  await page.goto(`/?override=mfe-auth=http://localhost:9#${ROUTES.login}`);
  const ask = page.getByRole('dialog', { name: MESSAGES.shell.overrideConfirmTitle });
  await expect(ask).toContainText('mfe-auth');
  await expect(ask).toContainText('http://localhost:9/mf-manifest.json');
  await ask.getByRole('button', { name: MESSAGES.shell.overrideConfirmIgnore }).click();
  await expect(ask).toHaveCount(0);

  // The release is what runs; nothing was asked of the address, kept, or bannered, and a reload asks no more.
  await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('localhost:9')))).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('portal.remoteOverrides'))).toBeNull();
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.shell.overrideBanner })).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
  await expect(ask).toHaveCount(0);
});

test('an override to an origin the deployment does not allow is refused, visibly', async ({ page, consoleGuard }) => {
  // Refused on the page and, for whoever debugs the link, on the console.
  consoleGuard.expect(/^warning: Override of mfe-auth to https:\/\/remotes\.evil\.example\/mf-manifest\.json refused: /);
  await page.goto(`/?override=mfe-auth=https://remotes.evil.example#${ROUTES.login}`);
  await expect(page.getByRole('alert').filter({ hasText: 'refused' })).toContainText(
    'Override of mfe-auth to https://remotes.evil.example/mf-manifest.json refused',
  );
  // The released build is used instead, and nothing was fetched from that origin.
  await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('evil.example')))).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem('portal.remoteOverrides'))).toBeNull();
  await page.goto(hash(ROUTES.login));
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'refused' })).toHaveCount(0);
});
