import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '../support/test';
import { MESSAGES, officeLabel, ROUTES, type Company, type DashboardSummary } from '@portal/shared-contracts';
import { expectRoute, hash, login } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';

// The demo company's employees are spread over its three offices and No office, with a year of
// trips: the run's demo portal (docs/decisions/0045-offices-as-a-dimension.md).
const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
const I = MESSAGES.insights;

const count = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(n);
const amount = (n: number) => new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

let portal: RunningPortal;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});

async function employerPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport });
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

function thisMonth() {
  const now = new Date();
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
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
    await expect(select).toBeVisible();
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

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
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
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(officeLabel(target));
    await page.screenshot({ path: test.info().outputPath(`employees-office-column-${viewport.width}.png`), fullPage: viewport.width > 400 });
    expect(errors).toEqual([]);
    await context.close();
  });
}
