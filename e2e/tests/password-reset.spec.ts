import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { apiRegisterEmployer, expectLoginPage, expectRoute, hash, login, readResetLink, uniqueEmail } from '../support/portal';

test('forgot password: the mailed link resets the password and the new one signs in', async ({ page, request, consoleGuard }) => {
  const email = uniqueEmail('forgot');
  const newPassword = 'ResetPass789';
  await apiRegisterEmployer(request, 'Bea Forgetful', email, 'OriginalPass1');

  await page.goto(hash(ROUTES.forgotPassword));
  await expect(page.getByRole('heading', { name: MESSAGES.forgot.heading })).toBeVisible();
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: MESSAGES.forgot.button, exact: true }).click();
  // Shown on the page and announced by a toast.
  await expect(page.getByText(MESSAGES.forgot.success).first()).toBeVisible();
  await expectLoginPage(page);

  const link = await readResetLink(request, email);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await page.getByLabel(MESSAGES.fields.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(MESSAGES.fields.confirmPassword, { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: MESSAGES.reset.button, exact: true }).click();
  await expect(page.getByText(MESSAGES.reset.success, { exact: true }).first()).toBeVisible();
  await expectLoginPage(page);

  // The link is single use: the api refuses it with a 400, which Chromium logs.
  consoleGuard.expectStatus(400, '/api/accounts/reset-password');
  await page.goto(link);
  await page.getByLabel(MESSAGES.fields.newPassword, { exact: true }).fill('AnotherPass000');
  await page.getByLabel(MESSAGES.fields.confirmPassword, { exact: true }).fill('AnotherPass000');
  await page.getByRole('button', { name: MESSAGES.reset.button, exact: true }).click();
  await expect(page.getByText(MESSAGES.reset.invalidToken).or(page.getByText(MESSAGES.reset.failed)).first()).toBeVisible();
  await expect(page.getByText(MESSAGES.reset.success, { exact: true })).toHaveCount(0);

  await login(page, email, newPassword);
  await expectRoute(page, ROUTES.setupCompany);
});
