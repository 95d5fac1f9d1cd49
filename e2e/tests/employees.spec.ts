import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { CSRF_HEADER, MESSAGES, ROUTES, employeeShareLink } from '@portal/shared-contracts';
import { apiLogin, apiRegisterEmployer, escapeRegExp, expectRoute, expectSearchApplied, hash, login, readResetLink, uniqueEmail } from '../support/portal';
import { axeViolations } from '../support/axe-tour';

const PASSWORD = 'Employ-Pass1';

/** An employer whose setup is complete (state 3), with its company, made through the api. */
async function readyEmployer(request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  const companyName = `${tag} ${Date.now().toString(36)} Ltd`;
  await apiRegisterEmployer(request, 'Erin Employer', email, PASSWORD);
  const token = await apiLogin(request, email, PASSWORD);
  const headers = { authorization: `Bearer ${token}`, [CSRF_HEADER]: '1' };
  const created = await request.post('/api/employers', { headers, data: { name: companyName, email: 'office@employees.example', phoneNumber: '020 7946 0958', countryCode: 'GB' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  for (const step of [
    () => request.post(`/api/employers/${id}/location`, { headers, data: { addressLine1: '10 Station Road', town: 'York', postalCode: 'YO1 6HT' } }),
    () =>
      request.post(`/api/incentives/employers/${id}/incentive`, {
        headers,
        data: { generalRewardDescription: 'Breakfast', numberOfMiles: 120, numberOfMilesRewards: 'A rail voucher', numberOfTrips: 15, numberOfTripsRewards: 'A half day off' },
      }),
    () => request.post(`/api/employers/${id}/complete-setup`, { headers }),
  ]) {
    const res = await step();
    expect(res.ok(), await res.text()).toBe(true);
  }
  return { email, companyName, id, headers };
}

/** A required field's label: its name, then the marker (hidden from assistive technology but part of the label's text). */
function requiredField(name: string): RegExp {
  return new RegExp(`^${escapeRegExp(name)}\\s*\\*?$`);
}

async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
}

async function openEmployeeManagement(page: Page, tab?: string): Promise<void> {
  await page.goto(hash(`${ROUTES.employeeManagement}${tab ? `?tab=${tab}` : ''}`));
  await expect(page.getByRole('heading', { name: 'Employee Management', exact: true })).toBeVisible();
}

test('share link -> self-registration -> download page; the employer sees the request in the bell and the Pending tab and verifies it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const employer = await readyEmployer(page.request, 'share');

  // ---- the employer copies the share link from Add Employee
  await login(page, employer.email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await openEmployeeManagement(page);
  await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
  await page.getByRole('button', { name: /Copy & Share Link/ }).click();
  const linkField = page.getByLabel('Sign-up link', { exact: true });
  const link = await linkField.inputValue();
  expect(link).toBe(employeeShareLink(new URL(page.url()).origin, employer.id));
  await page.keyboard.press('Escape');

  // ---- an employee opens it in their own browser and signs up
  const anon = await browser.newContext();
  const invitee = await anon.newPage();
  await invitee.goto(link);
  await expect(invitee.getByText(MESSAGES.employeeSignup.welcome, { exact: true })).toBeVisible();
  await expect(invitee.getByText(MESSAGES.employeeSignup.invitedBy(employer.companyName), { exact: true })).toBeVisible();
  const employeeEmail = uniqueEmail('pending');
  await invitee.getByLabel(requiredField('First Name')).fill('Priya');
  await invitee.getByLabel(requiredField('Last Name')).fill('Pending');
  await invitee.getByLabel(requiredField('Email')).fill(employeeEmail);
  await invitee.getByLabel(requiredField('Employee Number')).fill('SHARE-1');
  await invitee.getByLabel(requiredField('Password')).fill(PASSWORD);
  await invitee.getByLabel(requiredField('Confirm Password')).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expectRoute(invitee, ROUTES.downloadLinks);
  await expect(invitee.getByRole('heading', { name: MESSAGES.employeeSignup.success })).toBeVisible();
  await invitee.screenshot({ path: test.info().outputPath('download-links.png') });
  await anon.close();

  // ---- the employer's bell shows the request
  await page.reload();
  const bell = page.getByRole('button', { name: 'Join requests, 1 pending', exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByText('Priya Pending').first()).toBeVisible();
  await page.getByRole('button', { name: 'Open Pending Requests', exact: true }).click();
  await expect(page).toHaveURL(/tab=pending-requests/);

  // ---- Pending tab: verify it
  await expect(page.getByRole('row', { name: /Priya Pending/ })).toBeVisible();
  await page.getByRole('button', { name: 'Verify Priya Pending', exact: true }).last().click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog.getByText(MESSAGES.employees.confirmVerify)).toBeVisible();
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectToast(page, MESSAGES.employees.approved);
  await expect(page.getByText(MESSAGES.employees.noPending).first()).toBeVisible();

  // ---- now an active employee in All Employees
  await page.getByRole('tab', { name: 'All Employees' }).click();
  await expect(page.getByRole('button', { name: 'Active: details of Priya Pending', exact: true })).toBeVisible();
});

test('names as people type them: nothing visible or a direction control is refused; "Zoë" is found however it was typed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const employer = await readyEmployer(page.request, 'typed');
  const anon = await browser.newContext();
  const invitee = await anon.newPage();
  await invitee.goto(employeeShareLink(new URL(process.env.PORTAL_URL!).origin, employer.id));
  await expect(invitee.getByText(MESSAGES.employeeSignup.welcome, { exact: true })).toBeVisible();
  const first = invitee.getByLabel(requiredField('First Name'));
  const last = invitee.getByLabel(requiredField('Last Name'));
  await first.fill('\u200B\u200D\uFEFF');
  await last.fill('Ada\u202Emsa');
  await invitee.getByLabel(requiredField('Email')).fill(uniqueEmail('typed'));
  await invitee.getByLabel(requiredField('Employee Number')).fill('TYPED-1');
  await invitee.getByLabel(requiredField('Password')).fill(PASSWORD);
  await invitee.getByLabel(requiredField('Confirm Password')).fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(invitee.getByText(MESSAGES.employeeSignup.firstNameRequired, { exact: true }).first()).toBeVisible();
  await expect(invitee.getByText(MESSAGES.input.bidiControl, { exact: true }).first()).toBeVisible();
  expect(await axeViolations(invitee)).toEqual([]);
  await invitee.screenshot({ path: test.info().outputPath('typed-names-desktop.png'), fullPage: true });
  await invitee.setViewportSize({ width: 390, height: 844 });
  await invitee.screenshot({ path: test.info().outputPath('typed-names-phone.png'), fullPage: true });
  // "Zoë" typed with a combining diaeresis, and a plain last name: taken.
  await first.fill('Zoe\u0308');
  await last.fill('Adams');
  await invitee.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expectRoute(invitee, ROUTES.downloadLinks);
  await anon.close();

  // The employer finds the request typing "Zoë" precomposed, in the Pending tab (searched in the
  // browser) and, once verified, in All Employees (searched by the api).
  await login(page, employer.email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await openEmployeeManagement(page, 'pending-requests');
  await page.getByRole('searchbox', { name: 'Search pending requests' }).fill('zo\u00eb');
  await expect(page.getByRole('row', { name: /Zo\u00eb Adams/ })).toBeVisible();
  await page.getByRole('button', { name: 'Verify Zo\u00eb Adams', exact: true }).last().click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  await expectToast(page, MESSAGES.employees.approved);
  await page.getByRole('tab', { name: 'All Employees' }).click();
  await page.getByLabel('Search employees', { exact: true }).fill('ZO\u00cb');
  await expectSearchApplied(page, 'ZO\u00cb');
  await expect(page.getByRole('button', { name: 'Active: details of Zo\u00eb Adams', exact: true })).toBeVisible();
});

test('deactivate (a reason is required), reactivate and delete an employee', async ({ page }) => {
  test.setTimeout(120_000);
  const employer = await readyEmployer(page.request, 'lifecycle');
  const email = uniqueEmail('dora');
  const added = await page.request.post('/api/employees', {
    headers: employer.headers,
    data: { employees: [{ firstName: 'Dora', lastName: 'Lifecycle', email, employeeNumber: 'LC-1' }] },
  });
  expect(added.status(), await added.text()).toBe(201);

  await login(page, employer.email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await openEmployeeManagement(page);
  await page.getByLabel('Search employees', { exact: true }).fill('lifecycle');
  await expectSearchApplied(page, 'lifecycle');

  // ---- deactivate without a reason: refused; with one: done
  await page.getByRole('button', { name: 'Active: details of Dora Lifecycle', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Dora Lifecycle' });
  await modal.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(modal.getByText(MESSAGES.employees.deactivationReason, { exact: true })).toBeVisible();
  await modal.getByLabel('Reason for deactivation', { exact: true }).fill('Moved to the Bristol office');
  await modal.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expectToast(page, MESSAGES.employees.deactivated);

  // ---- the deactivated employee shows the reason and can be reactivated
  await page.getByRole('button', { name: 'Deactivated: details of Dora Lifecycle', exact: true }).click();
  await expect(modal.getByLabel('Reason for deactivation', { exact: true })).toHaveValue('Moved to the Bristol office');
  await modal.getByRole('button', { name: 'Reactivate', exact: true }).click();
  await expectToast(page, MESSAGES.employees.reactivated);

  // ---- delete, confirmed
  await page.getByRole('button', { name: 'Active: details of Dora Lifecycle', exact: true }).click();
  await modal.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: 'Delete employee' }));
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, MESSAGES.employees.deleted);
  await expect(page.getByText('No employees match your search.')).toBeVisible();
});

test('CSV import of the template with two rows; the employees are invited by mail', async ({ page }) => {
  test.setTimeout(120_000);
  const employer = await readyEmployer(page.request, 'csv');
  const template = await page.request.get('/employees.csv');
  expect(template.ok()).toBe(true);
  const header = (await template.text()).split(/\r?\n/)[0]!;
  const tag = Date.now().toString(36);
  const emails = [`ann.${tag}@csv.example`, `bob.${tag}@csv.example`];
  const byColumn = (row: Record<string, string>) => header.split(',').map((c) => row[c.trim()] ?? '').join(',');
  const csv = [
    header,
    byColumn({ firstName: 'Ann', lastName: 'Importer', email: emails[0]!, employeeNumber: `CSV-${tag}-1` }),
    byColumn({ firstName: 'Bob', lastName: 'Importer', email: emails[1]!, employeeNumber: `CSV-${tag}-2` }),
  ].join('\r\n');

  await login(page, employer.email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await openEmployeeManagement(page);
  await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
  await page.getByRole('button', { name: /Import CSV/ }).click();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expectToast(page, MESSAGES.employees.csvSuccess);
  await expect(page.getByRole('button', { name: 'Active: details of Ann Importer', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Active: details of Bob Importer', exact: true })).toBeVisible();
  // Each got an invitation whose link is the reset-password page.
  for (const e of emails) expect(await readResetLink(page.request, e)).toContain(`#${ROUTES.resetPassword}?email=`);
});

test('CSV import of a file with three problems reports all three at once, once, and imports nothing', async ({ page, consoleGuard }) => {
  test.setTimeout(120_000);
  // The file is refused on purpose.
  consoleGuard.expectStatus(400, '/api/employees/csv-import');
  const employer = await readyEmployer(page.request, 'csvbad');
  const header = (await (await page.request.get('/employees.csv')).text()).split(/\r?\n/)[0]!;
  const byColumn = (row: Record<string, string>) => header.split(',').map((c) => row[c.trim()] ?? '').join(',');
  const tag = Date.now().toString(36);
  const existing = `kept.${tag}@csv.example`;
  const twice = `twice.${tag}@csv.example`;
  const toFile = (rows: Record<string, string>[]) => Buffer.from([header, ...rows.map(byColumn)].join('\r\n'));
  const importFile = async (buffer: Buffer) => {
    await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
    await page.getByRole('button', { name: /Import CSV/ }).click();
    await page.getByLabel(MESSAGES.csvImport.fileLabel, { exact: true }).setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
  };

  await login(page, employer.email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await openEmployeeManagement(page);
  await importFile(toFile([{ firstName: 'Kept', lastName: 'Already', email: existing, employeeNumber: `K-${tag}` }]));
  await expectToast(page, MESSAGES.employees.csvSuccess);
  await expect(page.getByRole('dialog')).toBeHidden();

  // Line 2: an address an employee holds already; lines 3 and 4: one address twice; line 5: no email.
  await importFile(
    toFile([
      { firstName: 'Clash', lastName: 'Existing', email: existing, employeeNumber: `C-${tag}` },
      { firstName: 'Twin', lastName: 'One', email: twice, employeeNumber: `T1-${tag}` },
      { firstName: 'Twin', lastName: 'Two', email: twice, employeeNumber: `T2-${tag}` },
      { firstName: 'No', lastName: 'Address', email: '', employeeNumber: `N-${tag}` },
    ]),
  );
  const dialog = page.getByRole('dialog');
  const report = dialog.getByRole('region', { name: MESSAGES.csvImport.reportRegion });
  await expect(report).toBeVisible();
  const lines = await report.getByRole('row').filter({ hasNot: page.getByRole('columnheader') }).allInnerTexts();
  await expect(dialog.getByText(MESSAGES.csvImport.reportTitle(lines.length))).toBeVisible();
  expect(lines.length, lines.join('\n')).toBeGreaterThanOrEqual(3);
  for (const line of ['2', '4', '5']) expect(lines.some((l) => l.trim().startsWith(line)), `line ${line} in:\n${lines.join('\n')}`).toBe(true);
  // Every field in plain words, and no toast repeats the report.
  expect(lines.join('\n')).not.toMatch(/firstName|lastName|employeeNumber/);
  await expect(page.locator('[data-toaster]').getByText(/problem|already exists|Error/i)).toHaveCount(0);
  await dialog.screenshot({ path: test.info().outputPath('csv-report.png') });
  // Nothing was imported.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: /details of Twin One/ })).toHaveCount(0);
});

test('add manually: an invalid row blocks the submission until it is fixed', async ({ page }) => {
  test.setTimeout(120_000);
  const employer = await readyEmployer(page.request, 'manual');
  const tag = Date.now().toString(36);
  await login(page, employer.email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await page.goto(hash(ROUTES.addManually));
  await expect(page.getByRole('heading', { name: 'Add Employees Manually' })).toBeVisible();
  // A company already set up adds employees inside the employer area, with its navigation.
  await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toBeVisible();
  await expect(page.getByText(MESSAGES.shell.setupHeader, { exact: true })).toHaveCount(0);
  const fill = async (row: number, values: [string, string, string, string]) => {
    for (const [i, label] of ['First Name', 'Last Name', 'Email', 'Employee Number'].entries()) {
      await page.getByLabel(`${label}, row ${row}`, { exact: true }).fill(values[i]!);
    }
  };
  await fill(1, ['Mia', 'Manual', `mia.${tag}@manual.example`, `M-${tag}-1`]);
  await page.getByRole('button', { name: 'Add row', exact: true }).click();
  await fill(2, ['Max', 'Manual', 'not-an-email', `M-${tag}-2`]);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/employees') posted = true;
  });
  await page.getByRole('button', { name: 'Submit 2 employees', exact: true }).click();
  await expect(page.getByText(MESSAGES.manualRow.emailInvalid).first()).toBeVisible();
  expect(posted).toBe(false);
  await expectRoute(page, ROUTES.addManually);

  await page.getByLabel('Email, row 2', { exact: true }).fill(`max.${tag}@manual.example`);
  await page.getByRole('button', { name: 'Submit 2 employees', exact: true }).click();
  await expectToast(page, MESSAGES.employees.manualAdded);
  await expectRoute(page, ROUTES.employeeManagement);
  await expect(page.getByRole('button', { name: 'Active: details of Mia Manual', exact: true })).toBeVisible();
});

test('Approve Selected with nothing selected asks to select an employee', async ({ page }) => {
  const employer = await readyEmployer(page.request, 'bulk');
  // One pending request, so the list is not empty.
  const res = await page.request.post(`/api/employees/employers/${employer.id}/employees`, {
    headers: { [CSRF_HEADER]: '1' },
    data: { firstName: 'Nell', lastName: 'Notchosen', email: uniqueEmail('nell'), employeeNumber: 'B-1', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  await login(page, employer.email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  await openEmployeeManagement(page, 'pending-requests');
  await expect(page.getByRole('row', { name: /Nell Notchosen/ })).toBeVisible();
  await page.getByRole('button', { name: 'Approve Selected', exact: true }).click();
  await expectToast(page, MESSAGES.employees.selectToApprove);
});
