import { CSRF_HEADER, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, fillLogin, hash } from '../support/portal';
import { expect, test } from '../support/test';
import { answeredBy, recordApiAnswers, topology } from '../support/topology';

// The demo company `npm start` creates, seeded by the topology's first instance.
const GREENWAY = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' } as const;

test('signed in through one instance, the employer works through the other: pages, and a CSV import seen by both', async ({ page }) => {
  test.setTimeout(90_000);
  const answers = recordApiAnswers(page);

  // ---- sign in: one instance creates the session
  await page.goto(hash(ROUTES.login));
  const loginAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/accounts/login' && r.request().method() === 'POST');
  await fillLogin(page, GREENWAY.email, GREENWAY.password);
  const login = await loginAnswer;
  expect(login.status()).toBe(200);
  const signedInBy = answeredBy(login);
  expect(signedInBy, 'nginx names the instance that answered the login').not.toBeNull();
  const other = 1 - signedInBy!;
  await expectRoute(page, ROUTES.mainPage);
  await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toBeVisible();

  // ---- work: the employee list, answered by the other instance on the session the first one made
  await page.goto(hash(ROUTES.employeeManagement));
  await expect(page.getByRole('heading', { name: 'Employee Management', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Active: details of / }).first()).toBeVisible();
  const afterLogin = answers.slice(answers.findIndex((a) => a.path === '/api/accounts/login') + 1);
  const servedByOther = afterLogin.filter((a) => a.instance === other && a.status === 200);
  expect(servedByOther.length, `authenticated answers from instance ${other}: ${JSON.stringify(afterLogin)}`).toBeGreaterThan(0);
  expect(afterLogin.filter((a) => a.status === 401), 'no answer said the session was unknown').toEqual([]);

  // ---- CSV import through nginx (multipart, under its 3 MB limit), then read back from each instance
  const tag = Date.now().toString(36);
  const rows = [
    { first: 'Tia', last: `Topology${tag}`, email: `tia.${tag}@topology.example` },
    { first: 'Ugo', last: `Topology${tag}`, email: `ugo.${tag}@topology.example` },
  ];
  const csv = ['firstName,lastName,email,employeeNumber', ...rows.map((r, i) => `${r.first},${r.last},${r.email},TOP-${tag}-${i}`)].join('\r\n');
  await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
  await page.getByRole('button', { name: /Import CSV/ }).click();
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const importAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/employees/csv-import');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  expect((await importAnswer).status()).toBe(201);
  await expect(page.getByText(MESSAGES.employees.csvSuccess, { exact: true }).first()).toBeVisible();

  // Both instances answer the same list, whichever of them took the import.
  const token = ((await login.json()) as { token: string }).token;
  for (const [i, apiUrl] of topology().apiUrls.entries()) {
    const res = await page.request.get(`${apiUrl}/api/employees?search=${encodeURIComponent(`Topology${tag}`)}&pageSize=10`, {
      headers: { authorization: `Bearer ${token}`, [CSRF_HEADER]: '1' },
    });
    expect(res.status(), `instance ${i}`).toBe(200);
    const emails = ((await res.json()) as { items: { email: string }[] }).items.map((e) => e.email).sort();
    expect(emails, `instance ${i}`).toEqual(rows.map((r) => r.email).sort());
  }
  await page.screenshot({ path: test.info().outputPath('employees-after-import-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Employee Management', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('employees-after-import-390.png') });
});
