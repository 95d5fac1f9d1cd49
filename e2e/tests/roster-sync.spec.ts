import { expect, test, type Page } from '../support/test';
import { CSRF_HEADER, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { apiLogin, expectRoute, expectSearchApplied, hash, signInReadyEmployer, uniqueEmail } from '../support/portal';
import { expectAxeClean, shoot } from '../support/look';

const PASSWORD = 'Roster-Pass1';
const R = MESSAGES.roster;
const HEADER = 'firstName,lastName,email,employeeNumber,department';

async function openReplaceMode(page: Page) {
  await page.goto(hash(ROUTES.employeeManagement));
  await expect(page.getByRole('heading', { name: 'Employee Management', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
  await page.getByRole('button', { name: /Import CSV/ }).click();
  const dialog = page.getByRole('dialog', { name: MESSAGES.labels.importCsv });
  await dialog.getByRole('radio', { name: R.modeReplace }).check();
  return dialog;
}

test('replace the roster: a file that adds one, changes one and removes one; the difference, then the report, then the list', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('roster');
  await signInReadyEmployer(page, page.request, 'Rhea Roster', email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  const headers = { authorization: `Bearer ${await apiLogin(page.request, email, PASSWORD)}`, [CSRF_HEADER]: '1' };
  const tag = Date.now().toString(36);
  const mail = (who: string) => `${who}.${tag}@roster.example`;
  // A 60-character name: 30 + 30, the longest the rows allow.
  const longFirst = 'Maximiliana-Wilhelmina-Alexand';
  const longLast = 'Featherstonehaugh-Montgomeryyy';
  const added = await page.request.post('/api/employees', {
    headers,
    data: {
      employees: [
        { firstName: 'Stay', lastName: 'Same', email: mail('stay'), employeeNumber: `R-${tag}-1` },
        { firstName: 'Chad', lastName: 'Change', email: mail('chad'), employeeNumber: `R-${tag}-2` },
        { firstName: 'Lee', lastName: 'Leaver', email: mail('lee'), employeeNumber: `R-${tag}-3` },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const csv = [
    HEADER,
    `Stay,Same,${mail('stay')},R-${tag}-1,`,
    `Chad,Changed,${mail('chad')},R-${tag}-2,Finance`,
    `${longFirst},${longLast},${mail('nova')},R-${tag}-4,Operations`,
  ].join('\n');

  const dialog = await openReplaceMode(page);
  await dialog.getByLabel(MESSAGES.csvImport.fileLabel, { exact: true }).setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: R.preview, exact: true }).click();
  await expect(dialog.getByText(R.summary(1, 1, 1, 1), { exact: true })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: R.sectionTitle(R.sections.added, 1) })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: R.sectionTitle(R.sections.changed, 1) })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: R.sectionTitle(R.sections.leaving, 1) })).toBeVisible();
  await expect(dialog.getByRole('row', { name: new RegExp(`${longFirst} ${longLast}`) })).toBeVisible();
  await expect(dialog.getByText(R.change('Last name', 'Change', 'Changed'))).toBeVisible();
  await expect(dialog.getByText(R.change('Department', R.empty, 'Finance'))).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Lee Leaver/ })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'roster-preview');

  await dialog.getByRole('button', { name: R.apply, exact: true }).click();
  await expect(dialog.getByText(R.reportTitle(1, 1, 1), { exact: true })).toBeVisible();
  await expectAxeClean(page);
  await shoot(page, 'roster-report');
  await dialog.getByRole('button', { name: R.done, exact: true }).click();

  // The list shows it: the newcomer active, the change made, the leaver deactivated.
  await page.getByLabel('Search employees', { exact: true }).fill(tag);
  await expectSearchApplied(page, tag);
  await expect(page.getByRole('button', { name: `Active: details of ${longFirst} ${longLast}`, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Active: details of Chad Changed', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deactivated: details of Lee Leaver', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Active: details of Stay Same', exact: true })).toBeVisible();
  await shoot(page, 'roster-list');
});

test('a 10 000-row roster previews in pages and stays responsive; the leavers need a confirmation', async ({ page }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('roster10k');
  await signInReadyEmployer(page, page.request, 'Rhea Bigfile', email, PASSWORD);
  await expectRoute(page, ROUTES.mainPage);
  const headers = { authorization: `Bearer ${await apiLogin(page.request, email, PASSWORD)}`, [CSRF_HEADER]: '1' };
  const tag = Date.now().toString(36);
  const existing = await page.request.post('/api/employees', {
    headers,
    data: { employees: [1, 2, 3].map((i) => ({ firstName: 'Old', lastName: `Timer${i}`, email: `old${i}.${tag}@big.example`, employeeNumber: `O-${tag}-${i}` })) },
  });
  expect(existing.status(), await existing.text()).toBe(201);
  const lines = [HEADER];
  for (let i = 1; i <= 10_000; i++) lines.push(`First${i},Last${i},p${i}.${tag}@big.example,B-${tag}-${i},Dept ${i % 7}`);

  const dialog = await openReplaceMode(page);
  await dialog.getByLabel(MESSAGES.csvImport.fileLabel, { exact: true }).setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  const t0 = Date.now();
  await dialog.getByRole('button', { name: R.preview, exact: true }).click();
  await expect(dialog.getByText(R.summary(10_000, 0, 3, 0), { exact: true })).toBeVisible({ timeout: 60_000 });
  const previewMs = Date.now() - t0;
  await expect(dialog.getByText(R.showing(50, 10_000))).toBeVisible();
  // The page answers while the lists are shown: a click on Show more renders the next 50 at once.
  const t1 = Date.now();
  await dialog.getByRole('button', { name: R.showMore }).first().click();
  await expect(dialog.getByText(R.showing(100, 10_000))).toBeVisible();
  const showMoreMs = Date.now() - t1;
  console.log(`roster 10 000 rows: preview ${previewMs} ms (upload, compare, render), show more ${showMoreMs} ms`);
  await expect(dialog.getByRole('button', { name: R.apply, exact: true })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: R.confirmLeaving(3, 3) }).check();
  await expect(dialog.getByRole('button', { name: R.apply, exact: true })).toBeEnabled();
  await expectAxeClean(page);
  await shoot(page, 'roster-10k-preview');
});
