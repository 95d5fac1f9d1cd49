import { expect, test, type Browser, type Page } from '../support/test';
import { CSRF_HEADER, LIMITS, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { apiLogin, expectRoute, expectSearchApplied, hash, SUPERADMIN } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { settled, signInAs, trackRequests, type Visitor } from '../support/route-tour';

// Where things are and the details a user notices (decision 0034), as a user meets them, on the
// run's one demo-data portal (support/test.ts) so that lists have rows.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const L = MESSAGES.labels;

let portal: RunningPortal;

// Each journey reads the demo data or makes what it reads under a name of its own (the audit log's
// journey its own entry); none needs another's changes, so the two workers share the file.
test.describe.configure({ mode: 'parallel' });

test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});

async function visit(browser: Browser, visitor: Visitor, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport });
  const page = await context.newPage();
  // From the first request on, so that a journey can wait until the page has what it asked for.
  trackRequests(page);
  await signInAs(page, visitor, SUPERADMIN);
  return { context, page };
}

/** The element's box lies within the other's (a pixel of rounding aside). */
async function inside(page: Page, inner: string | ReturnType<Page['locator']>, outer: ReturnType<Page['locator']>) {
  const a = await (typeof inner === 'string' ? page.locator(inner) : inner).boundingBox();
  const b = await outer.boundingBox();
  if (!a || !b) return false;
  return a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;
}

const BACK_OFFICE: [string, string][] = [
  [L.superAdminNav[0], ROUTES.superAdmin],
  [L.superAdminNav[1], ROUTES.allUsers],
  [L.superAdminNav[2], ROUTES.drivers],
  [L.admins, ROUTES.admins],
  [MESSAGES.audit.title, ROUTES.superAdminAuditLog],
  [MESSAGES.mail.title, ROUTES.superAdminMail],
  [MESSAGES.releases.title, ROUTES.superAdminReleases],
  [MESSAGES.schemeSettings.title, ROUTES.superAdminSettings],
  [L.myProfile, ROUTES.superAdminProfile],
];

test('on a phone the super admin reaches every back-office section from the Menu button', async ({ browser }) => {
  const { context, page } = await visit(browser, 'superAdmin', PHONE);
  const menu = page.getByRole('button', { name: MESSAGES.shell.menu, exact: true });
  const nav = page.getByRole('navigation', { name: MESSAGES.shell.backOfficeNav });
  for (const [name, route] of BACK_OFFICE) {
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    if (route === ROUTES.superAdminMail) await page.screenshot({ path: test.info().outputPath('back-office-menu-390.png') });
    await nav.getByRole('link', { name, exact: true }).click();
    await expectRoute(page, route);
    // A visit closes the menu; Escape would give focus back to its button.
    await expect(nav.getByRole('link', { name, exact: true })).toBeHidden();
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});

// The phone's journey above and this one were one; each size is a journey of its own, so the two
// workers share them.
test('on a desktop the super admin has one navigation, every back-office section in it, and no Menu button', async ({ browser }) => {
  const desk = await visit(browser, 'superAdmin', DESKTOP);
  await expect(desk.page.getByRole('button', { name: MESSAGES.shell.menu, exact: true })).toBeHidden();
  // One navigation of links; a list's pager (Previous, Next: buttons) is a navigation of its own.
  await expect(desk.page.getByRole('navigation').filter({ has: desk.page.getByRole('link') })).toHaveCount(1);
  for (const [name] of BACK_OFFICE) await expect(desk.page.getByRole('navigation', { name: MESSAGES.shell.backOfficeNav }).getByRole('link', { name, exact: true })).toBeVisible();
  await desk.page.screenshot({ path: test.info().outputPath('back-office-1280.png') });
  await desk.context.close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the employer’s navigation holds Billing and the Audit Log, and a skip link leads past it (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    const { context, page } = await visit(browser, 'employer', viewport);
    // The keyboard's first stop on a page skips the header and the navigation to its content.
    await page.reload();
    await expect(page.locator('#main')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: MESSAGES.shell.skipToContent });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    const nav = page.getByRole('navigation', { name: MESSAGES.shell.employerNav });
    for (const [name, route] of [
      [MESSAGES.billing.menuEntry, ROUTES.payment],
      [MESSAGES.audit.title, ROUTES.companySettingsAuditLog],
    ] as const) {
      if (viewport === PHONE) await page.getByRole('button', { name: MESSAGES.shell.menu, exact: true }).click();
      await nav.getByRole('link', { name, exact: true }).click();
      await expectRoute(page, route);
    }
    await context.close();
  });
}

test('on a phone each journey group card holds its Rename and Delete buttons, none outside the card', async ({ browser }) => {
  const { context, page } = await visit(browser, 'employer', PHONE);
  await page.goto(hash(`${ROUTES.employeeManagement}?tab=journey-groups`));
  // The groups' rows are drawn with their figures since each began (a year of trips on the demo
  // portal): read once the page has what it asked for.
  await settled(page);
  const table = page.getByRole('table', { name: MESSAGES.insights.journeyGroupsTitle });
  const rows = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^Delete / }) });
  await expect(rows.first()).toBeVisible();
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i += 1) {
    const row = rows.nth(i);
    const box = await row.boundingBox();
    expect(box!.x + box!.width, `card ${i + 1} ends inside the screen`).toBeLessThanOrEqual(PHONE.width);
    for (const button of [row.getByRole('button', { name: /^Rename / }), row.getByRole('button', { name: /^Delete / })]) {
      expect(await inside(page, button, row), `card ${i + 1}: ${await button.getAttribute('aria-label')}`).toBe(true);
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await rows.first().screenshot({ path: test.info().outputPath('journey-group-card-390.png') });
  await context.close();
});

test('the chart’s four figures are one radio group: one tab stop, the arrow keys choose', async ({ browser }) => {
  const { context, page } = await visit(browser, 'employer', DESKTOP);
  // The dashboard's first load on a new demo portal reads a year of trips: the group is drawn once
  // the months have come (a skeleton of inert buttons until then).
  await settled(page);
  const group = page.getByRole('radiogroup', { name: MESSAGES.insights.trend.metric });
  const radios = group.getByRole('radio');
  await expect(radios).toHaveCount(4);
  await expect(group.locator('[tabindex="0"]')).toHaveCount(1);
  const checked = group.getByRole('radio', { checked: true });
  await checked.focus();
  const first = (await checked.textContent())!.trim();
  await page.keyboard.press('ArrowRight');
  const now = group.getByRole('radio', { checked: true });
  await expect(now).not.toHaveText(first);
  await expect(now).toBeFocused();
  await expect(group.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('End');
  await expect(radios.nth(3)).toBeFocused();
  await expect(radios.nth(3)).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Home');
  await expect(radios.nth(0)).toHaveAttribute('aria-checked', 'true');
  // Tab leaves the group at once.
  await page.keyboard.press('Tab');
  await expect(radios.nth(1)).not.toBeFocused();
  await context.close();
});

test('a search of the pending requests that matches none says so, not that there are none', async ({ browser }) => {
  const { context, page } = await visit(browser, 'employer', DESKTOP);
  await page.goto(hash(`${ROUTES.employeeManagement}?tab=pending-requests`));
  const search = 'zz-nobody-by-this-name';
  await expect(page.getByRole('button', { name: /^Verify / }).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search pending requests' }).fill(search);
  await expect(page.getByText(MESSAGES.employees.noPendingMatch(search))).toBeVisible();
  await expect(page.getByText(MESSAGES.employees.noPending)).toHaveCount(0);
  await context.close();
});

test('the back office: All Users names each user’s company; Admins lists super admins only, searchable; accounts awaiting setup are in All Employers', async ({ browser }) => {
  const { context, page } = await visit(browser, 'superAdmin', DESKTOP);
  await page.goto(hash(ROUTES.allUsers));
  const users = page.getByRole('table', { name: MESSAGES.allUsersScreen.caption });
  await expect(users.getByRole('columnheader', { name: MESSAGES.allUsersScreen.columns.company })).toBeVisible();
  await page.getByRole('searchbox', { name: MESSAGES.allUsersScreen.searchLabel }).fill('employer@greenway.example');
  await expectSearchApplied(page, 'employer@greenway.example');
  await expect(users.getByRole('row').filter({ hasText: 'employer@greenway.example' })).toContainText('Greenway');

  // A super admin added is listed first; an employer account added is not an admin: it waits in All Employers.
  await page.goto(hash(ROUTES.admins));
  const tag = Date.now().toString(36);
  const added = { admin: `zadmin.${tag}@example.test`, employer: `zemployer.${tag}@example.test` };
  for (const [role, email, toast] of [
    ['SuperAdmin', added.admin, MESSAGES.admins.adminAdded],
    ['Employer', added.employer, MESSAGES.admins.userAdded],
  ] as const) {
    await page.getByRole('button', { name: MESSAGES.labels.addUser, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(MESSAGES.fields.userName).fill(`zed.${role.toLowerCase()}.${tag}`);
    await dialog.getByLabel(MESSAGES.fields.email, { exact: true }).fill(email);
    await dialog.getByLabel(MESSAGES.fields.password, { exact: true }).fill('Added-Pass-2026!');
    await dialog.getByLabel(MESSAGES.fields.accountType).selectOption(role);
    await dialog.getByRole('button', { name: MESSAGES.labels.save, exact: true }).click();
    // The toast says so clear of the header, its bell and profile menu.
    const shown = page.getByText(toast, { exact: true }).first();
    await expect(shown).toBeVisible();
    const [t, header] = [await shown.boundingBox(), await page.getByRole('banner').boundingBox()];
    expect(t!.y, 'the toast is below the header').toBeGreaterThanOrEqual(header!.y + header!.height);
    await expect(dialog).toBeHidden();
  }
  const admins = page.getByRole('table', { name: MESSAGES.labels.admins });
  await expect(admins.getByRole('row').nth(1)).toContainText(added.admin);
  await expect(admins).not.toContainText(added.employer);
  const search = page.getByRole('searchbox', { name: MESSAGES.admins.searchLabel });
  await search.fill('zz-nobody');
  await expect(page.getByText(MESSAGES.admins.noMatch)).toBeVisible();
  await search.fill(added.admin);
  await expect(admins.getByRole('row')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('admins-1280.png') });

  await page.goto(hash(ROUTES.superAdmin));
  await page.getByRole('combobox', { name: MESSAGES.employers.filterLabel }).selectOption(MESSAGES.employers.awaitingSetup);
  const awaiting = page.getByRole('table', { name: MESSAGES.employers.awaitingCaption });
  await expect(awaiting).toContainText(added.employer);
  await expect(awaiting.getByRole('row').nth(1)).toContainText(added.employer);
  await context.close();
});

test('an invalid self-registration link shows its message and no form', async ({ browser, consoleGuard }) => {
  const id = '00000000-0000-4000-8000-000000000000';
  consoleGuard.expectStatus(404, `/api/employers/${id}`);
  const context = await browser.newContext({ baseURL: portal.url, viewport: PHONE });
  const page = await context.newPage();
  trackRequests(page);
  await page.goto(hash(`${ROUTES.setupAccount}?employer_id=${id}`));
  // A new browser's first page (every chunk fetched and compiled anew): read once it has what it
  // asked for, the company's 404 among it.
  await settled(page);
  await expect(page.getByText(MESSAGES.employeeSignup.companyNotFound)).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText(MESSAGES.employeeSignup.unknownCompany)).toHaveCount(0);
  await expect(page.getByRole('button', { name: MESSAGES.employeeSignup.setup })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('setup-account-invalid-390.png') });
  await context.close();
});

test('Verify Selected says what it covers, with one follow-up date control; phone numbers keep no trunk 0 after a country code', async ({ browser }) => {
  const { context, page } = await visit(browser, 'superAdmin', DESKTOP);
  const D = MESSAGES.driverScreens;
  await page.goto(hash(ROUTES.pendingDrivers));
  // A driver with both the licence and the vehicle still to verify, whatever earlier tests decided.
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `${L.verifyDriver}:`, exact: false }) })
    .filter({ has: page.getByRole('button', { name: `${L.verifyVehicle}:`, exact: false }) })
    .first();
  const select = row.getByRole('checkbox', { name: /^Select / });
  await expect(select).toBeVisible();
  await select.check();
  await page.getByRole('button', { name: L.verifySelected, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: D.bulkTitle });
  const covers = dialog.getByRole('group', { name: D.bulkCovers });
  await expect(covers.getByRole('radio')).toHaveCount(3);
  await expect(covers.getByRole('radio', { name: /^Driving licences and vehicles/ })).toBeChecked();
  await covers.getByRole('radio', { name: /^Driving licences only/ }).check();
  await expect(dialog.getByText(D.bulkLeaves.licences)).toBeVisible();
  // One control for the follow-up date: one field, its calendar a button inside it, no second input.
  await expect(dialog.getByRole('textbox', { name: new RegExp(`^${D.followUpDate}`) })).toHaveCount(1);
  // The browser's picker behind the calendar button is neither read out nor a tab stop.
  for (const picker of await dialog.locator('input[type="date"], input[type="datetime-local"]').all()) {
    await expect(picker).toHaveAttribute('aria-hidden', 'true');
    await expect(picker).toHaveAttribute('tabindex', '-1');
  }
  await expect(dialog.getByTitle(D.picker.calendar)).toBeVisible();
  await dialog.screenshot({ path: test.info().outputPath('verify-selected-1280.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Every number All Employers and All Users show: national for the company's country, never "+44 0…".
  for (const route of [ROUTES.superAdmin, ROUTES.allUsers]) {
    await page.goto(hash(route));
    const table = page.getByRole('main').getByRole('table').first();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table.getByText(/\+\d{1,3}\s*\(?0/)).toHaveCount(0);
    await expect(table.getByText(/^0\d{3,4} ?\d{3} ?\d{3,4}$/).first()).toBeVisible();
  }
  await context.close();
});

test('on a phone the audit log’s email addresses break only before the @ or a dot, never inside a word', async ({ browser, playwright }) => {
  // An entry by a person of its own (a user added by the super admin), whatever ran before on this
  // portal; through a client of its own, so the browser's session below is its own sign-in's.
  const api = await playwright.request.newContext({ baseURL: portal.url });
  const tag = Date.now().toString(36);
  const added = await api.post('/api/accounts/users/add', {
    headers: { authorization: `Bearer ${await apiLogin(api, SUPERADMIN.email, SUPERADMIN.password)}`, [CSRF_HEADER]: '1' },
    data: { userName: `zed.audit.${tag}`, email: `zaudit.${tag}@example.test`, password: 'Added-Pass-2026!', role: 'Employer' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await api.dispose();
  const { context, page } = await visit(browser, 'superAdmin', PHONE);
  await page.goto(hash(ROUTES.superAdminAuditLog));
  // Entries by a person (each with an email), not the jobs earlier tests may have run.
  await page.getByRole('searchbox', { name: MESSAGES.audit.filterActor }).or(page.getByRole('textbox', { name: MESSAGES.audit.filterActor })).fill('@');
  await expectSearchApplied(page, '@');
  const table = page.getByRole('main').getByRole('table').first();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.locator('span[translate="no"]').first()).toBeVisible();
  const pieces = await table.evaluate((t) =>
    [...t.querySelectorAll('span[translate="no"]')].flatMap((email) => {
      // Every text of the address, however the component nests it: each is one piece between two
      // places the address may wrap.
      const texts: Node[] = [];
      const walker = document.createTreeWalker(email, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
      return texts
        .filter((n) => (n.textContent ?? '').length > 1)
        .map((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          // One line box per piece: a piece broken across lines has two or more.
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { text: n.textContent ?? '', lines: lines.size };
        });
    }),
  );
  expect(pieces.length).toBeGreaterThan(0);
  expect(pieces.filter((p) => p.lines > 1)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('audit-log-390.png'), fullPage: true });
  await context.close();
});

/** The brand mark's drawing (shared-ui's BrandMark): the same two journeys meeting wherever it stands. */
const MARK = 'path[d="M7 23c4-9 8-12 9-12s5 3 9 12"]';

test('one brand mark on every kind of page: sign-in, employee pages, the employer area and the back office', async ({ browser }) => {
  const open = await browser.newContext({ baseURL: portal.url, viewport: DESKTOP });
  const page = await open.newPage();
  for (const route of [ROUTES.login, ROUTES.signup, ROUTES.downloadLinks]) {
    await page.goto(hash(route));
    await expect(page.locator(MARK).first()).toBeVisible();
  }
  await open.close();
  for (const [visitor, route] of [['employer', ROUTES.mainPage], ['superAdmin', ROUTES.superAdmin]] as const) {
    const { context, page: signedIn } = await visit(browser, visitor, DESKTOP);
    await signedIn.goto(hash(route));
    await expect(signedIn.getByRole('banner').locator(MARK).or(signedIn.locator(`aside ${MARK}`)).first()).toBeVisible();
    await context.close();
  }
});

test('sign-up names its name limit as its label does', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: portal.url, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(hash(ROUTES.signup));
  await page.getByRole('textbox', { name: MESSAGES.fields.name, exact: true }).fill('A'.repeat(31));
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByText(MESSAGES.signup.nameMax)).toBeVisible();
  expect(MESSAGES.signup.nameMax.startsWith(`${MESSAGES.fields.name} `)).toBe(true);
  await context.close();
});

test('Pending Drivers counts in its heading the rows it lists', async ({ browser }) => {
  const { context, page } = await visit(browser, 'superAdmin', DESKTOP);
  await page.goto(hash(ROUTES.pendingDrivers));
  const heading = page.getByRole('heading', { name: /^Pending Drivers \(\d+\)$/ });
  await expect(heading).toBeVisible();
  const count = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? '')?.[1]);
  const rows = page.getByRole('checkbox', { name: /^Select (?!all)/i });
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBe(Math.min(count, LIMITS.pageSize));
  await context.close();
});
