import { expect, test, type APIRequestContext, type Locator, type Page } from '../support/test';
import { CSRF_HEADER, MESSAGES, REMOTES, ROUTES } from '@portal/shared-contracts';
import { apiLogin, apiRegisterEmployer, expectRoute, expectSearchApplied, hash, login, readOutbox, SUPERADMIN, uniqueEmail } from '../support/portal';
import { seriousAxeViolations } from '../support/axe-tour';

const L = MESSAGES.labels;
const COPY = MESSAGES.driverScreens;
const [APPROVED_TAB] = L.driverTabs;
const PASSWORD = 'Driver-Pass-42';

// ---------------------------------------------------------------- drivers made as the mobile app makes them

interface Person {
  id: string;
  email: string;
  name: string;
  lastName: string;
}

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

/**
 * A company with one employee per first name, each approved by the employer and registered as a
 * driver through `PUT /api/me/vehicle` (UK plate, DVLA licence). Last names are unique to the run,
 * so a journey finds its own drivers by searching for them.
 */
async function companyWithDrivers(request: APIRequestContext, firstNames: string[], licence?: string): Promise<Person[] & { company: string }> {
  const employerEmail = uniqueEmail('fleet');
  await apiRegisterEmployer(request, 'Fleet Manager', employerEmail, PASSWORD);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, [CSRF_HEADER]: '1' });
  const employer = bearer(await apiLogin(request, employerEmail, PASSWORD));
  const companyName = `Fleet ${letters(6)} Ltd`;
  const company = await request.post('/api/employers', { headers: employer, data: { name: companyName, email: 'fleet@drivers.example', phoneNumber: '020 7946 0958', countryCode: 'GB' } });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = ((await company.json()) as { id: string }).id;

  const people: Person[] = [];
  for (const firstName of firstNames) {
    const surname = letters(8);
    const lastName = surname.charAt(0) + surname.slice(1).toLowerCase();
    const email = uniqueEmail(`driver-${firstName.toLowerCase()}`);
    const joined = await request.post(`/api/employees/employers/${companyId}/employees`, {
      headers: { [CSRF_HEADER]: '1' },
      data: { firstName, lastName, email, employeeNumber: `DRV-${letters(4)}`, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    const id = ((await joined.json()) as { response: { id: string } }).response.id;
    const accepted = await request.put(`/api/employees/${id}/accept`, { headers: employer });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    const vehicle = await request.put('/api/me/vehicle', {
      headers: bearer(await apiLogin(request, email, PASSWORD)),
      data: {
        make: 'Skoda',
        model: 'Octavia',
        yearManufactured: 2020,
        color: 'Silver',
        registrationNumber: `${letters(2)}${String(10 + Math.floor(Math.random() * 60))} ${letters(3)}`,
        drivingLicenseNumber: licence ?? `${surname.slice(0, 5)}753116SM9IJ`,
      },
    });
    expect(vehicle.ok(), await vehicle.text()).toBe(true);
    people.push({ id, email, name: `${firstName} ${lastName}`, lastName });
  }
  return Object.assign(people, { company: companyName });
}

// ---------------------------------------------------------------- the page

async function signInAsSuperAdmin(page: Page): Promise<void> {
  await login(page, SUPERADMIN.email, SUPERADMIN.password);
  await expectRoute(page, ROUTES.superAdmin);
}

async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

function bellOf(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

/**
 * The badge's count, read from the bell's accessible name ("Notifications, 6 waiting"), once loaded:
 * a journey that has just made a company and a driver always has something waiting.
 */
async function badgeCount(page: Page): Promise<number> {
  await expect(bellOf(page)).toHaveAccessibleName(/^Notifications, \d+ waiting$/);
  const name = (await bellOf(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) waiting/.exec(name)?.[1] ?? 0);
}

async function openPending(page: Page, search?: string): Promise<void> {
  await page.goto(hash(ROUTES.pendingDrivers));
  await expect(page.getByRole('heading', { level: 2, name: /^Pending Drivers \(\d+\)$/ })).toBeVisible();
  if (!search) return;
  await page.getByRole('searchbox', { name: COPY.pending.searchLabel }).fill(search);
  // The box rests 300 ms before its text applies; until then the unfiltered list is on screen, and a
  // check made in that gap would meet it, or its dimming half-way through the search's fetch.
  await expectSearchApplied(page, search, 'pending.search');
}

function rowOf(page: Page, person: Person): Locator {
  return page.getByRole('row', { name: new RegExp(person.lastName) });
}

/** No serious or critical WCAG 2.1 AA violation inside `selector`. */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  // A list still showing the previous answer is dimmed (aria-busy, opacity) and fades back in:
  // contrast is judged once it is no longer busy and its fade has ended (axeRun waits for that).
  await expect(page.locator(`${selector} [aria-busy="true"]`)).toHaveCount(0);
  expect(await seriousAxeViolations(page, selector)).toEqual([]);
}

/**
 * A follow-up in the month after next, inside the follow-up window (today to two years on) whenever
 * the journeys run: its month and year as the picker writes them.
 */
function followUpMonth(): { mm: string; yyyy: string } {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() + 2);
  return { mm: String(d.getMonth() + 1).padStart(2, '0'), yyyy: String(d.getFullYear()) };
}
const { mm: MM, yyyy: YYYY } = followUpMonth();

/** Types a follow-up date into a dialog's picker, digits only: the mask writes the separators. */
async function typeFollowUp(page: Page, dialog: Locator, digits: string): Promise<void> {
  await dialog.getByRole('textbox', { name: COPY.followUpDate }).click();
  await page.keyboard.type(digits);
}

// ---------------------------------------------------------------- journeys

test('verify a driver’s vehicle, then the driver: the row shows the double tick, moves to Approved, and the badge count drops', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [ada] = await companyWithDrivers(request, ['Ada']);
  await signInAsSuperAdmin(page);
  await openPending(page, ada!.lastName);
  const before = await badgeCount(page);
  const row = rowOf(page, ada!);
  await expect(row.getByRole('checkbox', { name: COPY.selectDriver(ada!.name) })).toBeVisible();
  await expectAccessible(page, 'main');

  // ---- the vehicle: notes and a follow-up date are both required
  await row.getByRole('button', { name: COPY.rowAction(L.verifyVehicle, ada!.name) }).click();
  let dialog = page.getByRole('dialog', { name: COPY.verifyVehicleTitle });
  await dialog.getByRole('button', { name: L.verify, exact: true }).click();
  await expect(dialog.getByText(MESSAGES.drivers.verifyVehicle)).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByLabel(COPY.notes).fill('V5C, MOT and insurance seen');
  await typeFollowUp(page, dialog, `01${MM}${YYYY}1000`);
  await dialog.getByRole('button', { name: L.verify, exact: true }).click();
  await expectToast(page, MESSAGES.drivers.vehicleApproved);
  await expect(row.getByText(L.vehicleVerified, { exact: true })).toBeVisible();
  await expect(bellOf(page)).toHaveAccessibleName(COPY.bell.label(before - 1));

  // ---- the driver: a follow-up date is required
  await row.getByRole('button', { name: COPY.rowAction(L.verifyDriver, ada!.name) }).click();
  dialog = page.getByRole('dialog', { name: COPY.verifyDriverTitle });
  await dialog.getByRole('button', { name: L.verify, exact: true }).click();
  await expect(dialog.getByText(MESSAGES.drivers.verifyFollowUp)).toBeVisible();
  await typeFollowUp(page, dialog, `01${MM}${YYYY}1000`);
  await dialog.getByRole('button', { name: L.verify, exact: true }).click();
  await expectToast(page, MESSAGES.drivers.approved);
  await expect(row.getByRole('img', { name: COPY.bothVerified(ada!.name) })).toBeVisible();
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(bellOf(page)).toHaveAccessibleName(COPY.bell.label(before - 2));
  await page.screenshot({ path: test.info().outputPath('double-tick.png') });

  // ---- Approved Drivers lists the driver with the Verified mark
  await page.getByRole('tab', { name: APPROVED_TAB }).click();
  await expectRoute(page, ROUTES.approvedDrivers);
  await page.getByRole('searchbox', { name: COPY.approved.searchLabel }).fill(ada!.lastName);
  await expectSearchApplied(page, ada!.lastName);
  await expect(rowOf(page, ada!).getByText(L.verified, { exact: true })).toBeVisible();
  await openPending(page, ada!.lastName);
  await expect(page.getByText(MESSAGES.drivers.noPending)).toBeVisible();
});

test('reject a driver with notes: the row shows Rejected and the driver is mailed the notes', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [bo] = await companyWithDrivers(request, ['Bo']);
  await signInAsSuperAdmin(page);
  await openPending(page, bo!.lastName);
  const row = rowOf(page, bo!);
  await row.getByRole('button', { name: COPY.rowAction(L.reject, bo!.name) }).click();
  const dialog = page.getByRole('dialog', { name: COPY.rejectTitle });
  await dialog.getByRole('button', { name: L.confirm, exact: true }).click();
  await expect(dialog.getByText(MESSAGES.drivers.rejectNotes)).toBeVisible();
  const notes = 'The licence photo is unreadable; please upload it again.';
  await dialog.getByLabel(COPY.notes).fill(notes);
  await dialog.getByRole('button', { name: L.confirm, exact: true }).click();
  await expectToast(page, MESSAGES.drivers.rejected);
  await expect(row.getByText(L.rejected, { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: COPY.rowAction(L.reject, bo!.name) })).toHaveCount(0);

  await expect
    .poll(async () => (await readOutbox({ to: bo!.email, kind: 'driver-rejected' })).map((m) => m.text))
    .toEqual([expect.stringContaining(notes)]);
});

test('a licence number two drivers hold: each one’s details warn, naming the other with company and state, and link to them', async ({ page, request }) => {
  test.setTimeout(150_000);
  // One licence, typed by the second driver in lower case with spaces: the same licence all the same.
  const licence = `${letters(5)}753116SM9IJ`;
  const first = await companyWithDrivers(request, ['Dee'], licence);
  const second = await companyWithDrivers(request, ['Eli'], `${licence.slice(0, 5).toLowerCase()} ${licence.slice(5, 11)} ${licence.slice(11).toLowerCase()}`);
  const [dee, eli] = [first[0]!, second[0]!];
  await signInAsSuperAdmin(page);
  await openPending(page, dee.lastName);
  await expect(page).toHaveURL(/pending\.search=/);
  await rowOf(page, dee).getByRole('button', { name: COPY.rowAction(L.seeMore, dee.name) }).click();

  let dialog = page.getByRole('dialog', { name: dee.name });
  let warning = dialog.getByRole('alert', { name: COPY.sameLicence.title(1) });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('listitem')).toHaveText([`${eli.name} ${COPY.sameLicence.where(second.company, MESSAGES.drivers.statuses.pending)}`]);
  await expect(page).toHaveURL(new RegExp(`driver=${dee.id}`));
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('same-licence-1280.png') });

  // The link opens the other driver's details; Back returns to the first.
  await warning.getByRole('link', { name: eli.name }).click();
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.pendingDrivers}\\?driver=${eli.id}`));
  dialog = page.getByRole('dialog', { name: eli.name });
  warning = dialog.getByRole('alert', { name: COPY.sameLicence.title(1) });
  await expect(warning.getByRole('listitem')).toHaveText([`${dee.name} ${COPY.sameLicence.where(first.company, MESSAGES.drivers.statuses.pending)}`]);
  await page.goBack();
  await expect(page.getByRole('dialog', { name: dee.name })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('dialog', { name: dee.name }).getByRole('alert')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('same-licence-390.png') });
});

test('Verify Selected with no driver ticked says "No drivers selected to approve."', async ({ page }) => {
  await signInAsSuperAdmin(page);
  await openPending(page);
  await page.getByRole('button', { name: L.verifySelected, exact: true }).click();
  await expectToast(page, MESSAGES.drivers.noneSelected);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the follow-up picker is usable by keyboard alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [cy] = await companyWithDrivers(request, ['Cy']);
  await signInAsSuperAdmin(page);
  await openPending(page, cy!.lastName);
  const verify = rowOf(page, cy!).getByRole('button', { name: COPY.rowAction(L.verifyDriver, cy!.name) });
  await verify.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: COPY.verifyDriverTitle });
  const picker = dialog.getByRole('textbox', { name: COPY.followUpDate });
  // The dialog opens on the picker; Enter submits, and a half-typed date is refused.
  await expect(picker).toBeFocused();
  await page.keyboard.type(`15${MM}`);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(MESSAGES.drivers.verifyFollowUp)).toBeVisible();
  await page.keyboard.type(`${YYYY}0930`);
  await expect(picker).toHaveValue(`15-${MM}-${YYYY} 09:30`);
  // The arrow keys change the part at the caret: the day, then the hour.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowUp');
  await expect(picker).toHaveValue(`16-${MM}-${YYYY} 09:30`);
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await expect(picker).toHaveValue(`16-${MM}-${YYYY} 08:30`);
  await page.keyboard.press('Enter');
  await expectToast(page, MESSAGES.drivers.approved);
  await expect(rowOf(page, cy!).getByText(L.driverVerified, { exact: true })).toBeVisible();

  // The details show the date as it was typed.
  await rowOf(page, cy!).getByRole('button', { name: COPY.rowAction(L.seeMore, cy!.name) }).click();
  const details = page.getByRole('dialog', { name: cy!.name });
  await expect(details.getByText(`16-${MM}-${YYYY} 08:30`).first()).toBeVisible();
});

test('a follow-up before today or past two years ahead is refused with the window\'s message, on a desktop and a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [di] = await companyWithDrivers(request, ['Di']);
  await signInAsSuperAdmin(page);
  await openPending(page, di!.lastName);
  await rowOf(page, di!).getByRole('button', { name: COPY.rowAction(L.verifyDriver, di!.name) }).click();
  const dialog = page.getByRole('dialog', { name: COPY.verifyDriverTitle });
  const picker = dialog.getByRole('textbox', { name: COPY.followUpDate });
  // The calendar (the browser's picker behind the field's calendar button) offers the window only:
  // from today to the same day two years on.
  const calendar = dialog.locator('input[type="datetime-local"]');
  const today = new Date();
  const local = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  expect((await calendar.getAttribute('min'))?.slice(0, 10)).toBe(local(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()))));
  expect((await calendar.getAttribute('max'))?.slice(0, 4)).toBe(String(today.getUTCFullYear() + 2));

  for (const [label, digits] of [
    ['three years on', `01${MM}${Number(YYYY) + 3}1000`],
    ['two years ago', `01${MM}${Number(YYYY) - 2}1000`],
  ] as const) {
    await picker.fill('');
    await typeFollowUp(page, dialog, digits);
    await dialog.getByRole('button', { name: L.verify, exact: true }).click();
    await expect(dialog.getByText(MESSAGES.drivers.followUpOutOfRange), label).toBeVisible();
  }
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: test.info().outputPath('follow-up-out-of-range-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByText(MESSAGES.drivers.followUpOutOfRange)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('follow-up-out-of-range-phone.png') });

  // Inside the window it is taken.
  await picker.fill('');
  await typeFollowUp(page, dialog, `01${MM}${YYYY}1000`);
  await dialog.getByRole('button', { name: L.verify, exact: true }).click();
  await expectToast(page, MESSAGES.drivers.approved);
});

test('with mfe-drivers blocked, All Employers and All Users still work', async ({ page, consoleGuard }) => {
  const blocked = '/remotes/mfe-drivers/';
  // The blocked remote's own load failures are what this journey provokes.
  consoleGuard.expectRemoteDown('mfe-drivers', 404);
  await page.route(`**${blocked}**`, (route) => route.fulfill({ status: 404, body: 'blocked' }));
  await signInAsSuperAdmin(page);
  const unavailable = MESSAGES.common.featureUnavailable(REMOTES['mfe-drivers'].feature);

  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(`^${L.allEmployers}`) })).toBeVisible();
  await expect(page.getByRole('banner').getByText(unavailable)).toBeVisible();
  const nav = page.getByRole('navigation', { name: MESSAGES.shell.backOfficeNav });
  await nav.getByRole('link', { name: L.superAdminNav[1], exact: true }).click();
  await expectRoute(page, ROUTES.allUsers);
  await expect(page.getByRole('main').getByRole('heading', { name: new RegExp(`^${L.allUsers}`) })).toBeVisible();

  await nav.getByRole('link', { name: L.superAdminNav[2], exact: true }).click();
  await expectRoute(page, ROUTES.drivers);
  await expect(page.getByRole('main').getByText(unavailable)).toBeVisible();
  await expect(nav).toBeVisible();
});
