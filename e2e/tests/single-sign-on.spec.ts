import { request as playwrightRequest, type Page } from '@playwright/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectLoginPage, expectRoute, hash, logOutViaProfileMenu } from '../support/portal';
import { ARTIFACTS, freePort, startPortal, type RunningPortal } from '../support/portal-process';
import { expect, test } from '../support/test';
import { axeRun } from '../support/axe-tour';

/**
 * Company single sign-on in Chromium: a portal of its own with the demo data, whose Riverside Health
 * Trust signs in at the demo's identity provider (oidc-provider on loopback, its plain login form).
 * Riverside has passwords off for its administrators.
 */
let portal: RunningPortal;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // The demo's companies with a few employees each: the journeys need Riverside, not a year of trips.
  portal = await startPortal({ DEMO_DATA: '1', DEMO_EMPLOYEES: '3', DEMO_OIDC_PORT: String(await freePort()) });
});
test.afterAll(async () => {
  await portal?.stop();
});

const EMPLOYER = 'employer@riverside.example';

/**
 * The page's own content: the employer layout's header is left out, whose profile button is named
 * after the user while its avatar's initial is part of its text (label-content-name-mismatch, the
 * shell's, reported apart).
 */
async function expectAxeClean(page: Page) {
  const violations = await axeRun(page, { exclude: 'header' });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${ARTIFACTS}/sso-${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Types the address and leaves the field: the page asks whether its domain signs in with a provider. */
async function enterEmail(page: Page, email: string) {
  await page.goto(`${portal.url}${hash(ROUTES.login)}`);
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(email);
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).blur();
}

/** At the provider: its login form (the portal's login_hint fills in the address), any password. */
async function signInAtProvider(page: Page, login?: string) {
  await page.waitForURL((u) => !u.href.startsWith(portal.url));
  if (login) await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('demo-password');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((u) => u.href.startsWith(portal.url));
}

/** The login page once the address is known to sign in with Riverside's provider. */
async function expectCompanyAccountStep(page: Page) {
  await enterEmail(page, EMPLOYER);
  await expect(page.getByRole('button', { name: MESSAGES.sso.continue, exact: true })).toBeVisible();
  // Riverside turned passwords off for its administrators: the password field is gone.
  await expect(page.getByLabel(MESSAGES.fields.password, { exact: true })).toHaveCount(0);
}

// The login page's company-account step, checked by axe and captured: a journey of its own, so that
// the sign-in and logout below (a provider's pages both ways, Company Settings checked by axe and
// captured) fit in a journey's time on a loaded machine (it ran out of its 60 s at the logout once).
test("an SSO-only administrator's address turns the login page into the company-account step", async ({ page }) => {
  await expectCompanyAccountStep(page);
  await expectAxeClean(page);
  await shoot(page, 'login-company-account');
});

test('an administrator signs in through the company provider, and logging out ends the provider session too', async ({ page }) => {
  await expectCompanyAccountStep(page);
  await page.getByRole('button', { name: MESSAGES.sso.continue, exact: true }).click();
  await signInAtProvider(page);
  await expectRoute(page, ROUTES.mainPage);

  // The Single sign-on tab of Company Settings shows the provider and the proven domain.
  await page.goto(`${portal.url}${hash(`${ROUTES.companySettings}?tab=${encodeURIComponent(MESSAGES.sso.tab)}`)}`);
  await expect(page.getByRole('heading', { name: MESSAGES.sso.providerHeading })).toBeVisible();
  await expect(page.getByText('riverside.example', { exact: true })).toBeVisible();
  await expect(page.getByText(MESSAGES.sso.verified, { exact: true })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'settings');

  // Log Out ends the portal's session, then the provider's (RP-initiated logout): it asks, then
  // sends the browser back to the login page.
  await logOutViaProfileMenu(page, 'Ravi Rivers');
  await page.waitForURL((u) => !u.href.startsWith(portal.url));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL((u) => u.href.startsWith(portal.url));
  await expectLoginPage(page);
  // The provider asks for the password again: its session has ended too.
  await enterEmail(page, EMPLOYER);
  await page.getByRole('button', { name: MESSAGES.sso.continue, exact: true }).click();
  await page.waitForURL((u) => !u.href.startsWith(portal.url));
  await expect(page.locator('input[name="password"]')).toBeVisible();
});

test('an employee of a verified domain signs in for the first time and appears in Pending Requests', async ({ page, browser }) => {
  // Two people through the provider in two browsers: 55 s in a full run, past 60 s at load 18.
  test.setTimeout(120_000);
  const employee = `new.rider.${Date.now().toString(36)}@riverside.example`;
  await enterEmail(page, employee);
  // An employee's address gets the same step: the domain decides, not the account.
  await page.getByRole('button', { name: MESSAGES.sso.continue, exact: true }).click();
  await signInAtProvider(page);
  await expect(page.getByText(MESSAGES.sso.pending)).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'login-pending');

  // The employer, in a browser of their own (this one holds the employee's session at the provider),
  // finds the join request.
  const context = await browser.newContext();
  const employer = await context.newPage();
  try {
    await enterEmail(employer, EMPLOYER);
    await employer.getByRole('button', { name: MESSAGES.sso.continue, exact: true }).click();
    await signInAtProvider(employer);
    await expectRoute(employer, ROUTES.mainPage);
    await employer.goto(`${portal.url}${hash(ROUTES.employeeManagement)}`);
    await employer.getByRole('tab', { name: /Pending Requests/ }).click();
    await expect(employer.getByText(employee).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a password login of an SSO-only company's administrator is refused with a message", async ({ page, consoleGuard }) => {
  // The mobile app (or an old page) sends the password straight away.
  const api = await playwrightRequest.newContext({ baseURL: portal.url });
  try {
    const res = await api.post('/api/accounts/login', { data: { email: EMPLOYER, password: 'Commute-Demo-2026' } });
    expect(res.status()).toBe(403);
    expect((await res.json()).message).toBe(MESSAGES.sso.passwordRefused);
  } finally {
    await api.dispose();
  }
  // In the page: a password sent before the address's lookup answered (here: its first lookup lost) is
  // refused with the same message, and the company-account step is offered then.
  consoleGuard.expectStatus(403, '/api/accounts/login');
  let lookups = 0;
  await page.route('**/api/sso/discover**', (route) =>
    ++lookups === 1 ? route.fulfill({ json: { success: true, message: 'OK', sso: false, passwordsAllowed: true } }) : route.fallback(),
  );
  await page.goto(`${portal.url}${hash(ROUTES.login)}`);
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(EMPLOYER);
  await page.getByLabel(MESSAGES.fields.password, { exact: true }).fill('Commute-Demo-2026');
  await page.getByRole('button', { name: MESSAGES.login.button, exact: true }).click();
  await expect(page.getByText(MESSAGES.sso.passwordRefused)).toBeVisible();
  await expect(page.getByRole('button', { name: MESSAGES.sso.continue, exact: true })).toBeVisible();
  await expect(page.getByLabel(MESSAGES.fields.password, { exact: true })).toHaveCount(0);
  await expectAxeClean(page);
  await shoot(page, 'login-password-refused');
});
