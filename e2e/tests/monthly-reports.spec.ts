import { request as playwrightRequest } from '@playwright/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { apiRegisterEmployer, apiSetUpCompany, escapeRegExp, expectRoute, fillLogin, hash, uniqueEmail } from '../support/portal';
import { startPortal, type RunningPortal } from '../support/portal-process';
import { startSmtpServer, type JourneySmtpServer } from '../support/smtp-server';
import { expect, test, type Browser } from '../support/test';
import { axeViolations } from '../support/axe-tour';

/**
 * Monthly reports by mail (docs/decisions/0049), as an employer and a recipient meet them: a portal
 * of its own sends through a real SMTP server; the recipient, who has no account, stops the mails
 * from the link in the one received.
 */
const M = MESSAGES.monthlyReports;
const PASSWORD = 'Monthly-Pass1';

let smtp: JourneySmtpServer;
let portal: RunningPortal;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer();
  portal = await startPortal({ SMTP_URL: smtp.url });
});
test.afterAll(async () => {
  await portal?.stop();
  await smtp?.stop();
});

/**
 * Whether last month's report is due today for a company in London: from the month's first Monday to
 * Friday day on. Between the 1st and that day (a weekend at most) nothing is due, and the journey
 * cannot see a mail.
 */
function reportDueToday(now = new Date()): boolean {
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }).format(now);
  const day = Number(part({ day: 'numeric' }));
  const weekday = part({ weekday: 'short' });
  const firstOfMonthWeekday = (['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(weekday) - (day - 1) + 35) % 7;
  const firstWorkingDay = firstOfMonthWeekday === 6 ? 3 : firstOfMonthWeekday === 0 ? 2 : 1;
  return day >= firstWorkingDay;
}

async function signedIn(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport });
  const page = await context.newPage();
  await page.goto(hash(ROUTES.login));
  await fillLogin(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await page.goto(hash(ROUTES.companySettingsDetails));
  return { context, page, card: page.getByRole('region', { name: M.heading }) };
}

test('an employer names a recipient, who receives last month’s report by mail and unsubscribes from its link without signing in', async ({ browser }) => {
  test.skip(!reportDueToday(), 'last month’s report is not due before this month’s first working day');
  test.setTimeout(240_000);
  const email = uniqueEmail('monthly');
  const companyName = `Mercer Haulage ${Date.now().toString(36)}`;
  const recipient = uniqueEmail('board');
  const api = await playwrightRequest.newContext({ baseURL: portal.url });
  try {
    await apiRegisterEmployer(api, 'Mo Mercer', email, PASSWORD);
    await apiSetUpCompany(api, email, PASSWORD, companyName);
  } finally {
    await api.dispose();
  }

  // ---- the employer names a recipient in Company Settings
  const employer = await signedIn(browser, email);
  await expect(employer.card.getByText(M.empty)).toBeVisible();
  await employer.card.getByLabel(M.emailLabel, { exact: true }).fill('not an address');
  await employer.card.getByRole('button', { name: M.add, exact: true }).click();
  await expect(employer.card.getByText(M.emailInvalid)).toBeVisible();
  await employer.card.getByLabel(M.emailLabel, { exact: true }).fill(recipient);
  await employer.card.getByRole('button', { name: M.add, exact: true }).click();
  const list = employer.card.getByRole('list', { name: M.listLabel });
  await expect(list.getByRole('listitem').filter({ hasText: recipient })).toContainText(M.neverSent);
  await employer.page.screenshot({ path: test.info().outputPath('recipients-1280.png'), fullPage: true });
  await employer.context.close();

  // ---- the next pass of the job (every api start, then every 15 minutes) sends last month's report
  await portal.stop({ keepData: true });
  portal = await startPortal({ SMTP_URL: smtp.url }, { dataDir: portal.dataDir });
  const mail = await smtp.waitFor((m) => m.to.includes(recipient), 60_000);
  expect(mail.secure, 'delivered after STARTTLS').toBe(true);
  expect(mail.subject).toContain(companyName);
  const link = new RegExp(`${escapeRegExp(portal.url)}/#${escapeRegExp(ROUTES.unsubscribe)}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  // Exactly one mail for the month, whatever the restarts.
  await portal.stop({ keepData: true });
  portal = await startPortal({ SMTP_URL: smtp.url }, { dataDir: portal.dataDir });
  await new Promise((r) => setTimeout(r, 3_000));
  expect(smtp.received.filter((m) => m.to.includes(recipient))).toHaveLength(1);

  // ---- the recipient opens the link (the port changed with the restart: same path, same token)
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, portal.url));
    await expect(page.getByRole('heading', { level: 1, name: M.unsubscribeHeading })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`unsubscribe-${viewport.width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    if (viewport.width === 1280) {
      await page.getByRole('button', { name: M.unsubscribeButton, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: M.unsubscribed })).toBeVisible();
      await expect(page.getByRole('button', { name: M.unsubscribeButton, exact: true })).toBeDisabled();
    }
    await context.close();
  }

  // ---- the employer sees it
  const again = await signedIn(browser, email, { width: 390, height: 844 });
  await expect(again.card.getByRole('list', { name: M.listLabel }).getByRole('listitem').filter({ hasText: recipient })).toContainText(M.unsubscribedState);
  await again.page.screenshot({ path: test.info().outputPath('recipients-390.png'), fullPage: true });
  await again.context.close();
});
