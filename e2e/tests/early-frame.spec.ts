import { expect, test, type Page } from '../support/test';
import { MESSAGES, PAGE_TITLES, ROUTES, SESSION_CHECK_PATH } from '@portal/shared-contracts';
import { expectLoginPage, hash } from '../support/portal';
import { createCompanyAdmin, signedInPage } from '../support/release-helpers';

// A signed-in page's frame and heading are drawn from the address before the session is restored
// (docs/decisions/0072, addendum "the frame before the restore"): the heading is the page's largest
// paint, the layout then draws the same heading in the same box, and an ended session still ends on
// the login page.

test.describe.configure({ mode: 'parallel' });

/** Each largest-paint candidate (time, whether the early frame drew it) and the layout shift, from the page's start. */
async function watchPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { t: number; frame: boolean; text: string }[]; __cls: number };
    w.__lcp = [];
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null })[])
        w.__lcp.push({ t: e.startTime, frame: !!e.element?.closest('[data-early-frame]'), text: e.element?.textContent ?? '' });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** A new tab of the signed-in browser whose session check waits until `release()`, answered as `answer` says. */
async function heldTab(page: Page, answer: 'server' | 401) {
  const tab = await page.context().newPage();
  await tab.setViewportSize({ width: 390, height: 844 });
  await watchPaints(tab);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await tab.route(`**${SESSION_CHECK_PATH}`, async (route) => {
    await held;
    if (answer === 401) await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Unauthorized' }) });
    else await route.continue();
  });
  return { tab, release };
}

/**
 * The frame's heading `title` drawn (hidden from assistive technology, no heading announced), then,
 * once the session check is released, the layout's own heading in the same box and the frame gone.
 */
async function frameHeadingThenPage(tab: Page, release: () => void, title: string): Promise<void> {
  const frame = tab.locator('[data-early-frame]');
  await expect(frame.locator('h1')).toHaveText(title, { timeout: 30_000 });
  await expect(frame).toHaveAttribute('aria-hidden', 'true');
  // Not announced: the page has no heading for assistive technology until the layout draws its own.
  await expect(tab.getByRole('heading')).toHaveCount(0);
  const early = await frame.locator('h1').boundingBox();

  release();
  const heading = tab.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  await expect(frame).toHaveCount(0);
  // Read until it holds: once, in a loaded run, the heading's box read null right after the frame
  // went (the element not laid out at that instant); the box the heading keeps is the one compared.
  await expect.poll(() => heading.boundingBox(), { timeout: 5_000 }).toEqual(early);
}

test('a new tab draws the page heading from the address before the session is restored, in the box the layout draws it', async ({ browser }) => {
  const page = await signedInPage(browser, await createCompanyAdmin('frame'));
  // The trial's line, once drawn, keeps its place in this browser (as in layout-shift.spec.ts): seen
  // before the new tab opens, so the new tab's frame and its layout both keep it.
  await expect(page.getByRole('complementary', { name: MESSAGES.billing.notice.label })).toBeVisible({ timeout: 30_000 });
  const { tab, release } = await heldTab(page, 'server');
  // The trial's line (mfe-billing, under the header) comes after the page: held, so the heading is compared where it first lands.
  let showTrial!: () => void;
  const trialHeld = new Promise<void>((r) => (showTrial = r));
  await tab.route('**/remotes/mfe-billing/**', async (route) => {
    await trialHeld;
    await route.continue();
  });
  await tab.goto(hash(ROUTES.employeeManagement), { waitUntil: 'commit' });

  await frameHeadingThenPage(tab, release, PAGE_TITLES.employeeManagement);
  showTrial();

  // The frame's heading stays the largest paint: nothing larger is drawn after it.
  await tab.waitForLoadState('networkidle');
  const { lcp } = await tab.evaluate(() => ({ lcp: (window as unknown as { __lcp: { frame: boolean; text: string }[] }).__lcp }));
  expect(lcp.at(-1)).toMatchObject({ frame: true, text: PAGE_TITLES.employeeManagement });
});

test('Payment and Billing, drawn by the remote that also draws the trial line, draws its heading in the box of the frame heading', async ({ browser }) => {
  const page = await signedInPage(browser, await createCompanyAdmin('frame-payment'));
  // A returning visitor on the same phone: the trial line's place is kept as this page drew it (here
  // it has no button to start the subscription, the page has one, so it is shorter than elsewhere).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(hash(ROUTES.payment));
  await expect(page.getByRole('heading', { level: 1, name: PAGE_TITLES.payment })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('complementary', { name: MESSAGES.billing.notice.label })).toBeVisible({ timeout: 30_000 });
  const { tab, release } = await heldTab(page, 'server');
  await tab.goto(hash(ROUTES.payment), { waitUntil: 'commit' });

  await frameHeadingThenPage(tab, release, PAGE_TITLES.payment);
  // (Whether the heading stays the page's largest paint depends on the company: on its trial, the
  // page's trial callout under it is larger; for a subscribed company it is the heading.)
});

test('a session that has ended takes the frame away and shows the login page', async ({ browser, consoleGuard }) => {
  consoleGuard.expect(/status of 401/);
  const page = await signedInPage(browser, await createCompanyAdmin('frame-ended'));
  const { tab, release } = await heldTab(page, 401);
  await tab.goto(hash(ROUTES.mainPage), { waitUntil: 'commit' });
  await expect(tab.locator('[data-early-frame] h1')).toHaveText(PAGE_TITLES.dashboard, { timeout: 30_000 });
  release();
  await expectLoginPage(tab);
  await expect(tab.locator('[data-early-frame]')).toHaveCount(0);
});
