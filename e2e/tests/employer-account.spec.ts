import { expect, test } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import {
  apiSetUpCompany,
  expectLoginPage,
  expectRemoteOrUnavailable,
  releasedRemotes,
  expectRoute,
  fillLogin,
  hash,
  login,
  logOutViaProfileMenu,
  signUpEmployer,
  uniqueEmail,
} from '../support/portal';

const NAME = 'Ada Employer';

test('a new employer signs up, logs out and in, changes the password and must use the new one', async ({ page, request, consoleGuard }) => {
  const released = await releasedRemotes(request);
  const email = uniqueEmail('employer');
  const password = 'FirstPass123';
  const newPassword = 'SecondPass456';

  await signUpEmployer(page, NAME, email, password);
  await expectRoute(page, ROUTES.setupCompany);
  // Company setup lives in mfe-onboarding: its page when released, else the panel naming the feature.
  await expectRemoteOrUnavailable(page, released, 'mfe-onboarding');

  await logOutViaProfileMenu(page, NAME);
  await expectLoginPage(page);

  await fillLogin(page, email, password);
  await expectRoute(page, ROUTES.setupCompany);

  // My profile belongs to the employer area: with no company yet, it leads back to the setup step.
  await page.goto(hash(ROUTES.loginDetails));
  await expectRoute(page, ROUTES.setupCompany);
  await apiSetUpCompany(request, email, password, 'Ada Commuting Ltd');
  await logOutViaProfileMenu(page, NAME);
  await fillLogin(page, email, password);
  await expectRoute(page, ROUTES.mainPage);

  await page.goto(hash(ROUTES.loginDetails));
  // The email is the signed-in one (the form checks it is in sync); fill it only if it is editable.
  const emailField = page.getByLabel(MESSAGES.fields.email, { exact: true });
  if (await emailField.isEditable()) await emailField.fill(email);
  else await expect(emailField).toHaveValue(email);
  await page.getByLabel(MESSAGES.fields.currentPassword, { exact: true }).fill(password);
  await page.getByLabel(MESSAGES.fields.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(MESSAGES.fields.confirmNewPassword, { exact: true }).fill(newPassword);
  // The change ends every session of the user: a call the page makes before the Ok (the join-requests
  // bell's refresh) is refused, which Chromium logs; the page stays until the Ok.
  consoleGuard.expectStatus(401, '/api/employees/pending');
  await page.getByRole('button', { name: MESSAGES.changePassword.button, exact: true }).click();

  const success = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(success.getByText(MESSAGES.changePassword.successTitle, { exact: true })).toBeVisible();
  await expect(success.getByText(MESSAGES.changePassword.success)).toBeVisible();
  await success.getByRole('button', { name: MESSAGES.labels.ok, exact: true }).click();
  await expectLoginPage(page);

  // The refused old password is the api's 400, which Chromium logs.
  consoleGuard.expectStatus(400, '/api/accounts/login');
  await login(page, email, password);
  await expect(page.getByText(MESSAGES.login.failed)).toBeVisible();

  await login(page, email, newPassword);
  await expectRoute(page, ROUTES.mainPage);
});
