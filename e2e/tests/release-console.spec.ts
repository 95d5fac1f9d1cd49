import path from 'node:path';
import type { Browser } from '@playwright/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, hash, login, portalUrl, SUPERADMIN } from '../support/portal';
import { portalStoreDir, releaseCliOk, releaseJson } from '../support/release-helpers';
import { expect, test } from '../support/test';

/**
 * The release console (docs/decisions/0020-release-console.md): a super admin sees a canary the CLI
 * started, promotes it from the console and a new page load gets it; rolls back from the console and
 * the next load gets the previous stable. The new version is the stable build published again under
 * another version (no rebuild): which version a page loads is what the shell resolved and fetched.
 */

const M = MESSAGES.releases;

test.setTimeout(180_000);

/** A new browser (its own device id) opens the login page: the mfe-auth version it resolved and the folder it fetched. */
async function freshLoad(browser: Browser): Promise<{ version: string; reason: string; fetched: string[] }> {
  const context = await browser.newContext({ baseURL: portalUrl() });
  try {
    const page = await context.newPage();
    await page.goto(hash(ROUTES.login));
    await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
    return await page.evaluate(() => {
      const choice = (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { version: string; reason: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']!;
      const fetched = performance
        .getEntriesByType('resource')
        .map((e) => /\/remotes\/mfe-auth\/([^/]+)\//.exec(e.name)?.[1])
        .filter((v): v is string => Boolean(v));
      return { version: choice.version, reason: choice.reason, fetched: [...new Set(fetched)] };
    });
  } finally {
    await context.close();
  }
}

test('a super admin promotes a canary from the release console and rolls it back; the next page load gets each', async ({ browser, page }, testInfo) => {
  const store = await portalStoreDir();
  const stable = (await releaseJson()).remotes['mfe-auth']?.stable.version;
  expect(stable, 'mfe-auth is released at start').toBeTruthy();
  const next = `9.1.0-console.${Date.now().toString(36)}`;

  // ---- the CLI publishes and starts a canary for 10%: the console shows it
  await releaseCliOk('publish', 'mfe-auth', '--version', next, '--no-build', '--dir', path.join(store, 'mfe-auth', stable!));
  await releaseCliOk('canary', 'mfe-auth', next, '--percent', '10');

  // Healthy figures for both versions, as browsers report them (the shell's sender is covered by the
  // guard's journey): page views that loaded, with their load times and LCP. A page reads
  // release.json before it runs a version, which is when the portal tells the api that the canary's
  // telemetry is to be stored (docs/decisions/0029).
  expect((await releaseJson()).remotes['mfe-auth']?.canary?.version).toBe(next);
  for (const version of [stable!, next]) {
    const events = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? { remote: 'mfe-auth', version, reason: version === next ? 'canary' : 'stable', kind: 'vital', name: 'LCP', value: 1200 + i } : { remote: 'mfe-auth', version, reason: version === next ? 'canary' : 'stable', kind: 'load', ok: true, ms: 150 + i },
    );
    const res = await fetch(`${portalUrl()}/api/telemetry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client: `e2e-console-${version.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 60), events }) });
    expect(res.status).toBe(202);
  }

  await login(page, SUPERADMIN.email, SUPERADMIN.password);
  await expectRoute(page, ROUTES.superAdmin);
  await page.getByRole('navigation', { name: MESSAGES.shell.backOfficeNav }).getByRole('link', { name: M.title, exact: true }).click();
  await expectRoute(page, ROUTES.superAdminReleases);
  await expect(page).toHaveTitle(new RegExp(`^${M.title} · `));
  const card = page.getByRole('article', { name: 'mfe-auth' });
  await expect(card.getByText(next, { exact: true }).first()).toBeVisible();
  await expect(card.getByText('10%', { exact: true })).toBeVisible();
  await expect(card.getByRole('table')).toBeVisible();
  // Both versions' figures side by side, each with its trend. The canary's views are only the ten
  // sent above; stable's include every other journey's page views of the login page in this run.
  await expect(card.getByRole('img', { name: `mfe-auth ${next} ${M.figures.trend}: 10 page views, 0 failures, at most 10 a step` })).toBeVisible();
  const escaped = `mfe-auth ${stable!} ${M.figures.trend}: `.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(card.getByRole('img', { name: new RegExp(`^${escaped}\\d+ page views`) })).toBeVisible();
  await expect(card.getByRole('row').filter({ hasText: next })).toContainText('0.0%');
  const history = page.getByRole('region', { name: M.history });
  await expect(history.getByRole('row').nth(1)).toContainText(next);
  await expect(history.getByRole('row').nth(1)).toContainText('e2e-release');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('release-console-1280.png'), fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('release-console-390.png'), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  // ---- promote from the console, after a confirmation naming the effect
  await card.getByRole('button', { name: M.promote }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(M.confirmPromote('mfe-auth', next));
  await page.screenshot({ path: testInfo.outputPath('release-console-confirm-1280.png') });
  await confirm.getByRole('button', { name: M.confirm }).click();
  await expect(page.getByText(M.done.promote('mfe-auth', next))).toBeVisible();
  await expect(card.getByText(M.noCanary)).toBeVisible();
  expect((await releaseJson()).remotes['mfe-auth']).toMatchObject({ stable: { version: next }, canary: null });

  const promoted = await freshLoad(browser);
  expect(promoted).toMatchObject({ version: next, reason: 'stable' });
  expect(promoted.fetched).toEqual([next]);

  // ---- roll back from the console: the next load gets the previous stable
  await card.getByRole('button', { name: M.rollback }).click();
  await expect(confirm).toContainText(M.confirmRollback('mfe-auth', next, stable!));
  await confirm.getByRole('button', { name: M.confirm }).click();
  await expect(page.getByText(M.done.rollback('mfe-auth', stable!))).toBeVisible();
  expect((await releaseJson()).remotes['mfe-auth']?.stable.version).toBe(stable);

  const rolledBack = await freshLoad(browser);
  expect(rolledBack).toMatchObject({ version: stable, reason: 'stable' });
  expect(rolledBack.fetched).toEqual([stable]);

  // ---- the history names the super admin, in the console and for the CLI
  await expect(history.getByRole('row').nth(1)).toContainText(SUPERADMIN.email);
  const cli = await releaseCliOk('history', 'mfe-auth', '--limit', '2');
  expect(cli.stdout).toMatch(new RegExp(`promote\\s+mfe-auth\\s+${next.replace(/\./g, '\\.')}.*${SUPERADMIN.email.replace(/\./g, '\\.')}`));
  expect(cli.stdout).toMatch(new RegExp(`rollback\\s+mfe-auth\\s+${stable!.replace(/\./g, '\\.')}.*${SUPERADMIN.email.replace(/\./g, '\\.')}`));
  await page.screenshot({ path: testInfo.outputPath('release-console-after-1280.png'), fullPage: true });
});
