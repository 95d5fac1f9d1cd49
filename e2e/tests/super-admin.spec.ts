import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, login, SUPERADMIN } from '../support/portal';

test('the super admin lands in the back office', async ({ page }) => {
  await login(page, SUPERADMIN.email, SUPERADMIN.password);
  await expectRoute(page, ROUTES.superAdmin);
  // One navigation names every area, the spec's tab bar first.
  const nav = page.getByRole('navigation', { name: MESSAGES.shell.backOfficeNav });
  for (const tab of MESSAGES.labels.superAdminNav) {
    await expect(nav.getByRole('link', { name: tab, exact: true })).toBeVisible();
  }
  // One navigation of links; a list's pager (Previous, Next: buttons) is a navigation of its own.
  await expect(page.getByRole('navigation').filter({ has: page.getByRole('link') })).toHaveCount(1);
});
