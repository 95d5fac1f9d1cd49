import { expect, test } from '../support/test';
import { CSRF_HEADER, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { apiLogin, expectLoginPage, expectRoute, hash, signUpEmployer, uniqueEmail } from '../support/portal';

test('a session ended on the server sends the page to login on its next call', async ({ page, playwright, consoleGuard }) => {
  const email = uniqueEmail('revoked');
  const password = 'RevokeMe123';
  await signUpEmployer(page, 'Cy Revoked', email, password);
  await expectRoute(page, ROUTES.setupCompany);

  // A second client (the mobile app, say) changes the password: every session of the user ends.
  const other = await playwright.request.newContext({ baseURL: process.env.PORTAL_URL });
  const token = await apiLogin(other, email, password);
  const changed = await other.post('/api/accounts/change-password', {
    data: { currentPassword: password, newPassword: 'RevokedPass456' },
    headers: { authorization: `Bearer ${token}`, [CSRF_HEADER]: '1' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await other.dispose();

  // The page still believes it is signed in until it asks the server for anything: the api's 401,
  // which Chromium logs, is what sends it to login.
  consoleGuard.expectStatus(401, '/api/accounts/me');
  await page.goto(hash(ROUTES.loginDetails));
  await page.reload();
  await expectLoginPage(page);
  await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
});
