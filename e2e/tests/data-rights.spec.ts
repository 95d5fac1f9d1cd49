import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { CSRF_HEADER, MESSAGES, ROUTES, type PersonalDataExport } from '@portal/shared-contracts';
import { hash, portalUrl, signInReadyEmployer, uniqueEmail } from '../support/portal';
import { expectAxeClean, shoot } from '../support/look';

const PASSWORD = 'Rights-Pass1';
const EMPLOYEE_PASSWORD = 'Employee-Pass1';
const M = MESSAGES.dataRights;

test('an employee asks to be erased; the employer sees the request, exports their data and erases them', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const companyId = await signInReadyEmployer(page, page.request, 'Dora Rights', uniqueEmail('rights'), PASSWORD);
  // A 60-character name, the longest the forms allow.
  const firstName = 'Maximiliana-Wilhelmina-Alexand';
  const lastName = 'Featherstonehaugh-Montgomeryyy';
  const name = `${firstName} ${lastName}`;
  const email = uniqueEmail('erase-me');
  const joined = await page.request.post(`/api/employees/employers/${companyId}/employees`, {
    data: { firstName, lastName, email, employeeNumber: `DR${Date.now().toString(36)}`.slice(0, 20), password: EMPLOYEE_PASSWORD, confirmPassword: EMPLOYEE_PASSWORD },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const id = ((await joined.json()) as { response: { id: string } }).response.id;
  expect((await page.request.put(`/api/employees/${id}/accept`, { headers: { [CSRF_HEADER]: '1' } })).ok()).toBe(true);

  // The employee, from the app: signs in and asks to be erased.
  const app = await playwright.request.newContext({ baseURL: portalUrl() });
  const token = ((await (await app.post('/api/accounts/login', { data: { email, password: EMPLOYEE_PASSWORD } })).json()) as { token: string }).token;
  const auth = { authorization: `Bearer ${token}` };
  const asked = await app.post('/api/me/erasure-request', { headers: auth });
  expect(asked.status(), await asked.text()).toBe(200);

  await page.goto(hash(ROUTES.employeeManagement));
  const requests = page.getByRole('region', { name: M.requestsHeading });
  await expect(requests.getByRole('button', { name })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'erasure-requests');

  await requests.getByRole('button', { name }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details.getByRole('button', { name: M.exportData })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'employee-data-rights');

  const download = page.waitForEvent('download');
  await details.getByRole('button', { name: M.exportData }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^employee-${id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(await readFile((await file.path())!, 'utf8')) as PersonalDataExport;
  expect(data.subject.id).toBe(id);
  expect(data.tables.users![0]).toMatchObject({ first_name: firstName, last_name: lastName });
  expect(data.tables.erasure_requests).toHaveLength(1);

  await details.getByRole('button', { name: M.erase }).click();
  const confirm = page.getByRole('dialog', { name: M.eraseTitle(name) });
  await expect(confirm.getByText(M.eraseBody(name))).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'erase-dialog');
  await confirm.getByRole('button', { name: M.erase }).click();
  await expect(confirm.getByText(M.eraseConfirmMismatch)).toBeVisible();
  await confirm.getByLabel(M.eraseConfirmLabel(name)).fill(name);
  await confirm.getByRole('button', { name: M.erase }).click();
  await expect(page.getByText(M.erased).first()).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(requests).toBeHidden();
  await expect(page.getByRole('cell', { name: M.erasedName, exact: true })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  await shoot(page, 'after-erasure');

  // Their session ended with the erasure.
  expect((await app.get('/api/me/export', { headers: auth })).status()).toBe(401);
  await app.dispose();
});
