import { request as playwrightRequest } from '@playwright/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { apiRegisterEmployer, escapeRegExp, expectLoginPage, expectRoute, fillLogin, hash, uniqueEmail } from '../support/portal';
import { startPortal, type RunningPortal } from '../support/portal-process';
import { startSmtpServer, type JourneySmtpServer } from '../support/smtp-server';
import { expect, test } from '../support/test';

/**
 * The production path of mail: a portal of its own with SMTP_URL set sends the reset mail to a real
 * SMTP server, and the journey follows the link of the mail that server received (not the outbox).
 */
let smtp: JourneySmtpServer;
let portal: RunningPortal;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer();
  portal = await startPortal({ SMTP_URL: smtp.url, MAIL_REPLY_TO: 'Support <support@example.test>' });
});
test.afterAll(async () => {
  await portal?.stop();
  await smtp?.stop();
});

test('forgot password over SMTP: the link in the received mail resets the password and the new one signs in', async ({ page }) => {
  const email = uniqueEmail('smtp-forgot');
  const newPassword = 'SmtpReset789';
  const api = await playwrightRequest.newContext({ baseURL: portal.url });
  try {
    await apiRegisterEmployer(api, 'Sid Smtp', email, 'OriginalPass1');
  } finally {
    await api.dispose();
  }

  await page.goto(`${portal.url}${hash(ROUTES.forgotPassword)}`);
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: MESSAGES.forgot.button, exact: true }).click();
  await expect(page.getByText(MESSAGES.forgot.success).first()).toBeVisible();

  const mail = await smtp.waitFor((m) => m.to.includes(email), 30_000);
  expect(mail.secure, 'delivered after STARTTLS').toBe(true);
  expect(mail.subject).toBe('Reset your Commute Portal password');
  expect(mail.html).toContain('<a href=');
  const link = new RegExp(`${escapeRegExp(portal.url)}/#${escapeRegExp(ROUTES.resetPassword)}\\?email=${escapeRegExp(encodeURIComponent(email))}&token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel(MESSAGES.fields.newPassword, { exact: true }).fill(newPassword);
  await page.getByLabel(MESSAGES.fields.confirmPassword, { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: MESSAGES.reset.button, exact: true }).click();
  await expect(page.getByText(MESSAGES.reset.success, { exact: true }).first()).toBeVisible();
  await expectLoginPage(page);

  await page.goto(`${portal.url}${hash(ROUTES.login)}`);
  await fillLogin(page, email, newPassword);
  await expectRoute(page, ROUTES.setupCompany);
});
