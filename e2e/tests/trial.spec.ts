import { request as playwrightRequest } from '@playwright/test';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/test';
import { MESSAGES, ROUTES, TRIAL, type AuditEntry, type Billing, type Page as ListPage, type PaymentHistoryEntry } from '@portal/shared-contracts';
import {
  apiLogin,
  apiRegisterEmployer,
  apiSetUpCompany,
  escapeRegExp,
  expectLoginPage,
  expectRoute,
  expectSearchApplied,
  hash,
  login,
  logOutViaProfileMenu,
  readOutbox,
  signUpEmployer,
  SUPERADMIN,
  uniqueEmail,
} from '../support/portal';
import { startPortal, type RunningPortal } from '../support/portal-process';
import { seriousAxeViolations } from '../support/axe-tour';

// A new customer's first hour and what follows a free trial (docs/decisions/0033-trial-and-consent.md).

const COPY = MESSAGES.billing;
const NOTICE = COPY.notice;
const START = MESSAGES.insights.gettingStarted;
const SETTINGS = MESSAGES.schemeSettings;
const HELP = MESSAGES.support;
const PASSWORD = 'Trial-Pass-2026';
/** The name the api gives the first super admin (api/src/seed.ts). */
const SUPER_ADMIN_NAME = 'Super Admin';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date(iso));

/** A company name of 60 characters, unique to the run: the longest the screens are looked at with. */
function longName(tag: string): string {
  const base = `${tag} ${Date.now().toString(36)} Regional Commuting and Lift Sharing Partners`;
  return `${base} Limited Company Group`.slice(0, 60).trimEnd().padEnd(60, 'x');
}

/** No serious or critical WCAG 2.1 AA violation on the page. */
async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The page at both sizes, full page, into the test's output folder; axe at each. */
async function capture(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // From the top: a full-page capture of a scrolled page draws the sticky header mid-page. Until
    // the page has drawn a frame at its new size and scroll.
    await page.evaluate(() => new Promise<void>((drawn) => {
      window.scrollTo(0, 0);
      requestAnimationFrame(() => requestAnimationFrame(() => drawn()));
    }));
    await page.screenshot({ path: test.info().outputPath(`${size.width}-${name}.png`), fullPage: true });
    await expectAccessible(page);
  }
  await page.setViewportSize(SIZES[0]);
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const infoOf = (page: Page) => page.getByRole('region', { name: COPY.infoTitle, exact: true });
const historyOf = (page: Page) => page.getByRole('region', { name: COPY.historyTitle, exact: true });
const startOf = (page: Page) => page.getByRole('region', { name: COPY.startTitle, exact: true });
const noticeOf = (page: Page) => page.getByRole('complementary', { name: NOTICE.label });

function fact(page: Page, label: string): Locator {
  return infoOf(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

async function proceed(page: Page): Promise<void> {
  await page.getByRole('button', { name: MESSAGES.labels.proceed, exact: true }).click();
}

async function toast(page: Page, message: string): Promise<void> {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

/** Chooses the payment method, accepts the terms and starts the subscription. */
async function startSubscription(page: Page): Promise<void> {
  const card = startOf(page);
  await card.getByRole('radio', { name: 'Bank transfer' }).check();
  await card.getByRole('checkbox', { name: COPY.acceptLabel('Standard') }).check();
  await card.getByRole('button', { name: COPY.startButton }).click();
  await toast(page, COPY.started);
}

// Each journey signs up its own company (the last one on a portal of its own): none depends on
// another, so the two workers can share the file instead of one running all four in a row.
test.describe.configure({ mode: 'parallel' });

test("a new company's first hour: sign up, set up, a free trial, next steps, and the first invoice only once the subscription is started", async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('first-hour');
  const name = 'Hana First';
  const companyName = longName('First Hour');
  expect(companyName).toHaveLength(60);

  // ---- sign up: the setup steps have the product's mark and Log out, nothing of the employer area
  await signUpEmployer(page, name, email, PASSWORD);
  await expectRoute(page, ROUTES.setupCompany);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('img', { name: MESSAGES.product.name })).toBeVisible();
  await expect(banner.getByRole('button', { name: MESSAGES.labels.logOut, exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toHaveCount(0);

  // ---- step 1, with a 60-character company name
  const details = page.getByRole('form', { name: 'Company details' });
  await details.getByLabel('Company name', { exact: true }).fill(companyName);
  await details.getByLabel('Company email', { exact: true }).fill('office@first-hour.example');
  await details.getByLabel('Phone number', { exact: true }).fill('020 7946 0958');
  await details.getByRole('button', { name: MESSAGES.labels.save, exact: true }).click();
  await toast(page, MESSAGES.company.saved);
  const newLocation = page.getByRole('form', { name: 'New location' });
  await newLocation.getByLabel('Address line 1', { exact: true }).fill('10 Station Road');
  await newLocation.getByLabel('Town', { exact: true }).fill('York');
  await newLocation.getByLabel('Postal code', { exact: true }).fill('YO1 6HT');
  await newLocation.getByRole('button', { name: MESSAGES.labels.add, exact: true }).click();
  await toast(page, MESSAGES.company.locationAdded);
  await proceed(page);
  await expectRoute(page, ROUTES.setupIncentives);

  // ---- step 2
  const incentives = page.getByRole('form', { name: 'Incentives' });
  await incentives.getByLabel('General reward description', { exact: true }).fill('Breakfast on us for every shared week.');
  await incentives.getByLabel('Number of miles', { exact: true }).fill('120');
  await incentives.getByLabel('Rewards for miles', { exact: true }).fill('A rail voucher');
  await incentives.getByLabel('Number of trips', { exact: true }).fill('15');
  await incentives.getByLabel('Rewards for trips', { exact: true }).fill('An extra half day off');
  await proceed(page);
  await expectRoute(page, ROUTES.setupEmployees);
  await capture(page, 'setup-employees');

  // ---- step 3 finishes setup; the dashboard says what to do next, not a flat chart
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(MESSAGES.labels.addEmployeesLater)}`) }).click();
  await expect(page.getByRole('heading', { name: 'Your account is set up' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Next steps' }).getByRole('button', { name: new RegExp(`^${MESSAGES.labels.employerNav[0]}`) }).click();
  await expectRoute(page, ROUTES.mainPage);
  await expect(page.getByRole('banner').getByText(companyName)).toBeVisible();

  const trial = (await apiGet<Billing>(page.request, '/api/payment-billing')).trial!;
  expect(trial).toMatchObject({ state: 'running', daysLeft: TRIAL.defaultDays });
  await expect(noticeOf(page)).toContainText(NOTICE.running(COPY.daysLeft(TRIAL.defaultDays), day(trial.endsAt)));
  const next = page.getByRole('region', { name: START.title });
  await expect(next).toBeVisible();
  for (const step of [START.share, START.import, START.app]) await expect(next.getByRole('heading', { name: step.title })).toBeVisible();
  await expect(page.getByRole('region', { name: MESSAGES.insights.trend.title })).toHaveCount(0);
  await capture(page, 'dashboard-next-steps');

  // The share step opens the employee remote's own dialog, with the company's link.
  await next.getByRole('button', { name: MESSAGES.labels.copyShareLinkShort }).click();
  const share = page.getByRole('dialog', { name: 'Copy & Share Link' });
  await expect(share.getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(new RegExp(`/#/setup-account\\?employer_id=[0-9a-f-]{36}$`));
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);

  // ---- Payment and Billing: the trial, the plan and its terms; nothing invoiced
  await noticeOf(page).getByRole('button', { name: NOTICE.action }).click();
  await expectRoute(page, ROUTES.payment);
  await expect(fact(page, COPY.facts.subscriptionStatus)).toHaveText(COPY.trialBadge(day(trial.endsAt)));
  await expect(fact(page, COPY.facts.plan)).toHaveText('Standard');
  await expect(fact(page, COPY.facts.subscriptionFee)).toHaveText(`£499.00 ${COPY.feePer.month} ${COPY.feeOnceStarted}`);
  await expect(fact(page, COPY.facts.paymentMethod)).toHaveText(COPY.paymentMethodPending);
  await expect(fact(page, COPY.facts.expiryDate)).toHaveText(day(trial.endsAt));
  await expect(infoOf(page).getByRole('button', { name: MESSAGES.labels.cancelSubscription })).toHaveCount(0);
  for (const line of COPY.terms('Standard', '£499.00 per month', '20%')) await expect(startOf(page)).toContainText(line);
  await expect(historyOf(page)).toContainText(COPY.noPayments);
  expect(await apiGet<PaymentHistoryEntry[]>(page.request, '/api/payment-history')).toEqual([]);
  // Nobody chose for the employer: Start without choices is refused on the page, and nothing is sent.
  let started = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/payment-billing/start') started += 1;
  });
  await startOf(page).getByRole('button', { name: COPY.startButton }).click();
  await expect(startOf(page).getByText(COPY.choosePaymentMethod)).toBeVisible();
  await expect(startOf(page).getByText(COPY.acceptTerms)).toBeVisible();
  expect(started).toBe(0);
  await capture(page, 'billing-trial');

  // ---- the employer starts the subscription: the first invoice, dated now, and the acceptance audited
  await startSubscription(page);
  await expect(fact(page, COPY.facts.subscriptionStatus)).toHaveText('Active');
  await expect(fact(page, COPY.facts.paymentMethod)).toHaveText('Bank transfer');
  await expect(startOf(page)).toHaveCount(0);
  const billing = await apiGet<Billing>(page.request, '/api/payment-billing');
  expect(billing).toMatchObject({ subscriptionStatus: 'Active', paymentMethod: 'Bank transfer', trial: null });
  const [first, ...others] = await apiGet<PaymentHistoryEntry[]>(page.request, '/api/payment-history');
  expect(others).toEqual([]);
  expect(first).toMatchObject({ paymentDate: billing.acceptedAt, pricePence: 49_900, paymentStatus: 'processing' });
  const row = historyOf(page).getByRole('row').nth(1);
  await expect(row).toContainText(first!.invoiceNo);
  await expect(row).toContainText(day(first!.paymentDate));
  await expect(noticeOf(page)).toHaveCount(0);
  const log = await apiGet<ListPage<AuditEntry>>(page.request, '/api/audit-log?action=subscription.started');
  expect(log.items.map((e) => [e.action, e.actorEmail])).toEqual([['subscription.started', email]]);
  await capture(page, 'billing-started');
});

test('an employer without a company is sent to the setup step it is at, whose header logs out', async ({ page, request }) => {
  const email = uniqueEmail('no-company');
  await apiRegisterEmployer(request, 'Nia Nocompany', email, PASSWORD);
  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.setupCompany);
  for (const route of [ROUTES.mainPage, ROUTES.loginDetails, ROUTES.payment, ROUTES.employeeManagement]) {
    await page.goto(hash(route));
    await expectRoute(page, ROUTES.setupCompany);
    // Not a zero dashboard with a blank name: the employer area is not drawn at all.
    await expect(page.getByRole('heading', { name: 'Company details' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toHaveCount(0);
  }
  await capture(page, 'setup-company');
  await logOutViaProfileMenu(page, 'Nia Nocompany');
  await expectLoginPage(page);
});

test('Help & Support: the operator’s contact set in Scheme Settings, help for the common tasks, and a message that reaches support', async ({ browser }) => {
  test.setTimeout(120_000);
  const supportEmail = uniqueEmail('support-desk');

  // ---- the super admin sets the contact; the form checks first
  const admin = await signedIn(browser, SUPERADMIN.email, SUPERADMIN.password, ROUTES.superAdmin);
  await admin.getByRole('link', { name: SETTINGS.title }).click();
  await expectRoute(admin, ROUTES.superAdminSettings);
  await admin.getByLabel(SETTINGS.supportEmail).fill('not an address');
  await admin.getByRole('button', { name: SETTINGS.save }).click();
  await expect(admin.getByText(SETTINGS.emailInvalid)).toBeVisible();
  await admin.getByLabel(SETTINGS.supportEmail).fill(supportEmail);
  await admin.getByLabel(SETTINGS.supportPhone).fill('+44 113 496 0999');
  await admin.getByLabel(SETTINGS.supportHours).fill('Monday to Friday, 9:00 to 17:30');
  await admin.getByRole('button', { name: SETTINGS.save }).click();
  await toast(admin, SETTINGS.saved);
  await capture(admin, 'scheme-settings');
  // A super admin's Help & Support: the versions in force.
  await admin.getByRole('banner').getByRole('button', { name: SUPER_ADMIN_NAME, exact: true }).click();
  await admin.getByRole('menuitem', { name: MESSAGES.labels.helpSupport }).click();
  const adminHelp = admin.getByRole('dialog', { name: MESSAGES.labels.helpSupport });
  await expect(adminHelp.getByRole('heading', { name: HELP.versionsTitle })).toBeVisible();
  await expect(adminHelp.getByText('mfe-billing', { exact: true })).toBeVisible();
  await expect(adminHelp.getByRole('link', { name: supportEmail })).toBeVisible();
  await capture(admin, 'help-super-admin');
  await admin.context().close();

  // ---- a company's administrator: contact, common tasks, no build ids, a message to support
  const email = uniqueEmail('helped');
  const anon = await playwrightRequest.newContext({ baseURL: process.env.PORTAL_URL });
  await apiRegisterEmployer(anon, 'Hal Helped', email, PASSWORD);
  const company = longName('Helped');
  await apiSetUpCompany(anon, email, PASSWORD, company);
  await anon.dispose();
  const page = await signedIn(browser, email, PASSWORD, ROUTES.mainPage);
  await page.getByRole('banner').getByRole('button', { name: 'Hal Helped' }).click();
  await page.getByRole('menuitem', { name: MESSAGES.labels.helpSupport }).click();
  const help = page.getByRole('dialog', { name: MESSAGES.labels.helpSupport });
  await expect(help.getByRole('link', { name: supportEmail })).toHaveAttribute('href', `mailto:${supportEmail}`);
  await expect(help.getByText('Monday to Friday, 9:00 to 17:30')).toBeVisible();
  for (const topic of HELP.topics) await expect(help.getByRole('heading', { name: topic.title })).toBeVisible();
  await expect(help).not.toContainText('scheme administrator');
  await expect(help).not.toContainText('mfe-');
  const form = help.getByRole('region', { name: HELP.formTitle });
  await form.getByRole('button', { name: HELP.send }).click();
  await expect(form.getByText(HELP.subjectRequired)).toBeVisible();
  await capture(page, 'help-employer');
  await form.getByLabel(HELP.subject).fill('How do we import 300 people?');
  await form.getByLabel(HELP.message).fill('Our CSV has 300 rows.\nIs that too many at once?');
  await form.getByRole('button', { name: HELP.send }).click();
  await toast(page, HELP.sent);
  const [mail] = await readOutbox({ to: supportEmail, kind: 'support-message' });
  expect(mail!.subject).toBe('Support request: How do we import 300 people?');
  expect(mail!.text).toContain(`From: Hal Helped <${email}>, Employer`);
  expect(mail!.text).toContain('Is that too many at once?');

  // A topic leads to its page.
  await help.getByRole('button', { name: HELP.topics[4].link }).click();
  await expectRoute(page, ROUTES.payment);
  await page.context().close();

  // ---- All Employers shows where each company stands
  const back = await signedIn(browser, SUPERADMIN.email, SUPERADMIN.password, ROUTES.superAdmin);
  await back.getByRole('searchbox', { name: 'Search employers' }).fill('Helped');
  await expectSearchApplied(back, 'Helped');
  // This run's company: a portal that ran the journey before lists an earlier one too.
  const listed = back.getByRole('row').filter({ hasText: company });
  await expect(listed.getByText(new RegExp(`^${escapeRegExp(COPY.summary.trial('')).trim()} \\d{2}/\\d{2}/\\d{4}$`))).toBeVisible();
  await capture(back, 'all-employers');
  await back.context().close();
});

/** A browser context of its own, signed in through the login page, on `route`. */
async function signedIn(browser: Browser, email: string, password: string, route: string, baseURL = process.env.PORTAL_URL): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: SIZES[0] });
  const page = await context.newPage();
  await login(page, email, password);
  await expectRoute(page, route);
  return page;
}

test.describe('a trial that ends unaccepted', () => {
  // A portal of its own: the trial length becomes 0 here, and it is restarted.
  let portal: RunningPortal;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    portal = await startPortal();
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  /** The mails of the outbox to `to` of `kind`, read as this portal's super admin. */
  async function outbox(to: string, kind: string): Promise<{ to: string; subject: string; text: string }[]> {
    const ctx = await playwrightRequest.newContext({ baseURL: portal.url });
    try {
      const token = await apiLogin(ctx, SUPERADMIN.email, SUPERADMIN.password);
      const res = await ctx.get(`/api/dev/outbox?${new URLSearchParams({ to, kind })}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { items: { to: string; subject: string; text: string }[] }).items;
    } finally {
      await ctx.dispose();
    }
  }

  test('is told in the portal at once and by mail once, whatever the restarts; the first invoice follows the start', async ({ browser }) => {
    test.setTimeout(240_000);
    // ---- the super admin sets no free trial at all
    const admin = await signedIn(browser, SUPERADMIN.email, SUPERADMIN.password, ROUTES.superAdmin, portal.url);
    await admin.goto(hash(ROUTES.superAdminSettings));
    const days = admin.getByLabel(SETTINGS.trialDays);
    await expect(days).toHaveValue(String(TRIAL.defaultDays));
    await days.fill('400');
    await admin.getByRole('button', { name: SETTINGS.save }).click();
    await expect(admin.getByText(SETTINGS.trialDaysInvalid(TRIAL.maxDays))).toBeVisible();
    await days.fill('0');
    await admin.getByRole('button', { name: SETTINGS.save }).click();
    await toast(admin, SETTINGS.saved);
    await admin.context().close();

    // ---- a company finishes setup: its trial ends as it starts
    const email = uniqueEmail('lapsed');
    const api = await playwrightRequest.newContext({ baseURL: portal.url });
    await apiRegisterEmployer(api, 'Lou Lapsed', email, PASSWORD);
    await apiSetUpCompany(api, email, PASSWORD, longName('Lapsed'));
    await api.dispose();
    let page = await signedIn(browser, email, PASSWORD, ROUTES.mainPage, portal.url);
    const billing = await apiGet<Billing>(page.request, '/api/payment-billing');
    expect(billing.trial).toMatchObject({ state: 'ended', daysLeft: 0 });
    const graceEnds = day(billing.trial!.graceEndsAt);
    expect(Date.parse(billing.trial!.graceEndsAt) - Date.parse(billing.trial!.endsAt)).toBe(TRIAL.graceDays * 86_400_000);
    await expect(noticeOf(page)).toContainText(NOTICE.ended(graceEnds));
    await page.goto(hash(ROUTES.payment));
    await expect(fact(page, COPY.facts.subscriptionStatus)).toHaveText(COPY.trialEndedBadge);
    await expect(infoOf(page)).toContainText(COPY.trialEnded(day(billing.trial!.endsAt), graceEnds));
    await capture(page, 'billing-trial-ended');
    await page.context().close();

    // ---- the mail: the invoice job's pass at start sends it, once, however often the portal restarts
    const companyAddress = 'office@company.example';
    for (let restart = 0; restart < 2; restart++) {
      await portal.stop({ keepData: true });
      portal = await startPortal({}, { dataDir: portal.dataDir });
      const toEmployer = await outbox(email, 'trial-ended');
      expect(toEmployer, `after restart ${restart + 1}`).toHaveLength(1);
      expect(toEmployer[0]!.subject).toBe('Your Commute Portal free trial has ended');
      expect(toEmployer[0]!.text).toContain(`Everything keeps working until ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date(billing.trial!.graceEndsAt))}.`);
      expect((await outbox(companyAddress, 'trial-ended')).filter((m) => m.text.includes('Lapsed'))).toHaveLength(1);
    }

    // ---- starting the subscription now issues the first invoice at once
    page = await signedIn(browser, email, PASSWORD, ROUTES.mainPage, portal.url);
    await page.goto(hash(ROUTES.payment));
    expect(await apiGet<PaymentHistoryEntry[]>(page.request, '/api/payment-history')).toEqual([]);
    await startSubscription(page);
    await expect(historyOf(page).getByRole('row')).toHaveCount(2);
    const [first] = await apiGet<PaymentHistoryEntry[]>(page.request, '/api/payment-history');
    await expect(historyOf(page).getByRole('row').nth(1)).toContainText(first!.invoiceNo);
    await page.context().close();
  });
});
