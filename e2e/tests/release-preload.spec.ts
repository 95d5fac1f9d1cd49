import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, hash, releasedRemotes } from '../support/portal';
import { createCompanyAdmin, signedInPage } from '../support/release-helpers';

test("a nav link warms its page's remote before the click", async ({ browser, request }) => {
  expect([...(await releasedRemotes(request))], 'the journey warms mfe-employees, which must be released').toContain('mfe-employees');
  const admin = await createCompanyAdmin('preload');
  const page = await signedInPage(browser, admin);
  const employeesFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/mfe-employees/')) employeesFiles.push(r.url());
  });
  await page.goto(hash(ROUTES.loginDetails));
  await page.reload();
  const nav = page.getByRole('navigation', { name: MESSAGES.shell.employerNav });
  await expect(nav).toBeVisible();
  // Hover (or, already, idle time) fetches the remote's entry and the page's chunks; no navigation yet.
  await nav.getByRole('link', { name: MESSAGES.labels.employerNav[2], exact: true }).hover();
  await expect.poll(() => employeesFiles.some((u) => /remoteEntry\.js$/.test(u)), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => employeesFiles.filter((u) => /\.js$/.test(u) && !/remoteEntry\.js$/.test(u)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expectRoute(page, ROUTES.loginDetails);
  // The browser warns of a preloaded file the page has not used 3 s after its load event: the warm-up
  // fetches with rel=prefetch, so the console guard has nothing to report.
  await page.waitForTimeout(4_000);
  await page.context().close();
});

test("the page names the shell's stylesheets and scripts in its first answer, and the login page uses them all", async ({ page }) => {
  await page.goto(hash(ROUTES.login));
  await expect(page.getByRole('button', { name: MESSAGES.login.button })).toBeVisible();
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => ({ as: l.as, path: new URL(l.href).pathname })),
  );
  // The shell's own stylesheets the page applies (a remote's come with its files, preloaded by the served page's script).
  const applied = await page.evaluate(() =>
    [...document.styleSheets].map((s) => (s.href ? new URL(s.href).pathname : '')).filter((p) => p && !p.startsWith('/remotes/')),
  );
  expect(applied.length, 'the login page applies the shell stylesheets').toBeGreaterThan(0);
  for (const sheet of applied) expect(preloaded, `${sheet} is preloaded from the first answer`).toContainEqual({ as: 'style', path: sheet });
  // Every preloaded file is used: the browser warns (and the console guard fails the test) otherwise, 3 s after load.
  await page.waitForTimeout(4_000);
});
