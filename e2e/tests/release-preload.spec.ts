import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, hash, releasedRemotes } from '../support/portal';
import { createCompanyAdmin, signedInPage } from '../support/release-helpers';

test("a nav link warms its page's remote before the click", async ({ browser, request }) => {
  expect([...(await releasedRemotes(request))], 'the journey warms mfe-employees, which must be released').toContain('mfe-employees');
  const admin = await createCompanyAdmin('preload');
  const page = await signedInPage(browser, admin);
  const employeesFiles: string[] = [];
  // How the browser was asked for the page's own module (its Sec-Purpose header).
  let pageModulePurpose: Promise<string> | undefined;
  page.on('request', (r) => {
    if (r.url().includes('/remotes/mfe-employees/')) employeesFiles.push(r.url());
    if (r.url().includes('/remotes/mfe-employees/') && r.url().includes('__federation_expose_EmployeeManagementPage.'))
      pageModulePurpose ??= r.allHeaders().then((h) => h['sec-purpose'] ?? 'none');
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
  // A prefetch, not a preload: a preload the page leaves unused for a few seconds makes the browser warn.
  await expect.poll(() => pageModulePurpose ?? 'not requested').toBe('prefetch');
  await page.context().close();
});
