import { CSRF_HEADER, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { hash } from '../support/portal';
import { createCompanyAdmin, signedInPage } from '../support/release-helpers';
import { expect, test } from '../support/test';
import { answeredBy, controlInstance, instancesOf, recordApiAnswers, topology, UPSTREAM_HEADER } from '../support/topology';

const VICTIM = 0;
const SURVIVOR = 1;
const WRITES = 40;

test('one api instance killed in the middle of a journey: no acknowledged write is lost, the journey goes on through the other, the killed one comes back ready', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await createCompanyAdmin('topo-failover');
  const page = await signedInPage(browser, admin);
  await page.goto(hash(ROUTES.employeeManagement));
  await expect(page.getByRole('heading', { name: 'Employee Management', exact: true })).toBeVisible();
  const answers = recordApiAnswers(page);

  // ---- a stream of writes (the Add Manually call, one employee each, two at a time) on the
  // browser's session; SIGKILL to one instance once ten are acknowledged
  const tag = Date.now().toString(36);
  const lastName = `Failover${tag}`;
  const writes: { email: string; status: number; tried: number[]; afterKill: boolean }[] = [];
  let kill: Promise<void> | null = null;
  let killed = false;
  const write = async (n: number) => {
    const email = `w${n}.${tag}@failover.example`;
    const afterKill = killed;
    const res = await page.request.post('/api/employees', {
      headers: { [CSRF_HEADER]: '1' },
      data: { employees: [{ firstName: 'Wes', lastName, email, employeeNumber: `F-${tag}-${n}` }] },
      failOnStatusCode: false,
    });
    writes.push({ email, status: res.status(), tried: instancesOf(res.headers()[UPSTREAM_HEADER]), afterKill });
  };
  const writer = async (first: number) => {
    for (let n = first; n < WRITES; n += 2) {
      await write(n);
      if (!kill && writes.filter((w) => w.status === 201).length >= 10) {
        kill = controlInstance(VICTIM, 'kill').then(() => {
          killed = true;
        });
      }
    }
  };
  await Promise.all([writer(0), writer(1)]);
  await kill;
  expect(killed).toBe(true);

  const summary = JSON.stringify(writes.map((w) => `${w.status}:${w.tried.join('>')}`));
  // A write is acknowledged (201) or, when its instance died holding it, answered 502 by nginx,
  // which never sends a POST to a second instance; nothing else.
  for (const w of writes) expect([201, 502], summary).toContain(w.status);
  const acknowledged = writes.filter((w) => w.status === 201);
  expect(acknowledged.length, summary).toBeGreaterThanOrEqual(WRITES - 2);
  expect(acknowledged.some((w) => w.tried.includes(VICTIM)), 'the victim took writes before it died').toBe(true);
  const afterKill = writes.filter((w) => w.afterKill);
  expect(afterKill.length, summary).toBeGreaterThan(0);
  for (const w of afterKill) expect(w.tried.at(-1), summary).toBe(SURVIVOR);

  // ---- every acknowledged write is in the database, once
  const listed = await page.request.get(`/api/employees?search=${lastName}&pageSize=100`, { headers: { [CSRF_HEADER]: '1' } });
  expect(listed.status()).toBe(200);
  const emails = ((await listed.json()) as { items: { email: string }[] }).items.map((e) => e.email);
  expect(new Set(emails).size).toBe(emails.length);
  for (const w of acknowledged) expect(emails, `acknowledged ${w.email}`).toContain(w.email);

  // ---- the journey goes on in the browser, through the surviving instance
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Employee Management', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Active: details of Wes ${lastName}` }).first()).toBeVisible();
  await page.goto(hash(ROUTES.addManually));
  const fields = { 'First Name': 'Mo', 'Last Name': lastName, Email: `mo.${tag}@failover.example`, 'Employee Number': `F-${tag}-mo` };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(`${label}, row 1`, { exact: true }).fill(value);
  const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/employees' && r.request().method() === 'POST');
  await page.getByRole('button', { name: /^Submit 1 employee/ }).click();
  expect((await added).status()).toBe(201);
  expect(answeredBy(await added)).toBe(SURVIVOR);
  await expect(page.getByText(MESSAGES.employees.manualAdded, { exact: true }).first()).toBeVisible();
  // The browser saw no failed answer: the reads that met the dead instance were retried on the other.
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('journey-after-kill.png') });

  // ---- the killed instance comes back ready, and nginx sends it requests again
  await controlInstance(VICTIM, 'start');
  const ready = await fetch(`${topology().apiUrls[VICTIM]}/api/health/ready`);
  expect(ready.status).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/health/ready');
        return res.status() === 200 ? instancesOf(res.headers()[UPSTREAM_HEADER]).join('>') : `status ${res.status()}`;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(String(VICTIM));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Employee Management', exact: true })).toBeVisible();
});
