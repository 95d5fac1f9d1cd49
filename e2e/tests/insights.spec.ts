import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '../support/test';
import {
  CSRF_HEADER,
  MESSAGES,
  REMOTES,
  ROUTES,
  namesInBrief,
  type Co2Report,
  type DashboardSummary,
  type Feedback,
  type FlaggedTrip,
  type JourneyGroup,
  type Page as ListPage,
  type ParticipationRow,
} from '@portal/shared-contracts';
import { apiVerifyDriver, expectRoute, hash, login } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { axeViolations } from '../support/axe-tour';
import { settled, trackRequests } from '../support/route-tour';
import { ensureCurrentMonthTrips, thisMonth } from '../support/month-trips';

// The insights are computed from trips, so these journeys run on a portal of their own with the
// api's demo data (a year of trips, journey groups and feedback for the demo companies).
const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
const EMPLOYEE_PASSWORD = 'Trips-2026-e2e';
const I = MESSAGES.insights;
const INSIGHTS = REMOTES['mfe-insights'];

const count = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(n);
const amount = (n: number) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const factor = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 5 }).format(n);
const monthName = (m: { year: number; month: number }) => new Date(Date.UTC(m.year, m.month - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function previousMonth(m: { year: number; month: number }) {
  return m.month === 1 ? { year: m.year - 1, month: 12 } : { year: m.year, month: m.month - 1 };
}

let portal: RunningPortal;

// Each journey reads what it makes (an employee, a group, trips) or what it compares with the api's own
// answer in the same journey; the one that changes a setting (well-to-tank) puts it back whatever
// fails. A portal serves one journey at a time (its worker's), so the journeys share both workers.
test.describe.configure({ mode: 'parallel' });

// The run's one portal with the demo data (support/test.ts), shared with the other journeys that need it.
test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});
// The month's figures are read: the current month has trips, also when a run crosses into a new month.
test.beforeEach(async () => {
  await ensureCurrentMonthTrips(portal.url);
});

async function employerPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport });
  const page = await context.newPage();
  return { context, page };
}

async function signIn(page: Page): Promise<void> {
  await login(page, EMPLOYER.email, EMPLOYER.password);
  await expectRoute(page, ROUTES.mainPage);
}

/** The api's own answer to a GET, with the page's session (its cookie). */
async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The names of the participation table's rows, in order, once it shows `month`. */
async function rankingNames(panel: Locator, month: { year: number; month: number }): Promise<string[]> {
  await expect(panel.getByRole('group', { name: I.participationMonth })).toContainText(monthName(month));
  const rows = panel.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  return (await rows.allInnerTexts()).slice(1).map((text) => text.split(/\t|\n/)[1]!.trim());
}

test('the dashboard shows the api’s own figures of the month, one request per widget', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  const month = thisMonth();
  await signIn(page);
  // The sign-in's own dashboard is done asking first: an answer it was still waiting for would be
  // counted, and read after the reload had discarded it.
  await expect(region(page, I.tiles.label).getByRole('listitem').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A fresh load of the dashboard, counting what it asks the api.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) asked.push(new URL(r.url()).pathname);
  });
  const summaryAnswer = page.waitForResponse((r) => r.url().includes('/api/dashboard/summary'));
  await page.reload();
  const shown = (await (await summaryAnswer).json()) as DashboardSummary;
  const own = await apiGet<DashboardSummary>(page.request, `/api/dashboard/summary?year=${month.year}&month=${month.month}`);
  expect(shown).toEqual(own);
  expect(own.totalParticipants).toBeGreaterThan(0);
  expect(own.totalDistanceMiles).toBeGreaterThan(0);
  expect(own.co2SavedKg).toBeGreaterThan(0);

  const tiles = region(page, I.tiles.label);
  const tile = (label: string) => tiles.getByRole('listitem').filter({ hasText: label });
  await expect(tile(MESSAGES.labels.dashboardTiles.participants)).toContainText(count(own.totalParticipants));
  await expect(tile(MESSAGES.labels.dashboardTiles.journeyGroups)).toContainText(count(own.journeyGroups));
  await expect(tile(MESSAGES.labels.dashboardTiles.distance)).toContainText(`${amount(own.totalDistanceMiles)} ${I.units.miles}`);
  await expect(tile(MESSAGES.labels.dashboardTiles.co2)).toContainText(`${amount(own.co2SavedKg)} ${I.units.kgCo2}`);
  const incentives = region(page, MESSAGES.labels.companySettingsTabs[1]);
  await expect(incentives.getByRole('link').first()).toContainText(count(own.incentives.qualifiedForTrips));
  await expect(incentives.getByRole('link').nth(1)).toContainText(count(own.incentives.qualifiedForMiles));

  // The chart is drawn (its library loaded on demand) and its figures are in the table too.
  const trend = region(page, I.trend.title);
  await expect(trend.locator('canvas')).toBeVisible();
  await trend.getByText(I.trend.showTable).click();
  await expect(trend.getByRole('table', { name: I.trend.tableCaption }).getByRole('row')).toHaveCount(13);
  await expect(region(page, I.feedback.title).getByRole('listitem').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const mine = asked.filter((p) => /^\/api\/(dashboard|employees-participation|feedbacks)/.test(p));
  expect(mine.sort()).toEqual(['/api/dashboard/summary', '/api/dashboard/trend', '/api/employees-participation', '/api/feedbacks']);
  await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });

  // Incentive figures lead to the rules.
  await incentives.getByRole('link').first().click();
  await expect(page).toHaveURL(/#\/company-settings\?tab=Incentives$/);
  await context.close();
});

test('changing the month changes the ranking to that month’s', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  const month = thisMonth();
  const before = previousMonth(month);
  await signIn(page);
  const panel = region(page, MESSAGES.labels.participationTitle);
  const now = await rankingNames(panel, month);
  const answer = page.waitForResponse((r) => r.url().includes('/api/employees-participation') && r.url().includes(`month=${before.month}&`));
  await panel.getByRole('button', { name: /Previous month/ }).click();
  const shown = (await (await answer).json()) as ListPage<ParticipationRow>;
  const own = await apiGet<ListPage<ParticipationRow>>(page.request, `/api/employees-participation?year=${before.year}&month=${before.month}&pageNumber=1&pageSize=10`);
  expect(shown.items.map((r) => r.name)).toEqual(own.items.map((r) => r.name));
  const then = await rankingNames(panel, before);
  expect(then).toEqual(own.items.map((r) => r.name));
  expect(then).not.toEqual(now);
  await context.close();
});

/** An employee who joins Greenway through its link, accepted by the employer: their id and the app's bearer token. */
async function newEmployee(page: Page, playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } }, firstName: string, lastName: string) {
  const login = await page.request.post('/api/accounts/login', { data: EMPLOYER, headers: { [CSRF_HEADER]: '1' } });
  const companyId = ((await login.json()) as { employerId: string }).employerId;
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `trips.${tag}@greenway.example`;
  const joined = await page.request.post(`/api/employees/employers/${companyId}/employees`, {
    data: { firstName, lastName, email, employeeNumber: `T${tag}`.slice(0, 20), password: EMPLOYEE_PASSWORD, confirmPassword: EMPLOYEE_PASSWORD },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const id = ((await joined.json()) as { response: { id: string } }).response.id;
  const accepted = await page.request.put(`/api/employees/${id}/accept`, { headers: { [CSRF_HEADER]: '1' } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const app = await playwright.request.newContext({ baseURL: portal.url });
  const token = ((await (await app.post('/api/accounts/login', { data: { email, password: EMPLOYEE_PASSWORD } })).json()) as { token: string }).token;
  return { id, app, auth: { authorization: `Bearer ${token}` } };
}

test('trips recorded through the api by a verified driver put them in the month’s ranking after a reload', async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const { context, page } = await employerPage(browser, { width: 390, height: 844 });
  const month = thisMonth();
  await signIn(page);

  // A new employee with a 60-character name drives a new colleague: neither has another trip.
  const firstName = 'Maximilian-Alexander Fairweather'.slice(0, 30);
  const lastName = 'Montgomery-Worthington Smythes'.slice(0, 29);
  const fullName = `${firstName} ${lastName}`;
  expect(fullName).toHaveLength(60);
  const driver = await newEmployee(page, playwright, firstName, lastName);
  const rider = await newEmployee(page, playwright, 'Riley', 'Rider');
  const vehicle = await driver.app.put('/api/me/vehicle', {
    data: { make: 'Ford', model: 'Focus', yearManufactured: 2020, color: 'Blue', registrationNumber: 'AB12 CDE', drivingLicenseNumber: 'MORGA753116SM9IJ' },
    headers: driver.auth,
  });
  expect(vehicle.ok(), await vehicle.text()).toBe(true);

  // Minutes apart, all within this month, none overlapping (2 miles take 1 min 43 s at 70 mph).
  const monthStart = Date.UTC(month.year, month.month - 1, 1);
  const trip = (i: number) => ({
    clientTripId: `e2e-${driver.id}-${i}`,
    startedAt: new Date(Math.max(Date.now() - (i + 1) * 10 * 60_000, monthStart + (i + 1) * 2 * 60_000)).toISOString(),
    distanceMiles: 2,
    passengerIds: [rider.id],
  });
  // Until the super admin has verified the licence and the vehicle, the app is told why not.
  const early = await driver.app.post('/api/trips', { data: trip(0), headers: driver.auth });
  expect(early.status()).toBe(403);
  expect(((await early.json()) as { message: string }).message).toBe(MESSAGES.trips.driverPending);
  await apiVerifyDriver(portal.url, driver.id);
  const trips = 6;
  for (let i = 0; i < trips; i += 1) {
    const res = await driver.app.post('/api/trips', { data: trip(i), headers: driver.auth });
    expect(res.status(), await res.text()).toBe(201);
    expect(((await res.json()) as { trip: { review: string } }).trip.review).toBe('counted');
  }
  await driver.app.dispose();
  await rider.app.dispose();

  // The ranking shows the driver where the api ranks them, on the page that holds them.
  const ranking = await apiGet<ListPage<ParticipationRow>>(page.request, `/api/employees-participation?year=${month.year}&month=${month.month}&pageNumber=1&pageSize=100`);
  const own = ranking.items.find((r) => r.id === driver.id)!;
  expect(own).toMatchObject({ totalTrips: trips, totalDistance: 2 * trips, tripsAsDriver: trips });
  await page.reload();
  const panel = region(page, MESSAGES.labels.participationTitle);
  await expect(panel.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: fullName });
  const pages = Math.ceil(ranking.totalCount / 10);
  // Tied rows come in the index's order: page on until the row is there.
  for (let p = 1; p < pages && (await row.count()) === 0; p += 1) {
    await panel.getByRole('navigation', { name: I.participationPages }).getByRole('button', { name: MESSAGES.labels.next }).click();
    await expect(panel.getByText(MESSAGES.labels.pageXofY(p + 1, pages))).toBeVisible();
  }
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText(String(own.position));
  await expect(row).toContainText(count(trips));
  // The long name wraps inside its column; the table scrolls in its own box, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('ranking-390.png') });
  await context.close();
});

/** The demo's flagged trips as the api lists them. */
const flaggedTrips = (request: APIRequestContext) => apiGet<ListPage<FlaggedTrip>>(request, '/api/trips/flagged?pageNumber=1&pageSize=100');
/** A person's all-time figures as the api ranks them (everyone: the company has fewer than 100). */
async function allTime(request: APIRequestContext, id: string): Promise<ParticipationRow> {
  return (await apiGet<ListPage<ParticipationRow>>(request, '/api/employee-participation?pageNumber=1&pageSize=100')).items.find((r) => r.id === id)!;
}
const UK_TIME = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

test('the employer confirms a flagged trip and sees it counted, and rejects another that stays out', async ({ browser }) => {
  test.setTimeout(120_000);
  const R = I.tripReview;
  const { context, page } = await employerPage(browser);
  await signIn(page);
  const waiting = await flaggedTrips(page.request);
  expect(waiting.totalCount).toBeGreaterThanOrEqual(2);
  const long = waiting.items.find((t) => t.flags[0]!.reason === 'dayDistance' && t.driver.id)!;
  const other = waiting.items.find((t) => t.id !== long.id)!;
  const reason = (t: FlaggedTrip) => {
    const f = t.flags[0]!;
    return f.reason === 'dayDistance' ? R.reasons.dayDistance(amount(f.dayMiles), amount(f.limitMiles)) : R.reasons.personOverlap(namesInBrief(f.people));
  };
  const tripMonth = (t: FlaggedTrip) => ({ year: new Date(t.startedAt).getUTCFullYear(), month: new Date(t.startedAt).getUTCMonth() + 1 });
  const summaryOf = (t: FlaggedTrip) => apiGet<DashboardSummary>(page.request, `/api/dashboard/summary?year=${tripMonth(t).year}&month=${tripMonth(t).month}`);

  await page.goto(hash(`${ROUTES.employeeManagement}?tab=participation`));
  const section = page.getByRole('region', { name: R.title });
  const table = section.getByRole('table', { name: R.title });
  const row = (t: FlaggedTrip) => table.getByRole('row').filter({ hasText: UK_TIME.format(new Date(t.startedAt)) }).filter({ hasText: t.driver.name });
  await expect(row(long)).toContainText(reason(long));
  await expect(row(other)).toContainText(reason(other));
  await expect(section).toContainText(R.waiting(count(waiting.totalCount)));
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: test.info().outputPath('flagged-trips-1280.png') });
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Confirmed: the trip counts in the month's figures and in the driver's all-time figures.
  const monthBefore = await summaryOf(long);
  const driverBefore = await allTime(page.request, long.driver.id!);
  await row(long).getByRole('button', { name: R.confirmTrip(long.driver.name, UK_TIME.format(new Date(long.startedAt))) }).click();
  const confirm = page.getByRole('dialog', { name: R.confirmTitle });
  await expect(confirm).toContainText(R.confirmText);
  await confirm.screenshot({ path: test.info().outputPath('flagged-trip-confirm-1280.png') });
  await confirm.getByRole('button', { name: R.confirm }).click();
  await expect(page.getByText(R.confirmed)).toBeVisible();
  await expect(row(long)).toHaveCount(0);
  await expect(section).toContainText(R.waiting(count(waiting.totalCount - 1)));
  const monthAfter = await summaryOf(long);
  expect(monthAfter.totalTrips).toBe(monthBefore.totalTrips + 1);
  expect(monthAfter.totalDistanceMiles).toBeCloseTo(monthBefore.totalDistanceMiles + long.distanceMiles, 2);
  expect(monthAfter.co2SavedKg).toBeGreaterThan(monthBefore.co2SavedKg);
  const driverAfter = await allTime(page.request, long.driver.id!);
  expect(driverAfter).toMatchObject({ totalTrips: driverBefore.totalTrips + 1, tripsAsDriver: driverBefore.tripsAsDriver + 1 });
  expect(driverAfter.totalDistance).toBeCloseTo(driverBefore.totalDistance + long.distanceMiles, 2);
  // The ranking under it shows the driver's new figures, on the page that holds them.
  const ranking = page.getByRole('table', { name: MESSAGES.labels.participationTitle });
  await page.goto(hash(`${ROUTES.employeeManagement}?tab=participation&participation.page=${Math.ceil(driverAfter.position / 10)}`));
  const driverRow = ranking.getByRole('row').filter({ hasText: long.driver.name });
  await expect(driverRow).toContainText(count(driverAfter.totalTrips));
  await expect(driverRow).toContainText(amount(driverAfter.totalDistance));

  // Rejected: it leaves the list and no figure moves.
  const otherMonthBefore = await summaryOf(other);
  await row(other).getByRole('button', { name: R.rejectTrip(other.driver.name, UK_TIME.format(new Date(other.startedAt))) }).click();
  const reject = page.getByRole('dialog', { name: R.rejectTitle });
  await expect(reject).toContainText(R.rejectText);
  await reject.getByRole('button', { name: R.reject }).click();
  await expect(page.getByText(R.rejected)).toBeVisible();
  await expect(row(other)).toHaveCount(0);
  expect(await summaryOf(other)).toEqual(otherMonthBefore);
  expect((await flaggedTrips(page.request)).totalCount).toBe(waiting.totalCount - 2);
  // Both decisions are in the company's audit log.
  const audit = await apiGet<ListPage<{ action: string; targetId: string | null }>>(page.request, '/api/audit-log?pageNumber=1&pageSize=10');
  expect(audit.items.filter((e) => e.action.startsWith('trip.')).map((e) => [e.action, e.targetId])).toEqual([
    ['trip.rejected', other.id],
    ['trip.confirmed', long.id],
  ]);
  await context.close();
});

test('on a phone the trips to review are cards whose decisions are in reach', async ({ browser }) => {
  const R = I.tripReview;
  const { context, page } = await employerPage(browser, { width: 390, height: 844 });
  await signIn(page);
  const waiting = await flaggedTrips(page.request);
  trackRequests(page);
  await page.goto(hash(`${ROUTES.employeeManagement}?tab=participation`));
  // The tab's lists and cards drawn before their buttons are measured: a Confirm button still moving
  // 10 s after the navigation (the tab loading at load 18) failed the scroll once.
  await settled(page);
  const section = page.getByRole('region', { name: R.title });
  if (waiting.totalCount === 0) {
    await expect(section).toContainText(R.empty);
  } else {
    const first = waiting.items[0]!;
    const when = UK_TIME.format(new Date(first.startedAt));
    for (const name of [R.confirmTrip(first.driver.name, when), R.rejectTrip(first.driver.name, when)]) {
      const button = section.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 0.95 });
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await section.screenshot({ path: test.info().outputPath('flagged-trips-390.png') });
  await page.screenshot({ path: test.info().outputPath('flagged-trips-390-page.png'), fullPage: true });
  await context.close();
});

test('a feedback opens in a modal with its full text and the way to Employee Management', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  await signIn(page);
  const latest = (await apiGet<ListPage<Feedback>>(page.request, '/api/feedbacks?pageNumber=1&pageSize=10')).items[0]!;
  const item = region(page, I.feedback.title).getByRole('button').filter({ hasText: latest.fullName }).first();
  await item.click();
  const dialog = page.getByRole('dialog', { name: latest.fullName });
  await expect(dialog).toContainText(latest.employeeNumber);
  await expect(dialog).toContainText(new Date(latest.createdAt).toLocaleDateString('en-GB', { timeZone: 'Europe/London' }));
  await expect(dialog).toContainText(latest.feedbackText);
  await dialog.getByRole('button', { name: I.feedback.goToEmployees }).click();
  await expectRoute(page, ROUTES.employeeManagement);
  await context.close();
});

test('the CO2 modal shows the factor and its source; the groups’ CSV, beside the table, holds what the table shows for its period', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  const month = thisMonth();
  await signIn(page);
  const table = await openGroupsTab(page);
  await page.getByRole('button', { name: I.co2.open }).click();
  const dialog = page.getByRole('dialog', { name: I.co2.title });
  const report = await apiGet<Co2Report>(page.request, `/api/journey-groups/co2?year=${month.year}&month=${month.month}`);
  const direct = report.factors.find((f) => f.kind === 'direct')!;
  await expect(dialog).toContainText(I.co2Formula);
  await expect(dialog).toContainText(`${amount(report.passengerMiles)} passenger miles`);
  await expect(dialog.getByRole('listitem').filter({ hasText: I.co2.kinds.direct })).toContainText(String(direct.kgPerMile));
  await expect(dialog).toContainText(direct.source);
  await expect(dialog).toContainText(direct.scope);
  await expect(dialog).toContainText(String(direct.year));
  // The modal explains; it exports nothing of the table.
  await expect(dialog.getByRole('button', { name: /CSV/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  /** The table's rows as the CSV writes them (its header first). */
  const tableRows = async () => {
    const rows = await table.getByRole('row').all();
    const out: string[] = [];
    for (const row of rows.slice(1)) {
      const cells = await row.getByRole('cell').all();
      const text = async (i: number) => (await cells[i]!.innerText()).trim();
      const list = async (i: number) => (await cells[i]!.getByRole('listitem').allInnerTexts()).map((t) => t.trim()).join('; ');
      const figure = async (i: number) => (await text(i)).replace(/,/g, '');
      // RFC 4180: a field holding a comma or a quote is quoted, its quotes doubled.
      const field = (value: string) => (/[",]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
      out.push([await text(0), await list(1), await figure(2), await figure(3), await list(4), await figure(5)].map(field).join(','));
    }
    return out;
  };
  for (const period of [null, previousMonth(month)]) {
    const name = period ? monthName(period) : I.allTime;
    if (period) {
      await page.getByLabel(I.period, { exact: true }).selectOption({ label: name });
      await expect(page).toHaveURL(/groups\.period=/);
    }
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: I.downloadCsvFor(name) }).click();
    const file = await download;
    const slug = period ? `${period.year}-${String(period.month).padStart(2, '0')}` : 'all-time';
    expect(file.suggestedFilename()).toBe(`journey-groups-${slug}.csv`);
    const bytes = await readFile((await file.path())!);
    // UTF-8 with its byte order mark, as the api serves it, so spreadsheets read the names right.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(I.journeyGroupColumns.join(','));
    // Every row of the table (the demo company's groups fit one page), with the same figures.
    expect(lines.slice(1)).toEqual(await tableRows());
  }
  await context.close();
});

/** The All Journey Groups tab with its first row shown. */
async function openGroupsTab(page: Page): Promise<Locator> {
  await page.goto(hash(`${ROUTES.employeeManagement}?tab=journey-groups`));
  const table = page.getByRole('table', { name: I.journeyGroupsTitle });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  return table;
}

test('on a phone the employer creates, renames and deletes a journey group, each seen in the list after a reload', async ({ browser }) => {
  // Three reloads and three api reads: 36 s in a full run, every step done at 59 s at load 18.
  test.setTimeout(120_000);
  const { context, page } = await employerPage(browser, { width: 390, height: 844 });
  const G = I.groups;
  await signIn(page);
  const before = await apiGet<ListPage<JourneyGroup>>(page.request, '/api/journey-groups?pageNumber=1&pageSize=1');
  // 60 characters, the longest name there is; it sorts first, so it is on the first page.
  const name = `A shared ride from Leeds station, early starters ${Date.now().toString(36)}`.padEnd(60, '.').slice(0, 60);
  const renamed = `${name.slice(0, 50)} (renamed)`;
  let createdId: string | undefined;
  try {
    let table = await openGroupsTab(page);
    await page.getByRole('button', { name: G.add }).click();
    const create = page.getByRole('dialog', { name: G.add });
    await create.getByLabel(G.name).fill(name);
    await create.getByLabel(G.meetingPoints).fill('Leeds station, north entrance\nHeadingley Tesco car park');
    await create.getByRole('button', { name: G.create }).click();
    await expect(page.getByText(MESSAGES.journeyGroups.created)).toBeVisible();
    await expect(create).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();
    await page.reload();
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Headingley Tesco car park');
    createdId = (await apiGet<ListPage<JourneyGroup>>(page.request, '/api/journey-groups?pageNumber=1&pageSize=50')).items.find((g) => g.name === name)?.id;
    expect(createdId).toBeDefined();
    // On a phone the row is a card: each of its actions can be scrolled to and is then wholly on
    // screen (sub-pixel edges aside), and the page itself does not scroll sideways.
    for (const action of [G.renameGroup(name), G.deleteGroup(name)]) {
      const button = row.getByRole('button', { name: action });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 0.95 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('journey-group-390.png') });

    // Renamed with the keyboard alone: the button, the name field, Enter.
    await row.getByRole('button', { name: G.renameGroup(name) }).focus();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: G.renameTitle });
    await expect(rename.getByLabel(G.name)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(renamed);
    await page.keyboard.press('Enter');
    await expect(page.getByText(MESSAGES.journeyGroups.updated)).toBeVisible();
    await expect(rename).toBeHidden();
    await page.reload();
    table = page.getByRole('table', { name: I.journeyGroupsTitle });
    const renamedRow = table.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toContainText('Headingley Tesco car park');
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    await renamedRow.getByRole('button', { name: G.deleteGroup(renamed) }).click();
    const confirm = page.getByRole('dialog', { name: G.deleteTitle });
    await expect(confirm).toContainText(G.deleteConfirm(renamed, 0, 0));
    await confirm.getByRole('button', { name: MESSAGES.labels.delete }).click();
    await expect(page.getByText(MESSAGES.journeyGroups.deleted)).toBeVisible();
    await page.reload();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: renamed })).toHaveCount(0);
    createdId = undefined;
    expect((await apiGet<ListPage<JourneyGroup>>(page.request, '/api/journey-groups?pageNumber=1&pageSize=1')).totalCount).toBe(before.totalCount);
  } finally {
    // The demo data as it was, whatever failed above.
    if (createdId) await page.request.delete(`/api/journey-groups/${createdId}`, { headers: { [CSRF_HEADER]: '1' } });
    await context.close();
  }
});

test('well-to-tank switched on in the CO2 modal changes the factor and the figure shown, and off again', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  const C = I.co2;
  const month = thisMonth();
  await signIn(page);
  const login = await page.request.post('/api/accounts/login', { data: EMPLOYER, headers: { [CSRF_HEADER]: '1' } });
  const companyId = ((await login.json()) as { employerId: string }).employerId;
  const reportUrl = `/api/journey-groups/co2?year=${month.year}&month=${month.month}`;
  const off = await apiGet<Co2Report>(page.request, reportUrl);
  expect(off.includeWellToTank).toBe(false);
  const shows = async (dialog: Locator, r: Co2Report) => {
    await expect(dialog.getByText(C.calculation(amount(r.passengerMiles), factor(r.kgPerMile), amount(r.co2SavedKg)))).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: C.kinds.wellToTank })).toContainText(r.includeWellToTank ? C.included : C.notIncluded);
  };
  try {
    await openGroupsTab(page);
    await page.getByRole('button', { name: C.open }).click();
    let dialog = page.getByRole('dialog', { name: C.title });
    const box = dialog.getByRole('checkbox', { name: C.wellToTank });
    await expect(box).not.toBeChecked();
    await shows(dialog, off);

    await box.click();
    await expect(page.getByText(I.emissionsSaved)).toBeVisible();
    const on = await apiGet<Co2Report>(page.request, reportUrl);
    expect(on.includeWellToTank).toBe(true);
    expect(on.kgPerMile).toBeGreaterThan(off.kgPerMile);
    await expect(box).toBeChecked();
    await shows(dialog, on);
    await expect(dialog).toContainText(C.perMile(factor(on.kgPerMile), on.factors[0]!.unit));
    await page.screenshot({ path: test.info().outputPath('co2-well-to-tank.png') });

    // Saved for the company: a reload shows it still on.
    await page.reload();
    await page.getByRole('button', { name: C.open }).click();
    dialog = page.getByRole('dialog', { name: C.title });
    await expect(dialog.getByRole('checkbox', { name: C.wellToTank })).toBeChecked();
    await shows(dialog, on);

    await dialog.getByRole('checkbox', { name: C.wellToTank }).press('Space');
    await expect(dialog.getByRole('checkbox', { name: C.wellToTank })).not.toBeChecked();
    await shows(dialog, off);
    expect((await apiGet<Co2Report>(page.request, reportUrl)).includeWellToTank).toBe(false);
  } finally {
    // The demo company's setting as it was, whatever failed above.
    await page.request.put(`/api/employers/${companyId}/emissions`, { data: { includeWellToTank: false }, headers: { [CSRF_HEADER]: '1' } });
    await context.close();
  }
});

test('with mfe-insights unreachable, Employee Management still works and only its two insight tabs show the panel', async ({ browser, consoleGuard }) => {
  const { context, page } = await employerPage(browser);
  // The blocked remote's own failures are what this journey provokes.
  consoleGuard.expectRemoteDown('mfe-insights', 'aborted');
  await page.route('**/remotes/mfe-insights/**', (route) => route.abort());
  await signIn(page);
  const unavailable = MESSAGES.common.featureUnavailable(INSIGHTS.feature);
  await expect(page.getByRole('main').getByText(unavailable)).toBeVisible();

  await page.goto(hash(ROUTES.employeeManagement));
  const tabs = page.getByRole('tablist', { name: 'Employee Management' });
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('table', { name: 'Employees' }).getByRole('row').nth(1)).toBeVisible();
  await expect(panel.getByText(unavailable)).toHaveCount(0);
  for (const tab of [MESSAGES.labels.employeeTabs[1], MESSAGES.labels.employeeTabs[2]]) {
    await tabs.getByRole('tab', { name: tab }).click();
    await expect(panel.getByText(unavailable)).toBeVisible();
  }
  await tabs.getByRole('tab', { name: new RegExp(MESSAGES.labels.employeeTabs[3]) }).click();
  await expect(panel.getByText(unavailable)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: MESSAGES.labels.approveSelected })).toBeVisible();
  await tabs.getByRole('tab', { name: MESSAGES.labels.employeeTabs[0] }).click();
  await expect(panel.getByRole('table', { name: 'Employees' }).getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('insights-blocked.png') });
  await context.close();
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px the dashboard does not move when its figures and chart arrive`, async ({ browser }) => {
    const { context, page } = await employerPage(browser, viewport);
    await signIn(page);
    // Every layout shift of the next load, as the browser scores them (Lighthouse's CLS adds these).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) shifts.push(e.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The tiles' and the chart's answers are held until their placeholders have been drawn.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/dashboard\/(summary|trend)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const tiles = region(page, I.tiles.label);
    const trend = region(page, I.trend.title);
    await expect(tiles.getByRole('status', { name: I.loading })).toBeVisible();
    await expect(trend.getByRole('status', { name: I.loading })).toBeVisible();
    await expect(region(page, I.feedback.title).getByRole('listitem').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`dashboard-loading-${viewport.width}.png`) });
    release();
    await expect(tiles.getByRole('listitem').filter({ hasText: MESSAGES.labels.dashboardTiles.co2 })).toContainText(I.units.kgCo2);
    await expect(tiles.getByRole('status')).toHaveCount(0);
    await expect(trend.locator('canvas')).toBeVisible();
    // Two frames after the chart, so a shift it caused has been reported.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    const total = shifts.reduce((a, b) => a + b, 0);
    expect(total, `layout shifts ${shifts.map((s) => s.toFixed(4)).join(', ')}`).toBeLessThan(0.01);
    await page.screenshot({ path: test.info().outputPath(`dashboard-loaded-${viewport.width}.png`) });
    await context.close();
  });
}
