import { expect, test, type Browser, type Page } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { hash, SUPERADMIN } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { createCompanyAdmin, signedInPage } from '../support/release-helpers';
import { settled, signInAs, trackRequests } from '../support/route-tour';

// What moves on a page as it loads (the browser's layout shifts, measured, not timed): the trial's
// line drawn with the layout, Employee Management's own content on a phone, and the dashboard's
// widgets (tiles, trend chart, rankings, incentives, feedback) on a phone and a desktop.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe.configure({ mode: 'parallel' });

let demo: RunningPortal;

test.beforeAll(async ({ demoPortal }) => {
  demo = demoPortal;
});

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift of the page from its start (not those right after an input), with what moved. */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    const describe = (node: Node | null) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? 'none');
      const cls = typeof node.className === 'string' && node.className ? `.${node.className.split(' ').join('.')}` : '';
      return `${node.tagName.toLowerCase()}${cls}${node.getAttribute('aria-label') ? `[${node.getAttribute('aria-label')}]` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (e.hadRecentInput) continue;
        w.__shifts.push({
          value: e.value,
          sources: e.sources.map((s) => `${describe(s.node)} ${Math.round(s.previousRect.y)}->${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}->${Math.round(s.currentRect.height)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsOf(page: Page, label: string): Promise<number> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  console.log(`[layout-shift] ${label}: ${total.toFixed(3)} in ${shifts.length} shift(s)`);
  for (const s of shifts) console.log(`  ${s.value.toFixed(3)}: ${s.sources.join(' | ')}`);
  return total;
}

async function phoneOf(browser: Browser, baseURL: string, viewport = PHONE) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  trackRequests(page);
  return { context, page };
}

for (const viewport of [PHONE, DESKTOP]) {
  test(`a company on its trial sees the trial line drawn without moving the page (${viewport.width}x${viewport.height})`, async ({ browser }) => {
    const signed = await signedInPage(browser, await createCompanyAdmin(`shift${viewport.width}`));
    await signed.setViewportSize(viewport);
    await watchShifts(signed);
    const line = signed.getByRole('complementary', { name: MESSAGES.billing.notice.label });
    // Employee Management (whose own content does not move), seen once, then again: the layout,
    // the page and the trial's line, which comes after the page.
    await signed.goto(hash(ROUTES.employeeManagement));
    await expect(line).toBeVisible({ timeout: 20_000 });
    await signed.reload();
    await expect(line).toBeVisible({ timeout: 20_000 });
    await settled(signed);
    const cls = await shiftsOf(signed, `employee management on a trial ${viewport.width}x${viewport.height}`);
    await signed.screenshot({ path: test.info().outputPath(`trial-line-${viewport.width}.png`) });
    expect(cls).toBeLessThan(0.1);
    await signed.context().close();
  });
}

test('Employee Management on a phone moves less than 0.1 as it loads', async ({ browser }) => {
  const { context, page } = await phoneOf(browser, demo.url);
  await signInAs(page, 'employer', SUPERADMIN);
  await settled(page);
  await watchShifts(page);
  await page.goto(hash(ROUTES.employeeManagement));
  await page.reload();
  await expect(page.getByRole('heading', { name: MESSAGES.labels.employerNav[2], level: 1 })).toBeVisible({ timeout: 20_000 });
  await settled(page);
  const cls = await shiftsOf(page, 'employee management 390x844');
  await page.screenshot({ path: test.info().outputPath('employee-management-390.png') });
  expect(cls).toBeLessThan(0.1);
  await context.close();
});

/** The dashboard, opened afresh, loaded: its trend chart drawn, or, for a company without a trip yet, its next steps. */
async function dashboardLoaded(page: Page, noTripYet = false): Promise<void> {
  await page.goto(hash(ROUTES.mainPage));
  await page.reload();
  await expect(page.getByRole('heading', { name: MESSAGES.labels.employerNav[0], level: 1 })).toBeVisible({ timeout: 20_000 });
  if (noTripYet) await expect(page.getByRole('region', { name: MESSAGES.insights.gettingStarted.title })).toBeVisible({ timeout: 20_000 });
  else await expect(page.getByRole('img', { name: MESSAGES.insights.trend.chartLabel(MESSAGES.insights.trend.metrics.trips) }).locator('canvas')).toBeVisible({ timeout: 20_000 });
  await settled(page);
}

// The dashboard's widgets (tiles, trend chart or next steps, ranking, incentives, feedback) each hold
// the place their figures take: the demo's company in a month with trips (the last one) and in the
// month the page opens in (in the demo, empty until its first commute of the month), and a company
// without a single trip yet.
for (const viewport of [PHONE, DESKTOP]) {
  const size = `${viewport.width}x${viewport.height}`;
  for (const when of ['a month with trips', 'this month'] as const) {
    test(`the dashboard moves less than 0.1 as it loads, ${when} (${size})`, async ({ browser }) => {
      const { context, page } = await phoneOf(browser, demo.url, viewport);
      if (when === 'a month with trips') {
        // The middle of last month (UTC, as the api counts): the page opens on it.
        const now = new Date();
        await page.clock.setFixedTime(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12)));
      }
      await signInAs(page, 'employer', SUPERADMIN);
      await settled(page);
      await watchShifts(page);
      await dashboardLoaded(page);
      if (when === 'a month with trips') await expect(page.getByRole('region', { name: MESSAGES.labels.participationTitle }).getByRole('row').nth(1)).toBeVisible();
      const cls = await shiftsOf(page, `dashboard, ${when}, ${size}`);
      await page.screenshot({ path: test.info().outputPath(`dashboard-${viewport.width}.png`), fullPage: true });
      expect(cls).toBeLessThan(0.1);
      await context.close();
    });
  }

  test(`the dashboard of a company without a trip yet moves less than 0.1 as it loads (${size})`, async ({ browser }) => {
    const signed = await signedInPage(browser, await createCompanyAdmin(`dash${viewport.width}`));
    trackRequests(signed);
    await signed.setViewportSize(viewport);
    // Seen once (the trial's line keeps its place from then on, see the journeys above), then measured.
    await signed.goto(hash(ROUTES.mainPage));
    await expect(signed.getByRole('complementary', { name: MESSAGES.billing.notice.label })).toBeVisible({ timeout: 20_000 });
    await watchShifts(signed);
    await dashboardLoaded(signed, true);
    const cls = await shiftsOf(signed, `dashboard without a trip yet, ${size}`);
    await signed.screenshot({ path: test.info().outputPath(`dashboard-no-trip-${viewport.width}.png`), fullPage: true });
    expect(cls).toBeLessThan(0.1);
    await signed.context().close();
  });
}
