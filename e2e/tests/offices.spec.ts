import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test';
import { MESSAGES, officeLabel, ROUTES, type Company, type DashboardSummary, type JourneyGroup, type Page as ListPage } from '@portal/shared-contracts';
import { axeViolations } from '../support/axe-tour';
import { escapeRegExp, expectRoute, expectSearchApplied, hash, login, uniqueEmail } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { csvCells, milli } from '../support/report-csv';
import { ensureCurrentMonthTrips, thisMonth } from '../support/month-trips';

// The demo company's employees are spread over its three offices and No office, with a year of
// trips: the run's demo portal (docs/decisions/0045-offices-as-a-dimension.md).
const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
const I = MESSAGES.insights;

const count = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(n);
const amount = (n: number) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

let portal: RunningPortal;
// Each journey signs in on its worker's demo portal and reads or adds what it needs there (what it
// adds is its own: a run's names and addresses); none needs another's changes, so the two workers
// share the file.
test.describe.configure({ mode: 'parallel' });
test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});
// The month's figures are read: the current month has trips, also when a run crosses into a new month.
test.beforeEach(async () => {
  await ensureCurrentMonthTrips(portal.url);
});

async function employerPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await login(page, EMPLOYER.email, EMPLOYER.password);
  await expectRoute(page, ROUTES.mainPage);
  return { context, page, errors };
}

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const tilesOf = (page: Page) => page.getByRole('region', { name: I.tiles.label, exact: true });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the employer filters the dashboard by office, and a reload keeps it (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    const { context, page, errors } = await employerPage(browser, viewport);
    const m = thisMonth();
    const select = page.getByRole('combobox', { name: I.office });
    // While the offices load, the select holds its place, disabled, with All offices alone.
    await expect(select).toBeEnabled();
    const options = await select.getByRole('option').allInnerTexts();
    expect(options[0]).toBe(I.allOffices);
    expect(options.at(-1)).toBe(I.noOffice);
    expect(options).toContain('12 Wellington Street, Leeds');

    // Leeds: the tiles show the api's own figures of Leeds.
    const leedsValue = await select.getByRole('option', { name: '12 Wellington Street, Leeds' }).getAttribute('value');
    const answer = page.waitForResponse((r) => r.url().includes('/api/dashboard/summary') && r.url().includes(`officeId=${leedsValue}`));
    await select.selectOption(leedsValue!);
    const shown = (await (await answer).json()) as DashboardSummary;
    const q = `year=${m.year}&month=${m.month}`;
    const leeds = await apiGet<DashboardSummary>(page.request, `/api/dashboard/summary?${q}&officeId=${leedsValue}`);
    expect(shown).toEqual(leeds);
    const company = await apiGet<DashboardSummary>(page.request, `/api/dashboard/summary?${q}`);
    expect(leeds.totalParticipants).toBeGreaterThan(0);
    expect(leeds.totalParticipants).toBeLessThan(company.totalParticipants);
    const tile = (label: string) => tilesOf(page).getByRole('listitem').filter({ hasText: label });
    await expect(tile(MESSAGES.labels.dashboardTiles.participants)).toContainText(count(leeds.totalParticipants));
    await expect(tile(MESSAGES.labels.dashboardTiles.distance)).toContainText(`${amount(leeds.totalDistanceMiles)} ${I.units.miles}`);
    await expect(page).toHaveURL(new RegExp(`officeId=${leedsValue}`));

    // The company is its offices and No office.
    const values = await select.getByRole('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const parts = await Promise.all(values.map((v) => apiGet<DashboardSummary>(page.request, `/api/dashboard/summary?${q}&officeId=${v}`)));
    expect(parts.reduce((s, p) => s + p.totalParticipants, 0)).toBe(company.totalParticipants);
    expect(parts.reduce((s, p) => s + p.totalTrips, 0)).toBe(company.totalTrips);

    // A reload keeps the office.
    await page.reload();
    await expect(page.getByRole('combobox', { name: I.office })).toHaveValue(leedsValue!);
    await expect(tile(MESSAGES.labels.dashboardTiles.participants)).toContainText(count(leeds.totalParticipants));
    await page.screenshot({ path: test.info().outputPath(`dashboard-office-${viewport.width}.png`), fullPage: viewport.width > 400 });

    // No office, then back to all offices.
    await page.getByRole('combobox', { name: I.office }).selectOption({ label: I.noOffice });
    await expect(page).toHaveURL(/officeId=none/);
    const none = parts[values.indexOf('none')]!;
    await expect(tile(MESSAGES.labels.dashboardTiles.participants)).toContainText(count(none.totalParticipants));
    await page.getByRole('combobox', { name: I.office }).selectOption({ label: I.allOffices });
    await expect(page).not.toHaveURL(/officeId=/);
    await expect(tile(MESSAGES.labels.dashboardTiles.participants)).toContainText(count(company.totalParticipants));

    await axeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('the office filter offers only the own company’s offices', async ({ browser }) => {
  const { context, page } = await employerPage(browser, { width: 1280, height: 800 });
  const me = await apiGet<{ user: { employerId: string } }>(page.request, '/api/accounts/me');
  const { company } = await apiGet<{ company: Company }>(page.request, `/api/employers/${me.user.employerId}`);
  const select = page.getByRole('combobox', { name: I.office });
  await expect(select.getByRole('option')).toHaveCount(company.locations.length + 2);
  await context.close();
});

interface EmployeeOfficeRow {
  id: string;
  firstName: string;
  lastName: string;
  officeId?: string | null;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the employer moves an employee to another office in the details, and the table names it (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    const { context, page, errors } = await employerPage(browser, viewport);
    const me = await apiGet<{ user: { employerId: string } }>(page.request, '/api/accounts/me');
    const { company } = await apiGet<{ company: Company }>(page.request, `/api/employers/${me.user.employerId}`);
    const label = (id: string | null | undefined) => {
      const l = company.locations.find((o) => o.id === id);
      return l ? officeLabel(l) : I.noOffice;
    };
    await page.goto(hash(ROUTES.employeeManagement));
    const table = page.getByRole('table', { name: 'Employees' });
    await expect(table.getByRole('columnheader', { name: I.office })).toBeVisible();

    // The first active employee on the page, moved to an office they are not in yet.
    const list = await apiGet<{ items: (EmployeeOfficeRow & { isActive: boolean })[] }>(page.request, '/api/employees?pageNumber=1&pageSize=10');
    const who = list.items.find((e) => e.isActive)!;
    const name = `${who.firstName} ${who.lastName}`;
    const row = table.getByRole('row').filter({ has: page.getByRole('button', { name: `${MESSAGES.labels.active}: details of ${name}`, exact: true }) });
    await expect(row).toContainText(label(who.officeId));
    const target = company.locations.find((l) => l.id !== who.officeId)!;

    await row.getByRole('button', { name: `${MESSAGES.labels.active}: details of ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name });
    const select = dialog.getByRole('combobox', { name: I.office });
    await expect(select).toBeEnabled();
    await expect(select).toHaveValue(who.officeId ?? '');
    await select.selectOption({ label: officeLabel(target) });
    await dialog.getByRole('button', { name: MESSAGES.employees.officeSave }).click();
    await expect(page.getByText(MESSAGES.employees.officeChanged)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`employee-office-${viewport.width}.png`) });

    const saved = await apiGet<{ employee: EmployeeOfficeRow }>(page.request, `/api/employees/${who.id}`);
    expect(saved.employee.officeId).toBe(target.id);
    await axeClean(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(officeLabel(target));
    await page.screenshot({ path: test.info().outputPath(`employees-office-column-${viewport.width}.png`), fullPage: viewport.width > 400 });
    expect(errors).toEqual([]);
    await context.close();
  });
}

async function companyOf(page: Page): Promise<Company> {
  const me = await apiGet<{ user: { employerId: string } }>(page.request, '/api/accounts/me');
  return (await apiGet<{ company: Company }>(page.request, `/api/employers/${me.user.employerId}`)).company;
}

async function axeClean(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('an import whose office column puts people in offices; an unknown office is reported by line', async ({ browser, consoleGuard }) => {
  test.setTimeout(120_000);
  // The second file is refused on purpose.
  consoleGuard.expectStatus(400, '/api/employees/csv-import');
  const { context, page, errors } = await employerPage(browser, { width: 1280, height: 800 });
  const company = await companyOf(page);
  const [first, second] = company.locations;
  const tag = Date.now().toString(36);
  const importFile = async (csv: string) => {
    await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
    await page.getByRole('button', { name: /Import CSV/ }).click();
    await expect(page.getByText(MESSAGES.csvImport.officeHint)).toBeVisible();
    await page.getByLabel(MESSAGES.csvImport.fileLabel, { exact: true }).setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
  };
  await page.goto(hash(ROUTES.employeeManagement));

  // By full name, by first address line in another case, and empty: No office.
  await importFile(
    [
      'firstName,lastName,email,employeeNumber,office',
      `Olga,Office${tag},olga.${tag}@csv.example,O1-${tag},"${officeLabel(first!)}"`,
      `Omar,Office${tag},omar.${tag}@csv.example,O2-${tag},"${second!.addressLine1.toUpperCase()}"`,
      `Nell,Office${tag},nell.${tag}@csv.example,O3-${tag},`,
    ].join('\r\n'),
  );
  await expect(page.getByText(MESSAGES.employees.csvSuccess, { exact: true }).first()).toBeVisible();
  const list = await apiGet<{ items: EmployeeOfficeRow[] }>(page.request, `/api/employees?search=Office${tag}&pageSize=10`);
  expect(Object.fromEntries(list.items.map((e) => [e.firstName, e.officeId ?? null]))).toEqual({ Olga: first!.id, Omar: second!.id, Nell: null });
  const table = page.getByRole('table', { name: 'Employees' });
  await page.getByLabel('Search employees').fill(`Office${tag}`);
  await expectSearchApplied(page, `Office${tag}`);
  await expect(table.getByRole('row').filter({ hasText: 'Olga' })).toContainText(officeLabel(first!));
  await expect(table.getByRole('row').filter({ hasText: 'Omar' })).toContainText(officeLabel(second!));
  await expect(table.getByRole('row').filter({ hasText: 'Nell' })).toContainText(I.noOffice);
  await page.screenshot({ path: test.info().outputPath('import-offices-table-1280.png'), fullPage: true });

  // An office the company does not have: the report names the line and the field, nothing is imported.
  await importFile(['firstName,lastName,email,employeeNumber,office', `Ursula,Unknown${tag},ursula.${tag}@csv.example,U1-${tag},Atlantis House`].join('\r\n'));
  const report = page.getByRole('dialog').getByRole('region', { name: MESSAGES.csvImport.reportRegion });
  await expect(report).toBeVisible();
  const row = report.getByRole('row').filter({ hasText: MESSAGES.employees.csvOfficeUnknown });
  await expect(row).toContainText('2');
  await expect(row).toContainText(MESSAGES.csvImport.fields.office!);
  await page.screenshot({ path: test.info().outputPath('import-offices-unknown-1280.png') });
  await axeClean(page);
  expect((await apiGet<{ totalCount: number }>(page.request, `/api/employees?search=Unknown${tag}`)).totalCount).toBe(0);
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a join through an office's link lands in that office (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page, errors } = await employerPage(browser, viewport);
    const company = await companyOf(page);
    const office = company.locations.at(-1)!;
    await page.goto(hash(ROUTES.employeeManagement));
    await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(escapeRegExp(MESSAGES.labels.copyShareLinkShort)) }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.labels.copyShareLinkShort });
    const companyLink = await dialog.getByLabel(MESSAGES.employees.shareLinkLabel, { exact: true }).inputValue();
    expect(companyLink).toBe(`${portal.url}/#${ROUTES.setupAccount}?employer_id=${company.id}`);
    const offices = dialog.getByRole('region', { name: MESSAGES.employees.officeLinksTitle });
    for (const l of company.locations) await expect(offices.getByLabel(officeLabel(l), { exact: true })).toHaveValue(`${companyLink}&office_id=${l.id}`);
    await page.screenshot({ path: test.info().outputPath(`office-links-${viewport.width}.png`) });
    await axeClean(page);
    const link = await offices.getByLabel(officeLabel(office), { exact: true }).inputValue();
    await page.keyboard.press('Escape');

    // Someone opens the office's link in their own browser and asks to join.
    const anon = await browser.newContext({ viewport });
    const invitee = await anon.newPage();
    await invitee.goto(link);
    await expect(invitee.getByText(MESSAGES.employeeSignup.invitedBy(company.name), { exact: true })).toBeVisible();
    const email = uniqueEmail('office-join');
    const field = (name: string) => invitee.getByLabel(new RegExp(`^${escapeRegExp(name)}\\s*\\*?$`));
    await field('First Name').fill('Otto');
    await field('Last Name').fill(`Joiner${viewport.width}`);
    await field('Email').fill(email);
    await field('Employee Number').fill(`OJ-${Date.now().toString(36)}`);
    await field('Password').fill('Join-Pass12');
    await field('Confirm Password').fill('Join-Pass12');
    await invitee.getByRole('button', { name: 'Proceed', exact: true }).click();
    await expectRoute(invitee, ROUTES.downloadLinks);
    await anon.close();

    // The join request is in the office, and approving it keeps it there.
    const pending = await apiGet<{ items: (EmployeeOfficeRow & { email: string })[] }>(page.request, `/api/employees/pending?search=${encodeURIComponent(email)}`);
    expect(pending.items.map((e) => [e.email, e.officeId])).toEqual([[email, office.id]]);
    expect(errors).toEqual([]);
    await context.close();
  });
}

const R = MESSAGES.reports;

/** A report's total line as [trips, vehicle m, passenger m, emitted g, avoided g]. */
const totalOf = (table: string[][]) => {
  const t = table.find((r) => r[0] === R.total)!;
  return [Number(t[1]), milli(t[2]!), milli(t[3]!), milli(t[4]!), milli(t[5]!)];
};

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the employer downloads an office's Category 7 CSV, and the offices add up to the company (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const { context, page, errors } = await employerPage(browser, viewport);
    const year = new Date().getUTCFullYear();
    const region = page.getByRole('region', { name: R.section, exact: true });
    const office = region.getByRole('combobox', { name: R.office });
    await expect(office).toBeEnabled();
    const leeds = (await office.getByRole('option', { name: '12 Wellington Street, Leeds' }).getAttribute('value'))!;
    await office.selectOption(leeds);
    await region.getByLabel(R.reportingYear).selectOption(String(year));
    await region.getByLabel(R.format).selectOption('csv');
    await region.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`reports-office-${viewport.width}.png`) });
    const file = page.waitForEvent('download');
    await region.getByRole('link', { name: R.download }).click();
    const report = csvCells(await readFile(await (await file).path(), 'utf8'));
    expect(report.find((r) => r[0] === R.facts.office)?.[1]).toBe('12 Wellington Street, Leeds');
    const mine = totalOf(report);
    // Leeds' people drove or rode this year (the dashboard shows its participants).
    expect(mine[0]! + mine[2]!).toBeGreaterThan(0);

    // The api answers the same figures, and the company's report is its offices' and No office's, to the gram.
    // Producing a report keeps the embedded database's loop busy, and the api then sheds load with
    // 503 and Retry-After: a client that honours it, as the portal's does. A year's report of the
    // demo company took over 10 s (the action timeout) with two workers at load 27: its own deadline.
    const reportOf = async (q: string) => {
      for (let attempt = 0; ; attempt += 1) {
        const res = await page.request.get(`/api/reports/category7?year=${year}${q}`, { timeout: 60_000 });
        if (res.status() === 503 && attempt < 5) {
          await page.waitForTimeout(Number(res.headers()['retry-after'] ?? '5') * 1000);
          continue;
        }
        expect(res.ok(), await res.text()).toBe(true);
        return csvCells(await res.text());
      }
    };
    const csvOf = async (q: string) => totalOf(await reportOf(`&format=csv${q}`));
    expect(await csvOf(`&officeId=${leeds}`)).toEqual(mine);
    // The sum rule is the api's, the same at any width: checked once.
    if (viewport.width < 1280) {
      expect(errors).toEqual([]);
      await context.close();
      return;
    }
    const values = await office.getByRole('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    // One at a time: each report is produced under the company's lock.
    let sum = [0, 0, 0, 0, 0];
    for (const v of values) {
      const part = await csvOf(`&officeId=${v}`);
      sum = sum.map((x, i) => x + part[i]!);
    }
    expect(sum).toEqual(await csvOf(''));

    // The office's trips file names each trip's driver's office and sums to its report.
    const trips = (await reportOf(`&format=trips&officeId=${leeds}`))
      .slice(1)
      .filter((r) => r.length > 1);
    expect(trips.filter((r) => r[2] === '12 Wellington Street, Leeds').length).toBe(mine[0]);
    expect(trips.reduce((s, r) => s + milli(r[8]!), 0)).toBe(mine[3]);
    expect(trips.reduce((s, r) => s + milli(r[9]!), 0)).toBe(mine[4]);

    await axeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`the employer filters the journey groups by office (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    const { context, page, errors } = await employerPage(browser, viewport);
    await page.goto(hash(`${ROUTES.employeeManagement}?tab=journey-groups`));
    const table = page.getByRole('table', { name: I.journeyGroupsTitle });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const select = page.getByRole('combobox', { name: I.office });
    const leeds = (await select.getByRole('option', { name: '12 Wellington Street, Leeds' }).getAttribute('value'))!;
    const names = (list: ListPage<JourneyGroup>) => list.items.map((g) => g.name);
    const all = await apiGet<ListPage<JourneyGroup>>(page.request, '/api/journey-groups?pageNumber=1&pageSize=100');
    const mine = await apiGet<ListPage<JourneyGroup>>(page.request, `/api/journey-groups?pageNumber=1&pageSize=100&officeId=${leeds}`);
    expect(mine.totalCount).toBeGreaterThan(0);

    const answer = page.waitForResponse((r) => r.url().includes('/api/journey-groups?') && r.url().includes(`officeId=${leeds}`));
    await select.selectOption(leeds);
    await answer;
    await expect(page).toHaveURL(new RegExp(`office=${leeds}`));
    await expect(page.getByText(I.journeyGroupsOfficeNote, { exact: false })).toBeVisible();
    const firstPage = names(mine).slice(0, 10);
    await expect(table.getByRole('row')).toHaveCount(firstPage.length + 1);
    for (const name of firstPage) await expect(table.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`journey-groups-office-${viewport.width}.png`), fullPage: viewport.width > 400 });

    // Every group with members is under some office or No office.
    const values = await select.getByRole('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const listed = new Set<string>();
    for (const v of values) for (const n of names(await apiGet<ListPage<JourneyGroup>>(page.request, `/api/journey-groups?pageNumber=1&pageSize=100&officeId=${v}`))) listed.add(n);
    expect([...listed].sort()).toEqual(all.items.filter((g) => g.members.length > 0).map((g) => g.name).sort());

    await axeClean(page);
    expect(errors).toEqual([]);
    await context.close();
  });
}
