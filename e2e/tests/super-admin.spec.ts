import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, login, SUPERADMIN } from '../support/portal';

test('the super admin lands in the back office', async ({ page }) => {
  await login(page, SUPERADMIN.email, SUPERADMIN.password);
  await expectRoute(page, ROUTES.superAdmin);
  // The back office names each area in its tab bar (and may repeat it in a side menu).
  for (const tab of MESSAGES.labels.superAdminNav) {
    await expect(page.getByRole('link', { name: tab, exact: true }).first()).toBeVisible();
  }
});
