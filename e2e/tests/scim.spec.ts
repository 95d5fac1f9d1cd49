import { expect, test } from '../support/test';
import { COMPANY_SETTINGS_TABS, CSRF_HEADER, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { axeViolations } from '../support/axe-tour';
import { hash, portalUrl, readResetLink, signInReadyEmployer, uniqueEmail } from '../support/portal';

const M = MESSAGES.scim;
const SCIM_JSON = 'application/scim+json';

/**
 * SCIM provisioning end to end, at the portal's one address: the employer creates a token in Company
 * Settings, the provider (a client with nothing but that token) provisions an employee, the employee
 * signs in from a browser, and the provider's `active: false` ends that session before its next request.
 */
test('an employee disabled through SCIM loses their open session on the next request', async ({ page, request, browser, playwright, consoleGuard }) => {
  const employer = uniqueEmail('scim-boss');
  await signInReadyEmployer(page, request, 'Sandra Scim', employer, 'ScimBoss123');

  // The employer creates a token in Company Settings; it is shown once.
  await page.goto(hash(`${ROUTES.companySettings}?tab=${encodeURIComponent(COMPANY_SETTINGS_TABS[2])}`));
  const section = page.getByRole('region', { name: M.heading });
  await expect(section.getByLabel(M.baseUrl)).toHaveValue(`${portalUrl().replace(/\/+$/, '')}/scim/v2`);
  await section.getByLabel(M.tokenName, { exact: false }).fill('Entra ID');
  await section.getByRole('button', { name: M.create }).click();
  await expect(section.getByText(M.created)).toBeVisible();
  const token = await section.getByLabel(`${M.newToken}: Entra ID`).inputValue();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(section.getByRole('list', { name: M.tokensHeading }).getByText('Entra ID')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // What the employer sees, wide and on a phone.
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('scim-settings-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('scim-settings-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The provider: no cookie, no CSRF header, only the token.
  const provider = await playwright.request.newContext({ baseURL: portalUrl(), extraHTTPHeaders: { authorization: `Bearer ${token}`, 'content-type': SCIM_JSON } });
  const email = uniqueEmail('scim-employee');
  const created = await provider.post('/scim/v2/Users', {
    data: {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: email,
      externalId: 'e2e-1',
      active: true,
      name: { givenName: 'Ellis', familyName: 'Provisioned' },
      emails: [{ primary: true, type: 'work', value: email }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(created.headers()['content-type']).toMatch(/^application\/scim\+json/);
  const { id } = (await created.json()) as { id: string };

  // The employee chooses a password from the invitation, as one added by CSV does.
  const link = new URL((await readResetLink(request, email)).replace('/#', ''));
  const password = 'Provisioned123';
  const reset = await request.post('/api/accounts/reset-password', {
    data: { email, token: link.searchParams.get('token'), newPassword: password },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(reset.status(), await reset.text()).toBe(200);

  // The employee's browser holds a session (the portal's cookie) and uses it.
  const employeeContext = await browser.newContext();
  const employeePage = await employeeContext.newPage();
  await employeePage.goto(portalUrl());
  const signedIn = await employeePage.request.post('/api/accounts/login', { data: { email, password }, headers: { [CSRF_HEADER]: '1' } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const me = () => employeePage.evaluate(async () => (await fetch('/api/accounts/me', { credentials: 'same-origin' })).status);
  expect(await me()).toBe(200);

  // The provider disables the user, as Microsoft Entra ID sends it.
  const disabled = await provider.patch(`/scim/v2/Users/${id}`, {
    data: { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
  });
  expect(disabled.status(), await disabled.text()).toBe(200);
  expect(((await disabled.json()) as { active: boolean }).active).toBe(false);

  // The very next request of the browser is refused (Chromium logs the 401), and the account cannot sign in again.
  consoleGuard.expectStatus(401, '/api/accounts/me');
  expect(await me()).toBe(401);
  const again = await employeePage.request.post('/api/accounts/login', { data: { email, password }, headers: { [CSRF_HEADER]: '1' } });
  expect(again.status()).toBe(400);
  expect(((await again.json()) as { message: string }).message).toBe(MESSAGES.login.failed);

  // Revoking the token in Company Settings stops the provider at once.
  await section.getByRole('button', { name: `${M.revoke} Entra ID` }).click();
  await page.getByRole('dialog').getByRole('button', { name: M.revoke }).click();
  await expect(section.getByText(M.none)).toBeVisible();
  const refused = await provider.get('/scim/v2/Users');
  expect(refused.status()).toBe(401);

  await provider.dispose();
  await employeeContext.close();
});
