import { CSRF_HEADER, MESSAGES, ROUTES } from '@portal/shared-contracts';
import type { Page } from '@playwright/test';
import { apiRegisterEmployer, escapeRegExp, expectLoginPage, expectRoute, fillLogin, hash, uniqueEmail } from '../support/portal';
import { expect, test } from '../support/test';
import { answeredBy, deliveredMails, topology, UPSTREAM_HEADER, waitForDeliveredMail } from '../support/topology';

const RESET_SUBJECT = 'Reset your Commute Portal password';
// The demo company `npm start` creates, seeded by the topology's first instance.
const GREENWAY = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' } as const;

/**
 * Sends the page's requests to `apiPath` to api instance `instance` itself instead of through nginx
 * (which picks an instance by itself), answering the page with that instance's response and naming
 * it in the upstream header as nginx would.
 */
async function sendToInstance(page: Page, apiPath: string, instance: number): Promise<void> {
  const apiUrl = topology().apiUrls[instance]!;
  await page.unroute(`**${apiPath}`);
  await page.route(`**${apiPath}`, async (route) => {
    const response = await route.fetch({ url: `${apiUrl}${apiPath}` });
    await route.fulfill({ response, headers: { ...response.headers(), [UPSTREAM_HEADER]: new URL(apiUrl).host } });
  });
}

async function submitNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel(MESSAGES.fields.newPassword, { exact: true }).fill(password);
  await page.getByLabel(MESSAGES.fields.confirmPassword, { exact: true }).fill(password);
  await page.getByRole('button', { name: MESSAGES.reset.button, exact: true }).click();
}

test('a reset link mailed by one instance sets the password through the other, once; the new password signs in on both', async ({ page, request, consoleGuard }) => {
  test.setTimeout(60_000);
  const { apiUrls, nginxUrl } = topology();
  const email = uniqueEmail('topology-reset');
  const oldPassword = 'Topology-Old-Pass1';
  const newPassword = 'Topology-New-Pass2';
  await apiRegisterEmployer(request, 'Rita Reset', email, oldPassword);

  // ---- forgot password through nginx: the header names the instance that made the token
  await page.goto(hash(ROUTES.forgotPassword));
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(email);
  const forgotAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/forgot-password' && r.request().method() === 'POST');
  await page.getByRole('button', { name: MESSAGES.forgot.button, exact: true }).click();
  const forgot = await forgotAnswer;
  expect(forgot.status()).toBe(200);
  const issuer = answeredBy(forgot);
  expect(issuer, 'nginx names the instance that answered the request').not.toBeNull();
  const other = 1 - issuer!;
  await expect(page.getByText(MESSAGES.forgot.success).first()).toBeVisible();

  // ---- the mail as the SMTP server received it
  const mail = await waitForDeliveredMail((m) => m.to.includes(email) && m.subject === RESET_SUBJECT);
  const link = new RegExp(`${escapeRegExp(nginxUrl)}/#${escapeRegExp(ROUTES.resetPassword)}\\?email=${escapeRegExp(encodeURIComponent(email))}&token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // ---- the link opened in Chromium and used through the other instance
  await sendToInstance(page, '/api/accounts/reset-password', other);
  await page.goto(link!);
  const resetAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/reset-password');
  await submitNewPassword(page, newPassword);
  const reset = await resetAnswer;
  expect(reset.status()).toBe(200);
  expect(answeredBy(reset), `token made by instance ${issuer}, used through instance ${other}`).toBe(other);
  await expect(page.getByText(MESSAGES.reset.success, { exact: true }).first()).toBeVisible();
  await expectLoginPage(page);

  // ---- the same link again: refused by the instance that made it (in Chromium) and by the one that took it
  consoleGuard.expectStatus(400, '/api/accounts/reset-password');
  await sendToInstance(page, '/api/accounts/reset-password', issuer!);
  await page.goto(link!);
  const againAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/reset-password');
  await submitNewPassword(page, 'Topology-Third-Pass3');
  const again = await againAnswer;
  expect(again.status()).toBe(400);
  expect(answeredBy(again)).toBe(issuer);
  await expect(page.getByText(MESSAGES.reset.invalidToken, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(MESSAGES.reset.success, { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('reset-link-used-again-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('reset-link-used-again-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.unroute('**/api/accounts/reset-password');

  const token = new URL(link!.replace('/#/', '/')).searchParams.get('token')!;
  const direct = await request.post(`${apiUrls[other]}/api/accounts/reset-password`, {
    data: { email, token, newPassword: 'Topology-Third-Pass3' },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(direct.status(), `instance ${other}`).toBe(400);
  expect(await direct.json()).toMatchObject({ success: false, message: MESSAGES.reset.invalidToken });

  // ---- the new password signs in on each instance, the old one on none
  for (const [i, apiUrl] of apiUrls.entries()) {
    const ok = await request.post(`${apiUrl}/api/accounts/login`, { data: { email, password: newPassword }, headers: { [CSRF_HEADER]: '1' } });
    expect(ok.status(), `new password on instance ${i}: ${await ok.text()}`).toBe(200);
    const old = await request.post(`${apiUrl}/api/accounts/login`, { data: { email, password: oldPassword }, headers: { [CSRF_HEADER]: '1' } });
    expect(old.status(), `old password on instance ${i}`).toBe(400);
  }
  // And in Chromium, through nginx.
  await page.goto(hash(ROUTES.login));
  await fillLogin(page, email, newPassword);
  await expectRoute(page, ROUTES.setupCompany);
});

test('reset mails requested over both instances at once are each delivered once', async ({ request }) => {
  test.setTimeout(60_000);
  const N = 6;
  const emails = Array.from({ length: N }, () => uniqueEmail('topology-mail'));
  for (const email of emails) await apiRegisterEmployer(request, 'Mo Mail', email, 'Topology-Mail-Pass1');

  // At once, so both instances' senders have rows to take at the same time.
  const answers = await Promise.all(
    emails.map((email) => request.post('/api/accounts/forgot-password', { data: { email }, headers: { [CSRF_HEADER]: '1' } })),
  );
  const byInstance = [0, 0];
  for (const res of answers) {
    expect(res.status()).toBe(200);
    byInstance[answeredBy(res)!]! += 1;
  }
  expect(byInstance[0], `requests per instance: ${byInstance.join(', ')}`).toBeGreaterThan(0);
  expect(byInstance[1], `requests per instance: ${byInstance.join(', ')}`).toBeGreaterThan(0);

  const resetMailsTo = (email: string) => deliveredMails().filter((m) => m.to.includes(email) && m.subject === RESET_SUBJECT).length;
  await expect.poll(() => emails.filter((e) => resetMailsTo(e) > 0).length, { timeout: 20_000 }).toBe(N);
  // Longer than a sender's poll (5 s): a row the other instance also took would have arrived by now.
  await new Promise((r) => setTimeout(r, 6_000));
  expect(emails.map(resetMailsTo)).toEqual(emails.map(() => 1));
});

test('an invitation mailed by one instance sets the employee password through the other, once', async ({ request }) => {
  const { apiUrls, nginxUrl } = topology();
  const signIn = await request.post('/api/accounts/login', { data: GREENWAY, headers: { [CSRF_HEADER]: '1' } });
  expect(signIn.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}`, [CSRF_HEADER]: '1' };
  const email = uniqueEmail('topology-invite');
  const added = await request.post('/api/employees', { headers, data: { employees: [{ firstName: 'Ivy', lastName: 'Invited', email, employeeNumber: `INV-${Date.now().toString(36)}` }] } });
  expect(added.status(), await added.text()).toBe(201);
  const issuer = answeredBy(added)!;
  const other = 1 - issuer;

  const mail = await waitForDeliveredMail((m) => m.to.includes(email) && m.subject.includes('invited you'));
  const link = new RegExp(`${escapeRegExp(nginxUrl)}/#${escapeRegExp(ROUTES.resetPassword)}\\?email=${escapeRegExp(encodeURIComponent(email))}&token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const token = new URL(link!.replace('/#/', '/')).searchParams.get('token')!;

  const choose = (instance: number, newPassword: string) =>
    request.post(`${apiUrls[instance]}/api/accounts/reset-password`, { data: { email, token, newPassword }, headers: { [CSRF_HEADER]: '1' } });
  const used = await choose(other, 'Invited-Pass-One1');
  expect(used.status(), `invitation made by instance ${issuer}, used through instance ${other}: ${await used.text()}`).toBe(200);
  for (const i of [issuer, other]) {
    const again = await choose(i, 'Invited-Pass-Two2');
    expect(again.status(), `instance ${i}`).toBe(400);
    expect(await again.json()).toMatchObject({ success: false, message: MESSAGES.reset.invalidToken });
  }
  for (const [i, apiUrl] of apiUrls.entries()) {
    const ok = await request.post(`${apiUrl}/api/accounts/login`, { data: { email, password: 'Invited-Pass-One1' }, headers: { [CSRF_HEADER]: '1' } });
    expect(ok.status(), `the chosen password on instance ${i}: ${await ok.text()}`).toBe(200);
  }
});
