import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { axeViolations } from '../support/axe-tour';
import { expectRoute, hash, login, portalUrl, SUPERADMIN } from '../support/portal';
import { portalStoreDir, releaseCliOk, releaseJson, reloadOn, runRelease } from '../support/release-helpers';

// Builds one remote and waits for a link to expire: longer than a page journey.
test.setTimeout(420_000);

const P = MESSAGES.releasePreview;

/** The first link's life, in operator commands' time (see the first journey). */
const SHORT_LIFE_PER_CLI = 4;

// Each journey publishes a version of its own and makes its own links: the two workers can share the file.
test.describe.configure({ mode: 'parallel' });

/**
 * `pnpm release <args>` as an operator on the portal's machine: its store, its data folder (where the
 * key links are signed with is kept when PREVIEW_SECRET is not set) and its address.
 */
async function operatorCli(...args: string[]) {
  const store = await portalStoreDir();
  const res = await runRelease(args, {
    env: { ...process.env, RELEASE_STORE: store, DATA_DIR: path.dirname(store), PUBLIC_URL: portalUrl(), RELEASE_ACTOR: 'e2e-release' },
    timeoutMs: 180_000,
  });
  expect(res.code, `pnpm release ${args.join(' ')}\n${res.stdout}\n${res.stderr}`).toBe(0);
  const [link, line] = res.stdout.trim().split('\n');
  const made = /^preview ([0-9a-f]{16}): \S+ \S+ until (\S+) /.exec(line ?? '');
  return { link: link!, id: made?.[1] ?? '', until: made ? Date.parse(made[2]!) : Number.NaN, stdout: res.stdout };
}

/** A browser of its own (contexts share no cookie), on the login page. */
async function browserAt(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  return page;
}

const loginBuild = (page: Page) => reloadOn(page, ROUTES.login, 'mfe-auth');

test('a preview link shows its version to one browser and not another, survives a reload, expires, and can be left or revoked', async ({ browser }) => {
  const stable = (await releaseJson()).remotes['mfe-auth']!.stable.version;
  const version = `9.3.0-pr.1.${Date.now().toString(36)}`;
  await releaseCliOk('publish', 'mfe-auth', '--version', version);

  // ---- the link pins the version in the browser that opens it, and only there
  // The second link (for "Leave preview" and revocation below) is made first: how long an operator's
  // command takes on this machine now sets the first link's life. That life covers what is checked
  // while the link holds (the page opened, reloaded, captured at two sizes and checked by axe), at
  // least 40 s and at most the fixed 100 s it was; the journey then waits for its end.
  const cliBegan = Date.now();
  const long = await operatorCli('preview', 'mfe-auth', version, '--expires', '10m');
  const cliMs = Date.now() - cliBegan;
  const lifeS = Math.min(100, Math.max(40, Math.ceil((SHORT_LIFE_PER_CLI * cliMs) / 1000)));
  const short = await operatorCli('preview', 'mfe-auth', version, '--expires', `${lifeS}s`);
  expect(short.link).toMatch(new RegExp(`^${portalUrl()}/\\?preview=`));
  const mine = await browserAt(browser, short.link);
  const banner = mine.getByTestId('preview-banner');
  await expect(banner).toContainText(`mfe-auth ${version}`);
  await expect(banner.getByRole('link', { name: P.leave })).toBeVisible();
  expect(mine.url()).not.toContain('preview=');
  const cookie = (await mine.context().cookies()).find((c) => c.name === 'portal_preview');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await loginBuild(mine)).toBe(version);
  await expect(banner).toBeVisible();
  // The banner at a desk and on a phone, and what axe says of the page with it.
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await mine.setViewportSize({ width, height });
    await mine.screenshot({ path: test.info().outputPath(`preview-banner-${width}x${height}.png`) });
  }
  expect(await axeViolations(mine)).toEqual([]);
  expect(Date.now(), 'the first link still holds after the checks made while it holds').toBeLessThan(short.until);
  console.log(
    `[release preview] an operator's command ${(cliMs / 1000).toFixed(1)} s; the first link's life ${lifeS} s, ${((short.until - Date.now()) / 1000).toFixed(1)} s of it left after the checks made while it holds`,
  );

  const theirs = await browserAt(browser, portalUrl());
  expect(await loginBuild(theirs)).toBe(stable);
  await expect(theirs.getByTestId('preview-banner')).toHaveCount(0);
  expect((await releaseJson()).remotes['mfe-auth']!.stable.version).toBe(stable);

  // ---- "Leave preview" and revocation, on the second link
  expect((await operatorCli('previews')).stdout).toContain(long.id);
  const other = await browserAt(browser, long.link);
  await expect(other.getByTestId('preview-banner')).toBeVisible();
  await other.getByRole('link', { name: P.leave }).click();
  await expect(other.getByTestId('preview-banner')).toHaveCount(0);
  expect(await loginBuild(other)).toBe(stable);
  await other.goto(long.link);
  await expect(other.getByTestId('preview-banner')).toBeVisible();
  await operatorCli('revoke-preview', long.id);
  await other.reload();
  await expect(other.getByTestId('preview-refused')).toContainText(P.refused.revoked);
  await other.setViewportSize({ width: 390, height: 844 });
  await other.screenshot({ path: test.info().outputPath('preview-refused-390x844.png') });
  expect(await axeViolations(other)).toEqual([]);
  expect(other.url()).not.toContain('preview-refused');
  expect(await loginBuild(other)).toBe(stable);
  await other.goto(long.link);
  await expect(other.getByTestId('preview-refused')).toContainText(P.refused.revoked);

  // ---- the first link's end passes: the browser is back on what everyone gets, and the link says so
  // (The second link's part may outlast the first link's life on an idle machine: its end is then already past.)
  await new Promise((r) => setTimeout(r, Math.max(0, short.until - Date.now() + 2_000)));
  expect(await loginBuild(mine)).toBe(stable);
  await expect(mine.getByTestId('preview-banner')).toHaveCount(0);
  await mine.goto(short.link);
  await expect(mine.getByTestId('preview-refused')).toContainText(P.refused.expired);
  // A link altered by one character pins nothing either.
  await mine.goto(`${short.link.slice(0, -2)}${short.link.at(-2) === 'A' ? 'B' : 'A'}${short.link.slice(-1)}`);
  await expect(mine.getByTestId('preview-refused')).toContainText(P.refused.invalid);
  expect(await loginBuild(mine)).toBe(stable);

  for (const page of [mine, theirs, other]) await page.context().close();
});

test('a super admin makes a preview link in the release console, it pins the version in another browser, and revoking it there ends it', async ({ browser, page }) => {
  const stable = (await releaseJson()).remotes['mfe-auth']!.stable.version;
  const version = `9.4.0-pr.2.${Date.now().toString(36)}`;
  await releaseCliOk('publish', 'mfe-auth', '--version', version);

  await login(page, SUPERADMIN.email, SUPERADMIN.password);
  await expectRoute(page, ROUTES.superAdmin);
  await page.goto(hash(ROUTES.superAdminReleases));
  const section = page.getByRole('region', { name: P.consoleHeading });
  await expect(section.getByText(P.consoleNone)).toBeVisible();
  await section.getByLabel(P.consoleRemote).selectOption('mfe-auth');
  await section.getByLabel(P.consoleVersion).selectOption(version);
  await section.getByLabel(P.consoleExpires).fill('2h');
  await section.getByRole('button', { name: P.consoleCreate }).click();
  const made = section.getByLabel(P.consoleMade('mfe-auth', version));
  await expect(made).toHaveValue(new RegExp(`^${portalUrl()}/\\?preview=`));
  const link = await made.inputValue();
  const row = section.getByRole('row').filter({ hasText: `mfe-auth ${version}` });
  await expect(row).toContainText(SUPERADMIN.email);
  for (const [width, height] of [[1280, 800], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await section.screenshot({ path: test.info().outputPath(`console-previews-${width}x${height}.png`) });
  }
  expect(await axeViolations(page)).toEqual([]);

  // ---- the link, in a browser of its own
  const other = await browserAt(browser, link);
  await expect(other.getByTestId('preview-banner')).toContainText(`mfe-auth ${version}`);
  expect(await loginBuild(other)).toBe(version);

  // ---- revoked in the console, after a confirmation: the link says so
  await row.getByRole('button', { name: `${P.consoleRevoke} mfe-auth ${version}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(P.consoleRevokeConfirm('mfe-auth', version));
  await dialog.getByRole('button', { name: P.consoleRevoke }).click();
  await expect(section.getByText(P.consoleNone)).toBeVisible();
  await other.reload();
  await expect(other.getByTestId('preview-refused')).toContainText(P.refused.revoked);
  expect(await loginBuild(other)).toBe(stable);
  await other.context().close();
});
