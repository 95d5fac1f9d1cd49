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
  await expect(page.getByRole('navigation')).toHaveCount(1);
});
