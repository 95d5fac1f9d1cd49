import { expect, test, type Browser } from '../support/test';
import { MESSAGES, ROUTES, type DashboardSummary, type JourneyGroup, type Page } from '@portal/shared-contracts';
import { escapeRegExp, expectRoute, hash, login, uniqueEmail } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { thisMonth } from '../support/month-trips';

// Office administrators in the portal's screens (docs/decisions/0051-office-administrators.md): the
// demo company's owner limits an admin to Leeds in User Management; that admin signs in and sees
// Leeds's figures, only Leeds in the office select, and no menu item whose calls are closed to them.
const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
const LEEDS = '12 Wellington Street, Leeds';
const PASSWORD = 'Office-Admin-2026';
const I = MESSAGES.insights;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const count = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(n);

let portal: RunningPortal;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});

async function signedIn(browser: Browser, email: string, password: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await login(page, email, password);
  await expectRoute(page, ROUTES.mainPage);
  return { context, page, errors };
}

test('the owner limits an admin to Leeds; the admin sees Leeds only, and no closed page', async ({ browser }) => {
  // Two sign-ins per size, each through the dashboard, the journey groups and the invite links.
  test.setTimeout(180_000);
  const email = uniqueEmail('leeds-admin');
  const userName = `leeds${Date.now().toString(36)}`;

  // The owner adds an admin, then limits them to Leeds in User Management.
  const owner = await signedIn(browser, EMPLOYER.email, EMPLOYER.password, VIEWPORTS[0]);
  await owner.page.goto(hash(ROUTES.userManagement));
  await owner.page.getByRole('button', { name: MESSAGES.labels.addUser }).click();
  const add = owner.page.getByRole('dialog');
  await add.getByLabel(MESSAGES.fields.userName).fill(userName);
  await add.getByLabel(MESSAGES.fields.email).fill(email);
  await add.getByLabel(MESSAGES.fields.password, { exact: true }).fill(PASSWORD);
  await add.getByRole('button', { name: MESSAGES.labels.save }).click();
  await expect(add).toBeHidden();
  const row = owner.page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(MESSAGES.admins.wholeCompany);

  for (const viewport of VIEWPORTS) {
    await owner.page.setViewportSize(viewport);
    await row.getByRole('button', { name: MESSAGES.admins.changeOfficesOf(userName) }).click();
    const dialog = owner.page.getByRole('dialog', { name: MESSAGES.admins.officesTitle(userName) });
    await dialog.getByRole('radio', { name: MESSAGES.admins.someOffices }).check();
    await dialog.getByRole('checkbox', { name: LEEDS }).check();
    await owner.page.screenshot({ path: test.info().outputPath(`offices-dialog-${viewport.width}.png`) });
    if (viewport.width > 400) {
      await dialog.getByRole('button', { name: MESSAGES.labels.cancel }).click();
      await expect(dialog).toBeHidden();
      continue;
    }
    const saved = owner.page.waitForResponse((r) => r.url().includes('/offices') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: MESSAGES.labels.save }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(dialog).toBeHidden();
  }
  await expect(row).toContainText(LEEDS);

  // The owner's own reading of Leeds this month, and its office id.
  const m = thisMonth();
  await owner.page.goto(hash(ROUTES.mainPage));
  const ownerSelect = owner.page.getByRole('combobox', { name: I.office });
  await expect(ownerSelect).toBeEnabled();
  const leedsId = await ownerSelect.getByRole('option', { name: LEEDS }).getAttribute('value');
  const res = await owner.page.request.get(`/api/dashboard/summary?year=${m.year}&month=${m.month}&officeId=${leedsId}`);
  expect(res.ok()).toBe(true);
  const leeds = (await res.json()) as DashboardSummary;
  expect(owner.errors).toEqual([]);

  for (const viewport of VIEWPORTS) {
    const admin = await signedIn(browser, email, PASSWORD, viewport);
    const { page } = admin;
    // Only Leeds, under All my offices; no "No office".
    const select = page.getByRole('combobox', { name: I.office });
    await expect(select).toBeEnabled();
    expect(await select.getByRole('option').allInnerTexts()).toEqual([I.allMyOffices, LEEDS]);
    // Leeds's figures: the sum of their one office is Leeds.
    const tile = page.getByRole('region', { name: I.tiles.label, exact: true }).getByRole('listitem').filter({ hasText: MESSAGES.labels.dashboardTiles.participants });
    await expect(tile).toContainText(count(leeds.totalParticipants));
    // The menu: no page whose calls are closed to them (billing, settings, admin management).
    const menu = page.getByRole('button', { name: MESSAGES.shell.menu });
    if (await menu.isVisible()) await menu.click();
    const nav = page.getByRole('navigation', { name: MESSAGES.shell.employerNav });
    await expect(nav.getByRole('link', { name: MESSAGES.labels.employerNav[0], exact: true })).toBeVisible();
    for (const closed of [MESSAGES.billing.menuEntry, MESSAGES.labels.employerNav[1], MESSAGES.labels.employerNav[3], MESSAGES.audit.title]) {
      await expect(nav.getByRole('link', { name: closed, exact: true })).toHaveCount(0);
    }
    if (await menu.isVisible()) await menu.click();
    await page.screenshot({ path: test.info().outputPath(`office-admin-dashboard-${viewport.width}.png`), fullPage: viewport.width > 400 });
    // A link to a closed page says so, rather than failing to load.
    await page.goto(hash(ROUTES.payment));
    await expect(page.getByRole('heading', { name: MESSAGES.shell.notForYourOfficesTitle })).toBeVisible();
    if (viewport.width > 400) await page.screenshot({ path: test.info().outputPath(`office-admin-closed-page-${viewport.width}.png`) });

    // Journey groups: Rename and Delete only on a group whose members are all of Leeds; the others say why.
    const listed = await page.request.get('/api/journey-groups?pageSize=10');
    expect(listed.ok()).toBe(true);
    const groups = ((await listed.json()) as Page<JourneyGroup>).items;
    await page.goto(hash(`${ROUTES.employeeManagement}?tab=journey-groups`));
    await expect(page.getByRole('table', { name: I.journeyGroupsTitle })).toBeVisible();
    if (groups[0]) await expect(page.getByText(groups[0].name, { exact: true }).first()).toBeVisible();
    for (const g of groups) await expect(page.getByRole('button', { name: I.groups.renameGroup(g.name), exact: true })).toHaveCount(g.manageable ? 1 : 0);
    await expect(page.getByText(I.groups.notManageable, { exact: true })).toHaveCount(groups.filter((g) => !g.manageable).length);
    await page.screenshot({ path: test.info().outputPath(`office-admin-groups-${viewport.width}.png`), fullPage: viewport.width > 400 });

    // Invite links: Leeds's only, neither the company's (it lands in No office) nor York's.
    await page.goto(hash(`${ROUTES.employeeManagement}?tab=all-employees`));
    await page.getByRole('button', { name: MESSAGES.labels.addEmployee, exact: true }).click();
    await page.getByRole('button', { name: new RegExp(escapeRegExp(MESSAGES.labels.copyShareLinkShort)) }).click();
    const links = page.getByRole('dialog', { name: MESSAGES.labels.copyShareLinkShort });
    const offices = links.getByRole('region', { name: MESSAGES.employees.officeLinksTitle });
    await expect(offices.getByLabel(LEEDS, { exact: true })).toHaveValue(new RegExp(`&office_id=${leedsId}$`));
    await expect(links.getByRole('textbox')).toHaveCount(1);
    await expect(links.getByLabel(MESSAGES.employees.shareLinkLabel, { exact: true })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`office-admin-links-${viewport.width}.png`) });
    await page.keyboard.press('Escape');
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  }

  // The owner changes every group (the page is still at the narrow size).
  await owner.page.goto(hash(`${ROUTES.employeeManagement}?tab=journey-groups`));
  await expect(owner.page.getByRole('table', { name: I.journeyGroupsTitle })).toBeVisible();
  await expect(owner.page.getByRole('button', { name: /^Rename / }).first()).toBeVisible();
  await expect(owner.page.getByText(I.groups.notManageable, { exact: true })).toHaveCount(0);
  await owner.page.screenshot({ path: test.info().outputPath('owner-groups-390.png'), fullPage: true });

  // Leave the demo company as it was: the admin removed.
  await owner.page.goto(hash(ROUTES.userManagement));
  await owner.page.getByRole('row').filter({ hasText: email }).getByRole('button', { name: `${MESSAGES.labels.removeAdmin}: ${userName}` }).click();
  await owner.page.getByRole('dialog').getByRole('button', { name: MESSAGES.labels.remove }).click();
  await expect(owner.page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  await owner.context.close();
});
