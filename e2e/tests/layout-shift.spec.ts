import { expect, test, type Browser, type Page } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { hash, SUPERADMIN } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { createCompanyAdmin, signedInPage } from '../support/release-helpers';
import { settled, signInAs, trackRequests } from '../support/route-tour';

// What moves on a page as it loads (the browser's layout shifts, measured, not timed): the trial's
// line drawn with the layout, and Employee Management's own content on a phone.

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
