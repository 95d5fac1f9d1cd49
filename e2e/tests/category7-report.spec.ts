import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Download, type Page } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, hash, login } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { csvCells, milli } from '../support/report-csv';
import { axeViolations } from '../support/axe-tour';

// The demo company has a year of trips, so the report has figures: the run's demo portal.
const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
const R = MESSAGES.reports;

let portal: RunningPortal;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});

async function employerPage(browser: Browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: portal.url, viewport, acceptDownloads: true });
  const page = await context.newPage();
  await login(page, EMPLOYER.email, EMPLOYER.password);
  await expectRoute(page, ROUTES.mainPage);
  return { context, page };
}

const reportsOf = (page: Page) => page.getByRole('region', { name: R.section, exact: true });

/** Chooses the year and format in the Reports section and downloads the file. */
async function download(page: Page, year: number, format: keyof typeof R.formats): Promise<Download> {
  const region = reportsOf(page);
  await region.getByLabel(R.reportingYear).selectOption(String(year));
  await region.getByLabel(R.format).selectOption(format);
  const file = page.waitForEvent('download');
  await region.getByRole('link', { name: R.download }).click();
  return file;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    for (const item of (await (await doc.getPage(p)).getTextContent()).items) if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : '');
  }
  await doc.destroy();
  return parts.join('').replace(/\s+/g, ' ');
}

test('the Category 7 report downloads as CSV, PDF and trips file, and their figures agree to the gram', async ({ browser }) => {
  const { context, page } = await employerPage(browser);
  const year = new Date().getUTCFullYear();
  await expect(reportsOf(page)).toBeVisible();

  const csvFile = await download(page, year, 'csv');
  expect(csvFile.suggestedFilename()).toMatch(new RegExp(`^category7-${year}-[0-9a-f]{8}\\.csv$`));
  const report = csvCells(await readFile(await csvFile.path(), 'utf8'));
  const line = (first: string) => report.find((r) => r[0] === first)!;
  const total = line(R.total);
  const [trips, vehicleKm, passengerKm, emitted, avoided] = total.slice(1, 6);
  expect(Number(trips)).toBeGreaterThan(0);
  expect(milli(emitted!)).toBeGreaterThan(0);
  expect(milli(avoided!)).toBeGreaterThan(0);
  const reportId = line(R.facts.reportId)[1]!;

  // The PDF is the same report: its id and its figures.
  const pdfFile = await download(page, year, 'pdf');
  const bytes = await readFile(await pdfFile.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(reportId);
  expect(text).toContain(`${emitted} ${R.unitKg}`);
  expect(text).toContain(`${avoided} ${R.unitKg}`);
  expect(text).toContain(`${R.total} ${trips} ${vehicleKm} ${passengerKm} ${emitted} ${avoided}`);

  // The trips file's lines add up to the report's total, to the metre and the gram.
  const tripsFile = await download(page, year, 'trips');
  const lines = csvCells(await readFile(await tripsFile.path(), 'utf8')).filter((r) => r.length > 1);
  expect(lines[0]).toEqual([...R.tripsColumns]);
  const sums = [0, 0, 0, 0, 0];
  for (const r of lines.slice(1)) [1, milli(r[3]!), milli(r[4]!), milli(r[8]!), milli(r[9]!)].forEach((v, i) => (sums[i]! += v));
  expect(sums).toEqual([Number(trips), milli(vehicleKm!), milli(passengerKm!), milli(emitted!), milli(avoided!)]);
  await context.close();
});

test('the headcount entered in Company Settings is the report\'s coverage', async ({ browser }, testInfo) => {
  const { context, page } = await employerPage(browser);
  await page.goto(hash(ROUTES.companySettings));
  const card = page.getByRole('region', { name: R.settingsHeading });
  const headcount = card.getByLabel(R.headcount);
  await headcount.fill('2500');
  await card.getByRole('button', { name: MESSAGES.labels.save }).click();
  await expect(page.getByText(R.settingsSaved)).toBeVisible();
  await card.screenshot({ path: testInfo.outputPath('reporting-card-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await card.screenshot({ path: testInfo.outputPath('reporting-card-390.png') });

  await page.goto(hash(ROUTES.mainPage));
  const report = csvCells(await readFile(await (await download(page, new Date().getUTCFullYear(), 'csv')).path(), 'utf8'));
  const members = Number(report.find((r) => r[0] === R.items.members)![1]);
  expect(report.find((r) => r[0] === R.items.headcount)![1]).toBe('2500');
  expect(report.find((r) => r[0] === R.items.coverage)![1]).toBe(`${((members * 100) / 2500).toFixed(1)}%`);
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the Reports section fits ${viewport.width}x${viewport.height} and passes axe`, async ({ browser }, testInfo) => {
    const { context, page } = await employerPage(browser, viewport);
    const region = reportsOf(page);
    await region.scrollIntoViewIfNeeded();
    await expect(region.getByRole('link', { name: R.download })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await region.screenshot({ path: testInfo.outputPath(`reports-${viewport.width}.png`) });
    expect(await axeViolations(page, 'section[aria-label="Reports"], [role="region"][aria-label="Reports"]')).toEqual([]);
    await context.close();
  });
}
