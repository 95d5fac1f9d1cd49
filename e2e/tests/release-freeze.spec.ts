import path from 'node:path';
import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { hash } from '../support/portal';
import { createCompanyAdmin, portalStoreDir, releaseCliOk, releaseJson, reloadOn, signedInPage } from '../support/release-helpers';
import type { Page } from '@playwright/test';

// Builds one remote and waits for a freeze to end: longer than a page journey.
test.setTimeout(420_000);

const F = MESSAGES.releaseFreeze;

/** The version of mfe-auth the shell chose for this page, and the build really rendering, after a reload. */
async function authOn(page: Page): Promise<{ chosen: string | undefined; build: string | null }> {
  const build = await reloadOn(page, ROUTES.loginDetails, 'mfe-auth');
  const chosen = await page.evaluate(
    () => (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { version: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']?.version,
  );
  return { chosen, build };
}

test('a frozen company keeps its versions through a promote and a canary at 100%, and gets the new one when the freeze ends', async ({ browser }) => {
  const store = await portalStoreDir();
  const stable = (await releaseJson()).remotes['mfe-auth']!.stable.version;
  const tag = Date.now().toString(36);
  const v1 = `9.1.0-freeze.${tag}`;
  const v2 = `9.2.0-freeze.${tag}`;
  // v1 is a build of its own (its pages say so); v2 is the same files published again under another version.
  await releaseCliOk('publish', 'mfe-auth', '--version', v1);
  await releaseCliOk('publish', 'mfe-auth', '--version', v2, '--no-build', '--dir', path.join(store, 'mfe-auth', v1));

  const [frozen, other] = await Promise.all([createCompanyAdmin('frozen'), createCompanyAdmin('other')]);
  const frozenPage = await signedInPage(browser, frozen);
  const otherPage = await signedInPage(browser, other);
  expect(await authOn(frozenPage)).toEqual({ chosen: stable, build: stable });

  // ---- freeze from the CLI for a short window, then release twice: the frozen company keeps stable
  // Long enough for a promote, a canary and four reloads on a busy machine (45 s was not).
  const until = new Date(Date.now() + 120_000);
  await releaseCliOk('freeze', '--company', frozen.companyId, '--until', until.toISOString());
  await releaseCliOk('promote', 'mfe-auth', v1);
  expect(await authOn(otherPage)).toEqual({ chosen: v1, build: v1 });
  expect(await authOn(frozenPage)).toEqual({ chosen: stable, build: stable });
  await releaseCliOk('canary', 'mfe-auth', v2, '--percent', '100');
  expect((await authOn(otherPage)).chosen).toBe(v2);
  expect(await authOn(frozenPage)).toEqual({ chosen: stable, build: stable });
  const statusBegan = Date.now();
  expect((await releaseCliOk('status')).stdout).toContain(`company ${frozen.companyId} frozen until ${until.toISOString()}`);

  // ---- the end is moved up (the versions stay held), then passes: what everyone gets, on the next
  // load, with no action. Moved rather than waited for, so the journey does not sit out the margin
  // the window needs on a busy machine; still ahead when the CLI writes it (three CLI calls' time).
  const soon = new Date(Date.now() + Math.max(10_000, 3 * (Date.now() - statusBegan)));
  await releaseCliOk('freeze', '--company', frozen.companyId, '--until', soon.toISOString());
  await new Promise((r) => setTimeout(r, Math.max(0, soon.getTime() - Date.now() + 1_000)));
  expect((await authOn(frozenPage)).chosen).toBe(v2);

  // ---- the employer freezes from Company Settings; a plain rollback passes the company by
  await frozenPage.goto(hash(`${ROUTES.companySettings}?tab=${encodeURIComponent(MESSAGES.labels.companySettingsTabs[3])}`));
  await expect(frozenPage.getByText(F.notFrozenNow)).toBeVisible();
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await frozenPage.getByLabel(F.untilLabel).fill(day);
  await frozenPage.getByRole('button', { name: F.freeze }).click();
  await expect(frozenPage.getByText(F.frozenUntil(new Date(`${day}T00:00:00Z`).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC'))).toBeVisible();
  await releaseCliOk('rollback', 'mfe-auth');
  expect((await releaseJson()).remotes['mfe-auth']?.stable.version).toBe(stable);
  expect(await authOn(otherPage)).toEqual({ chosen: stable, build: stable });
  expect((await authOn(frozenPage)).chosen).toBe(v2);

  // ---- the employer ends it: the company gets what everyone gets
  await frozenPage.goto(hash(`${ROUTES.companySettings}?tab=${encodeURIComponent(MESSAGES.labels.companySettingsTabs[3])}`));
  await frozenPage.getByRole('button', { name: F.end }).click();
  await frozenPage.getByRole('dialog').getByRole('button', { name: F.end }).click();
  await expect(frozenPage.getByText(F.notFrozenNow)).toBeVisible();
  expect(await authOn(frozenPage)).toEqual({ chosen: stable, build: stable });

  const history = (await releaseCliOk('history', '--limit', '10')).stdout;
  expect(history).toMatch(new RegExp(`freeze\\s+\\*\\s+${frozen.companyId}\\s+-\\s+e2e-release`));
  expect(history).toMatch(new RegExp(`unfreeze\\s+\\*\\s+${frozen.companyId}\\s+\\S+\\s+Rae frozen`));
  await frozenPage.context().close();
  await otherPage.context().close();
});
