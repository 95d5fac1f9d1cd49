import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/test';
import {
  CSRF_HEADER,
  EMPLOYER_AUDIT_ACTIONS,
  MESSAGES,
  ROUTES,
  SUPER_ADMIN_AUDIT_ACTIONS,
  type Billing,
  type Driver,
  type Page as ListPage,
  type PaymentHistoryEntry,
} from '@portal/shared-contracts';
import { expectRoute, hash, login } from '../support/portal';
import { SUPERADMIN, type RunningPortal } from '../support/portal-process';
import { seriousAxeViolations } from '../support/axe-tour';

// The demo company has a subscription and a year of invoices, so these journeys run on a portal of
// their own with the api's demo data.
const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
const COPY = MESSAGES.billing;
const CANCEL = MESSAGES.labels.cancelSubscription;

const pounds = (pence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);
const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date(iso));

let portal: RunningPortal;

test.describe.configure({ mode: 'serial' });

// The run's one portal with the demo data (support/test.ts), shared with the other journeys that need it.
test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});

async function employerPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport, acceptDownloads: true });
  const page = await context.newPage();
  const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/login');
  await login(page, EMPLOYER.email, EMPLOYER.password);
  const { name } = (await (await signedIn).json()) as { name: string };
  await expectRoute(page, ROUTES.mainPage);
  return { context, page, name };
}

/** The api's own answer to a GET, with the page's session (its cookie). */
async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const infoOf = (page: Page) => page.getByRole('region', { name: COPY.infoTitle, exact: true });
const historyOf = (page: Page) => page.getByRole('region', { name: COPY.historyTitle, exact: true });

/** The value shown beside a fact's label in the billing information. */
function fact(page: Page, label: string): Locator {
  return infoOf(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** The invoice numbers of the history's rows, in order. */
async function invoiceNumbers(page: Page): Promise<string[]> {
  const rows = historyOf(page).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  return (await rows.allInnerTexts()).slice(1).map((text) => text.split(/\t|\n/)[0]!.trim());
}

/** No serious or critical WCAG 2.1 AA violation inside `selector`. */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  expect(await seriousAxeViolations(page, selector)).toEqual([]);
}

test('the navigation opens Payment and Billing, showing the api’s own figures and history, newest first', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  const historyAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/payment-history/page');
  await page.getByRole('navigation', { name: MESSAGES.shell.employerNav }).getByRole('link', { name: COPY.menuEntry, exact: true }).click();
  await expectRoute(page, ROUTES.payment);
  await expect(page.getByRole('heading', { level: 1, name: COPY.title })).toBeVisible();

  // The billing may already be in the page's cache (the trial notice above every employer page reads
  // it), so the facts shown are compared with the api's own answer rather than with a response awaited here.
  const own = await apiGet<Billing>(page.request, '/api/payment-billing');
  await expect(fact(page, COPY.facts.companyName)).toHaveText(own.companyName);
  await expect(fact(page, COPY.facts.subscriptionStatus)).toHaveText(own.cancelAtPeriodEnd ? COPY.activeUntil(day(own.expiryDate)) : own.subscriptionStatus);
  await expect(fact(page, COPY.facts.subscriptionFee)).toHaveText(`${pounds(own.subscriptionFeePence)} ${COPY.feePer[own.billingInterval]}`);
  await expect(fact(page, COPY.facts.paymentMethod)).toHaveText(own.paymentMethod!);
  await expect(fact(page, COPY.facts.expiryDate)).toHaveText(day(own.expiryDate));

  const firstPage = (await (await historyAnswer).json()) as ListPage<PaymentHistoryEntry>;
  const whole = await apiGet<PaymentHistoryEntry[]>(page.request, '/api/payment-history');
  expect(whole.length).toBeGreaterThan(10);
  expect(firstPage.items).toEqual(whole.slice(0, 10));
  const dates = whole.map((e) => Date.parse(e.paymentDate));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  expect(await invoiceNumbers(page)).toEqual(whole.slice(0, 10).map((e) => e.invoiceNo));
  const newest = historyOf(page).getByRole('row').nth(1);
  await expect(newest).toContainText(day(whole[0]!.paymentDate));
  await expect(newest).toContainText(pounds(whole[0]!.pricePence));
  await expect(newest.getByRole('link', { name: COPY.downloadInvoice(whole[0]!.invoiceNo) })).toBeVisible();

  // The next page, kept in the address: a reload opens it again.
  await historyOf(page).getByRole('button', { name: MESSAGES.labels.next }).click();
  await expect(page).toHaveURL(/#\/payment\?page=2$/);
  await expect.poll(() => invoiceNumbers(page)).toEqual(whole.slice(10, 20).map((e) => e.invoiceNo));
  await page.reload();
  await expect(historyOf(page).getByRole('navigation', { name: COPY.historyPages })).toContainText(MESSAGES.labels.pageXofY(2, Math.ceil(whole.length / 10)));
  await page.screenshot({ path: test.info().outputPath('billing.png'), fullPage: true });
  await expectAccessible(page, 'main');
  await context.close();
});

test('cancelling names the day the service ends, survives a reload, and Resume undoes it', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  await page.goto(hash(ROUTES.payment));
  const before = await apiGet<Billing>(page.request, '/api/payment-billing');
  expect(before).toMatchObject({ subscriptionStatus: 'Active', cancelAtPeriodEnd: false });
  const ends = day(before.expiryDate);

  await infoOf(page).getByRole('button', { name: CANCEL }).click();
  const dialog = page.getByRole('dialog', { name: CANCEL });
  await expect(dialog).toContainText(`${COPY.cancelConfirm} ${COPY.serviceEndsOn(ends)}`);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('cancel-dialog.png') });
  await dialog.getByRole('button', { name: CANCEL }).click();
  await expect(page.getByText(COPY.cancelled)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(infoOf(page).getByText(COPY.endsOn(ends))).toBeVisible();

  await page.reload();
  await expect(fact(page, COPY.facts.subscriptionStatus)).toHaveText(COPY.activeUntil(ends));
  await expect(infoOf(page).getByText(COPY.endsOn(ends))).toBeVisible();
  await expect(infoOf(page).getByRole('button', { name: CANCEL })).toHaveCount(0);
  expect(await apiGet<Billing>(page.request, '/api/payment-billing')).toMatchObject({ subscriptionStatus: 'Active', cancelAtPeriodEnd: true, expiryDate: before.expiryDate });
  await page.screenshot({ path: test.info().outputPath('cancelled.png'), fullPage: true });

  await infoOf(page).getByRole('button', { name: COPY.resume }).click();
  await expect(page.getByText(COPY.resumed)).toBeVisible();
  await expect(infoOf(page).getByRole('button', { name: CANCEL })).toBeVisible();
  await page.reload();
  await expect(fact(page, COPY.facts.subscriptionStatus)).toHaveText('Active');
  await expect(infoOf(page).getByText(COPY.endsOn(ends))).toHaveCount(0);
  expect(await apiGet<Billing>(page.request, '/api/payment-billing')).toMatchObject({ subscriptionStatus: 'Active', cancelAtPeriodEnd: false });
  await context.close();
});

test('an invoice downloads as a PDF named after it', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  await page.goto(hash(ROUTES.payment));
  const [newest] = await apiGet<PaymentHistoryEntry[]>(page.request, '/api/payment-history');
  const link = historyOf(page).getByRole('link', { name: COPY.downloadInvoice(newest!.invoiceNo) });
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${newest!.invoiceNo}.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await context.close();
});

test('on a phone each invoice is a card: the page never scrolls sideways and every PDF link is in reach', async ({ browser }) => {
  const { context, page } = await employerPage(browser, { width: 390, height: 844 });
  await page.goto(hash(ROUTES.payment));
  const links = historyOf(page).getByRole('link', { name: /\(PDF\)$/ });
  await expect(links).toHaveCount(10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const last = links.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  const box = await last.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await page.screenshot({ path: test.info().outputPath('billing-390.png'), fullPage: true });
  await context.close();
});

test('the audit log: the employer’s cancel and resume are there with who did it, the scheme’s decisions as “Scheme administrator”, and the filter offers only the company’s actions', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const A = MESSAGES.audit;
  const { context, page, name } = await employerPage(browser);
  const asEmployer = { [CSRF_HEADER]: '1' };
  for (const call of ['cancel', 'resume'] as const) {
    const res = await page.request.post('/api/payment-billing/' + call, { headers: asEmployer });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // The super admin verifies one of the company's drivers.
  const login = await request.post(`${portal.url}/api/accounts/login`, { data: SUPERADMIN });
  const root = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const drivers = (await (await request.get(`${portal.url}/api/drivers/page?status=pending&pageSize=100`, { headers: root })).json()) as ListPage<Driver>;
  const own = (await apiGet<Billing>(page.request, '/api/payment-billing')).companyName;
  const driver = drivers.items.find((d) => d.companyName === own)!;
  expect(driver, `a pending driver of ${own}`).toBeTruthy();
  const approved = await request.post(`${portal.url}/api/drivers/approve`, {
    headers: root,
    data: { employeeIds: [driver.id], notes: 'Licence checked', followUpDate: new Date(Date.now() + 90 * 86_400_000).toISOString() },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  await page.goto(hash(ROUTES.companySettingsAuditLog));
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${A.title}`) })).toBeVisible();
  const rows = page.getByRole('table', { name: A.title }).getByRole('row');
  const resumed = rows.filter({ hasText: `${A.actions['subscription.resumed']}: ${A.subscription('Standard')}` }).first();
  await expect(resumed).toContainText(name);
  const cancelled = rows.filter({ hasText: `${A.actions['subscription.cancelled']}: ${A.subscription('Standard')}, ends ` }).first();
  await expect(cancelled).toContainText(name);
  const verified = rows.filter({ hasText: `${A.actions['driver.verified']}: ${driver.firstName} ${driver.lastName}` });
  await expect(verified).toContainText(A.schemeAdministrator);
  await expect(verified).not.toContainText(SUPERADMIN.email);

  const filter = page.getByRole('combobox', { name: A.filterAction });
  const options = await filter.locator('option').allTextContents();
  expect(options).toEqual([A.anyAction, ...EMPLOYER_AUDIT_ACTIONS.map((a) => A.actions[a])]);
  for (const a of SUPER_ADMIN_AUDIT_ACTIONS) expect(options).not.toContain(A.actions[a]);
  await filter.selectOption({ label: A.actions['subscription.resumed'] });
  await expect(page).toHaveURL(/action=subscription\.resumed/);
  await expect(rows.nth(1)).toContainText(A.actions['subscription.resumed']);
  await expect(rows.filter({ hasText: A.actions['driver.verified'] })).toHaveCount(0);
  await filter.selectOption({ label: A.anyAction });
  await expect(verified).toBeVisible();
  await expectAccessible(page, 'main');
  await page.screenshot({ path: test.info().outputPath('audit-log-employer-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(verified).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('audit-log-employer-390.png'), fullPage: true });
  await context.close();
});
