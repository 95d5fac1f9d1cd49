import { expect, test } from '../support/test';
import { MESSAGES } from '@portal/shared-contracts';

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/#/no-such-page-here');
  await expect(page.getByText(MESSAGES.notFound.code, { exact: true })).toBeVisible();
  await expect(page.getByText(MESSAGES.notFound.text, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: MESSAGES.notFound.link })).toBeVisible();
});
