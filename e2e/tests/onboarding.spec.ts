import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { CSRF_HEADER, MESSAGES, ROUTES, SESSION_CHECK_PATH } from '@portal/shared-contracts';
import {
  apiLogin,
  apiRegisterEmployer,
  escapeRegExp,
  expectLoginPage,
  expectRoute,
  expectSearchApplied,
  fillLogin,
  hash,
  login,
  logOutViaProfileMenu,
  portalUrl,
  signUpEmployer,
  SUPERADMIN,
  uniqueEmail,
} from '../support/portal';

const NAME = 'Olive Onboarding';
const PASSWORD = 'Onboard-Pass1';

// Each journey signs up or registers its own employer: none depends on another, so the two workers
// share the file.
test.describe.configure({ mode: 'parallel' });

async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

async function proceed(page: Page): Promise<void> {
  await page.getByRole('button', { name: MESSAGES.labels.proceed, exact: true }).click();
}

/**
 * An employer whose setup is complete (state 3), made through the api: for journeys that start after
 * setup; with `atStep3`, one left at setup step 3 (state 2).
 */
async function readyEmployer(request: APIRequestContext, tag: string, { atStep3 = false } = {}) {
  const email = uniqueEmail(tag);
  const companyName = `${tag} ${Date.now().toString(36)} Ltd`;
  await apiRegisterEmployer(request, NAME, email, PASSWORD);
  const headers = { authorization: `Bearer ${await apiLogin(request, email, PASSWORD)}`, [CSRF_HEADER]: '1' };
  const created = await request.post('/api/employers', { headers, data: { name: companyName, email: 'office@olive.example', phoneNumber: '020 7946 0958', countryCode: 'GB' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const steps = [
    () => request.post(`/api/employers/${id}/location`, { headers, data: { addressLine1: '10 Station Road', town: 'York', postalCode: 'YO1 6HT' } }),
    () => request.post(`/api/incentives/employers/${id}/incentive`, {
      headers,
      data: { generalRewardDescription: 'Breakfast', numberOfMiles: 120, numberOfMilesRewards: 'A rail voucher', numberOfTrips: 15, numberOfTripsRewards: 'A half day off' },
    }),
    ...(atStep3 ? [] : [() => request.post(`/api/employers/${id}/complete-setup`, { headers })]),
  ];
  // In order: each step needs the state the previous one reached.
  for (const step of steps) {
    const res = await step();
    expect(res.ok(), await res.text()).toBe(true);
  }
  return { email, companyName, id };
}

test('a new employer goes through the three setup steps, which cannot be skipped, and lands where the state says', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('onboarding');
  const companyName = `Olive Commuting ${Date.now().toString(36)} Ltd`;

  // ---- sign-up lands on setup step 1
  await signUpEmployer(page, NAME, email, PASSWORD);
  await expectRoute(page, ROUTES.setupCompany);

  // ---- step 1: Proceed is refused before the details are saved...
  await proceed(page);
  await expectToast(page, MESSAGES.setup.saveFirst);
  await expectRoute(page, ROUTES.setupCompany);

  const details = page.getByRole('form', { name: 'Company details' });
  await details.getByLabel('Company name', { exact: true }).fill(companyName);
  await details.getByLabel('Company email', { exact: true }).fill('office@olive.example');
  await details.getByLabel('Country code', { exact: true }).selectOption('GB');
  await details.getByLabel('Phone number', { exact: true }).fill('020 7946 0958');
  await details.getByRole('button', { name: MESSAGES.labels.save, exact: true }).click();
  await expectToast(page, MESSAGES.company.saved);
  await expect(page).toHaveURL(new RegExp(`#${escapeRegExp(ROUTES.setupCompany)}/[0-9a-f-]{36}$`));

  // ...and before a location is added
  await proceed(page);
  await expectToast(page, MESSAGES.setup.addLocation);
  await expect(page).toHaveURL(new RegExp(`#${escapeRegExp(ROUTES.setupCompany)}/`));

  const newLocation = page.getByRole('form', { name: 'New location' });
  await newLocation.getByLabel('Address line 1', { exact: true }).fill('10 Station Road');
  await newLocation.getByLabel('Town', { exact: true }).fill('York');
  await newLocation.getByLabel('Postal code', { exact: true }).fill('YO1 6HT');
  await newLocation.getByRole('button', { name: MESSAGES.labels.add, exact: true }).click();
  await expectToast(page, MESSAGES.company.locationAdded);

  await proceed(page);
  await expectRoute(page, ROUTES.setupIncentives);

  // ---- the server keeps the state: logging out and in lands on step 2
  await logOutViaProfileMenu(page, NAME);
  await expectLoginPage(page);
  await fillLogin(page, email, PASSWORD);
  await expectRoute(page, ROUTES.setupIncentives);

  // ---- step 2: incentives, submitted by Proceed
  const incentives = page.getByRole('form', { name: 'Incentives' });
  await incentives.getByLabel('General reward description', { exact: true }).fill('Breakfast on us for every shared week.');
  await incentives.getByLabel('Number of miles', { exact: true }).fill('120');
  await incentives.getByLabel('Rewards for miles', { exact: true }).fill('A rail voucher');
  await incentives.getByLabel('Number of trips', { exact: true }).fill('15');
  await incentives.getByLabel('Rewards for trips', { exact: true }).fill('An extra half day off');
  await proceed(page);
  await expectToast(page, MESSAGES.company.incentiveSaved);
  await expectRoute(page, ROUTES.setupEmployees);

  // ---- step 3: Add Employees Later finishes setup on the account-completed page, which leads on
  await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(MESSAGES.labels.addEmployeesLater)}`) }).click();
  await expect(page).toHaveURL(new RegExp(`#${escapeRegExp(ROUTES.accountCompleted)}/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Your account is set up' })).toBeVisible();
  await expect(page.getByText(companyName)).toBeVisible();
  await page.getByRole('navigation', { name: 'Next steps' }).getByRole('button', { name: new RegExp(`^${MESSAGES.labels.employerNav[1]}`) }).click();
  await expectRoute(page, ROUTES.companySettings);

  // ---- setup is complete: the next login lands on the dashboard
  await logOutViaProfileMenu(page, NAME);
  await expectLoginPage(page);
  await fillLogin(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
});

test('sharing the link finishes setup step 3 only once the link is copied, and leads to the account-completed page', async ({ page, request }) => {
  const { email, id } = await readyEmployer(request, 'Share', { atStep3: true });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.setupEmployees);
  const signUpState = async () => ((await (await page.request.get('/api/accounts/me')).json()) as { user: { signUpState: number } }).user.signUpState;

  // Opening the link and closing it again finishes nothing.
  const shareTile = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(MESSAGES.labels.copyShareLink)}`) });
  await shareTile.click();
  const dialog = page.getByRole('dialog', { name: 'Copy & Share Link' });
  await expect(dialog.getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(`${portalUrl()}/#/setup-account?employer_id=${id}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expectRoute(page, ROUTES.setupEmployees);
  expect(await signUpState()).toBe(2);

  // Copied, then closed: setup is complete and the account-completed page says so.
  await shareTile.click();
  // The company's link; one per office follows it.
  await dialog.getByRole('button', { name: 'Copy Link' }).first().click();
  await expectToast(page, MESSAGES.employees.linkCopied);
  await dialog.getByRole('button', { name: MESSAGES.labels.close }).click();
  await expectRoute(page, ROUTES.accountCompletedFor(id));
  await expect(page.getByRole('heading', { name: 'Your account is set up' })).toBeVisible();
  await expect.poll(signUpState).toBe(3);
  await page.goto(hash(ROUTES.login));
  await expectRoute(page, ROUTES.mainPage);
});

test('signed in without "Remember me", a link opened in a new tab of the same browser is signed in too', async ({ page, request }) => {
  const { email, companyName } = await readyEmployer(request, 'NewTab');
  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  expect(await page.evaluate(() => localStorage.getItem('userId'))).toBeNull();

  // The tab asks the server for its session once (sent at its start, read by the restore).
  const sessionChecks = (p: Page) => {
    const seen: string[] = [];
    p.on('request', (r) => {
      if (new URL(r.url()).pathname === SESSION_CHECK_PATH) seen.push(r.method());
    });
    return seen;
  };
  const tab = await page.context().newPage();
  const tabChecks = sessionChecks(tab);
  // The company, read by the restore, is not read again by the page (its details and its offices).
  const companyReads: string[] = [];
  tab.on('request', (r) => {
    if (/^\/api\/employers\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname)) companyReads.push(r.method());
  });
  await tab.goto(hash(`${ROUTES.companySettings}?tab=Incentives`));
  await expectRoute(tab, ROUTES.companySettings);
  await expect(tab.getByRole('tab', { name: MESSAGES.labels.companySettingsTabs[1], exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(tab.getByRole('banner').getByText(companyName)).toBeVisible();
  await tab.getByRole('tab', { name: MESSAGES.labels.companySettingsTabs[0], exact: true }).click();
  await expect(tab.getByLabel('Company name', { exact: true })).toHaveValue(companyName);
  expect(tabChecks).toEqual(['GET']);
  expect(companyReads).toEqual(['GET']);
  await tab.close();

  // Signed out in one tab, a new tab finds no session.
  await logOutViaProfileMenu(page, NAME);
  await expectLoginPage(page);
  const after = await page.context().newPage();
  const afterChecks = sessionChecks(after);
  await after.goto(hash(ROUTES.companySettings));
  await expectLoginPage(after);
  // Signed out, the browser holds no browser-long session: nobody is asked.
  expect(afterChecks).toEqual([]);
});

test('Company Settings: the flag is an image, unsaved details ask before the page is left, the only office stays', async ({ page, request }) => {
  const { email, companyName } = await readyEmployer(request, 'Unsaved');
  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await page.goto(hash(ROUTES.companySettings));

  // The flag is drawn from an image, whatever fonts the machine has.
  const country = page.getByLabel('Country code', { exact: true });
  await expect(country).toHaveAttribute('data-flag', '');
  expect(await country.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/^url\("data:image\/svg\+xml/);
  await expect(country.locator('option:checked')).toHaveText('United Kingdom (+44)');

  // The only office cannot be removed, and says why.
  const office = page.getByRole('form', { name: 'Location 1' });
  await expect(office.getByRole('button', { name: 'Remove location 1' })).toBeDisabled();
  await expect(office.getByText(MESSAGES.company.lastLocation)).toBeVisible();

  // Unsaved details survive the other tab and hold the user on the page.
  const details = page.getByRole('form', { name: 'Company details' });
  await details.getByLabel('Company name', { exact: true }).fill(`${companyName} Group`);
  await page.getByRole('tab', { name: MESSAGES.labels.companySettingsTabs[1], exact: true }).click();
  await page.getByRole('tab', { name: MESSAGES.labels.companySettingsTabs[0], exact: true }).click();
  await expect(details.getByLabel('Company name', { exact: true })).toHaveValue(`${companyName} Group`);

  const nav = page.getByRole('navigation', { name: MESSAGES.shell.employerNav });
  await nav.getByRole('link', { name: MESSAGES.labels.employerNav[0], exact: true }).click();
  const ask = page.getByRole('dialog', { name: MESSAGES.common.unsavedTitle });
  await expect(ask).toContainText(MESSAGES.company.unsavedDetails);
  await ask.getByRole('button', { name: MESSAGES.common.stay }).click();
  await expectRoute(page, ROUTES.companySettings);
  await expect(details.getByLabel('Company name', { exact: true })).toHaveValue(`${companyName} Group`);

  await nav.getByRole('link', { name: MESSAGES.labels.employerNav[0], exact: true }).click();
  await ask.getByRole('button', { name: MESSAGES.common.leaveWithoutSaving }).click();
  await expectRoute(page, ROUTES.mainPage);
  await page.screenshot({ path: test.info().outputPath('left-unsaved.png') });
});

test('an employer edits a location from Company Settings', async ({ page, request }) => {
  const { email } = await readyEmployer(request, 'Settings');
  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);

  await page.goto(hash(ROUTES.companySettings));
  const location1 = page.getByRole('form', { name: 'Location 1' });
  await expect(location1.getByLabel('Town', { exact: true })).toHaveValue('York');
  // Edit opens the row; it must not save it (the Save button takes the Edit button's place).
  const savedByEdit = page
    .waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/employers/location'), { timeout: 2_000 })
    .then(() => true, () => false);
  await location1.getByRole('button', { name: 'Edit location 1' }).click();
  expect(await savedByEdit, 'clicking Edit sent PUT /api/employers/location').toBe(false);
  await expect(location1.getByLabel('Town', { exact: true })).toBeEditable();
  await location1.getByLabel('Address line 2', { exact: true }).fill('Second floor');
  await location1.getByLabel('Postal code', { exact: true }).fill('YO1 7HH');
  await location1.getByRole('button', { name: MESSAGES.labels.save, exact: true }).click();
  await expectToast(page, MESSAGES.company.locationUpdated);

  // The changes are on the server: a fresh read shows them.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Location 1' }).getByLabel('Postal code', { exact: true })).toHaveValue('YO1 7HH');
});

test('an employer edits the incentives from Company Settings', async ({ page, request }) => {
  const { email } = await readyEmployer(request, 'Incentives');
  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await page.goto(hash(ROUTES.companySettings));

  await page.getByRole('tab', { name: MESSAGES.labels.companySettingsTabs[1], exact: true }).click();
  const settingsIncentives = page.getByRole('form', { name: 'Incentives' });
  await expect(settingsIncentives.getByLabel('Number of miles', { exact: true })).toHaveValue('120');
  await settingsIncentives.getByLabel('Number of trips', { exact: true }).fill('25');
  await settingsIncentives.getByRole('button', { name: MESSAGES.labels.save, exact: true }).click();
  await expectToast(page, MESSAGES.company.incentiveSaved);

  await page.reload();
  await page.getByRole('tab', { name: MESSAGES.labels.companySettingsTabs[1], exact: true }).click();
  await expect(page.getByRole('form', { name: 'Incentives' }).getByLabel('Number of trips', { exact: true })).toHaveValue('25');
});

test('the super admin finds the company, deactivates it with a reason, and reactivates it', async ({ page, browser, request, consoleGuard }) => {
  test.setTimeout(120_000);
  const { email, companyName } = await readyEmployer(request, 'Lifecycle');
  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);

  // ---- the super admin, in a browser of their own, finds the company and deactivates it
  const adminContext = await browser.newContext({ baseURL: portalUrl() });
  const admin = await adminContext.newPage();
  try {
    await login(admin, SUPERADMIN.email, SUPERADMIN.password);
    await expectRoute(admin, ROUTES.superAdmin);
    await admin.getByLabel('Search employers', { exact: true }).fill(companyName.toUpperCase());
    await expectSearchApplied(admin, companyName.toUpperCase());
    const seeMore = admin.getByRole('button', { name: `See more about ${companyName}` });
    await expect(seeMore).toBeVisible();
    await expect(admin.getByRole('button', { name: /^See more about / })).toHaveCount(1);
    await seeMore.click();

    const modal = admin.getByRole('dialog').filter({ hasText: companyName });
    await expect(modal.getByLabel('Town', { exact: true })).toHaveValue('York');
    await modal.getByRole('button', { name: MESSAGES.labels.deactivateUser, exact: true }).click();
    // A reason is required.
    const deactivateForm = admin.getByRole('dialog', { name: 'Deactivate employer' }).or(admin.locator('[aria-label="Deactivate employer"]')).first();
    await deactivateForm.getByRole('button', { name: MESSAGES.labels.deactivate, exact: true }).click();
    await expect(admin.getByText(MESSAGES.employees.deactivationReason).first()).toBeVisible();
    await deactivateForm.getByLabel(MESSAGES.labels.reasonForDeactivation, { exact: true }).fill('Trial period ended');
    await deactivateForm.getByRole('button', { name: MESSAGES.labels.deactivate, exact: true }).click();
    await expectToast(admin, MESSAGES.company.deactivated);

    // The employer's live session ends at once: the next call (a 401) sends them to login, where the
    // deactivated company's sign-in is refused (a 403).
    consoleGuard.expectStatus(401, '/api/accounts/me');
    consoleGuard.expectStatus(403, '/api/accounts/login');
    await page.reload();
    await expectLoginPage(page);
    await fillLogin(page, email, PASSWORD);
    await expect(page.getByText(MESSAGES.login.companyDeactivated)).toBeVisible();

    // ---- reactivated, the employer signs in again and lands on the dashboard
    await expect(modal).toBeHidden();
    await admin.getByLabel('Filter', { exact: true }).selectOption('Deactivated');
    await admin.getByRole('button', { name: `See more about ${companyName}` }).click();
    await expect(admin.getByRole('dialog').filter({ hasText: 'Trial period ended' })).toBeVisible();
    await admin.getByRole('button', { name: MESSAGES.labels.reactivate, exact: true }).click();
    await expectToast(admin, MESSAGES.company.reactivated);
  } finally {
    await adminContext.close();
  }

  await login(page, email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
});
