import { expect, test } from '../support/test';
import { MESSAGES, REMOTES, ROUTES } from '@portal/shared-contracts';
import { hash } from '../support/portal';
import { createCompanyAdmin, releaseCliOk, releaseJson, renderedBuild, signedInPage } from '../support/release-helpers';

test.setTimeout(180_000);

test('a canary whose files fail gives way to stable for that user, without the unavailable panel', async ({ browser, consoleGuard }) => {
  const stable = (await releaseJson()).remotes['mfe-auth']?.stable.version;
  expect(stable).toBeTruthy();
  const broken = `9.1.0-broken.${Date.now().toString(36)}`;
  const admin = await createCompanyAdmin('fallback');
  await releaseCliOk('publish', 'mfe-auth', '--version', broken);
  await releaseCliOk('canary', 'mfe-auth', broken, '--percent', '0', '--companies', admin.companyId);

  try {
    const page = await signedInPage(browser, admin);
    // The canary's files are unreachable for this user (a bad upload, a CDN fault).
    consoleGuard.expectRemoteDown('mfe-auth', 'aborted');
    consoleGuard.expectCanaryFallback('mfe-auth');
    let blocked = 0;
    await page.route(`**/remotes/mfe-auth/${broken}/**`, (route) => {
      blocked += 1;
      return route.abort();
    });
    await page.goto(hash(ROUTES.loginDetails));
    await page.reload();

    await expect(page.locator('[data-remote="mfe-auth"] *').first()).toBeVisible({ timeout: 30_000 });
    expect(await renderedBuild(page, 'mfe-auth')).toBe(stable);
    await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-auth'].feature))).toHaveCount(0);
    expect(blocked, 'the canary was tried first').toBeGreaterThan(0);

    // The About view says what this user runs and why.
    const diagnostics = await page.evaluate(() => (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { version: string; reason: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']);
    expect(diagnostics).toMatchObject({ version: stable, reason: 'fallback' });
    await page.getByRole('banner').getByRole('button', { name: /Rae fallback/ }).click();
    await page.getByRole('menuitem', { name: MESSAGES.labels.helpSupport }).click();
    const about = page.getByRole('dialog');
    await expect(about.locator('[data-remote="mfe-auth"]')).toContainText(`${stable} (fallback to stable)`);
    await expect(about.locator('[data-remote="mfe-auth"]')).toContainText(`canary ${broken} failed to load`);
    await page.context().close();
  } finally {
    await releaseCliOk('abort-canary', 'mfe-auth');
  }
});
