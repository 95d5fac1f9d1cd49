import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { axeViolations, checkDialogsOf } from '../support/axe-tour';
import { hash, SUPERADMIN } from '../support/portal';
import { ARTIFACTS } from '../support/portal-process';
import { goToStop, openStats, routeTour, signInAs, trackRequests, VISITORS, type TourStop, type Visitor } from '../support/route-tour';

const READY: Record<string, (page: Page) => Promise<void>> = {
  login: (page) => expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible(),
  signup: (page) => expect(page.locator('form button[type="submit"]')).toBeVisible(),
};

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Viewport = (typeof VIEWPORTS)[number];

// The tour's tests (a visitor at a size each) run on every worker at once: each opens its own
// contexts on its worker's demo portal, and only the new employer's tour changes what it tours.
test.describe.configure({ mode: 'parallel' });

/** One visitor's tour at one size: what it found, as lines of the artifact and problems. */
interface Tour {
  viewport: Viewport;
  page: Page;
  seen: Set<string>;
  dialogs: string[];
  problems: string[];
}

async function startTour(browser: Browser, url: string, visitor: Visitor, viewport: Viewport): Promise<Tour> {
  const context = await browser.newContext({ baseURL: url, viewport, acceptDownloads: true });
  const page = await context.newPage();
  trackRequests(page);
  await signInAs(page, visitor, SUPERADMIN);
  return { viewport, page, seen: new Set(), dialogs: [], problems: [] };
}

/**
 * A stop: the page opened (through the portal's own navigation once on it, see goToStop) and drawn
 * with its data, axe on it, then every dialog it offers (support/axe-tour.ts).
 */
async function visit(tour: Tour, stop: TourStop): Promise<void> {
  const { page, viewport } = tour;
  const t0 = Date.now();
  const before = { ...(openStats.get(page) ?? { count: 0, ms: 0, loadMs: 0, inApp: 0 }) };
  await goToStop(page, stop);
  const t1 = Date.now();
  const opened = { ...(openStats.get(page) ?? before) };
  for (const v of await axeViolations(page)) tour.problems.push(`${viewport.width} ${stop.route}: ${v}`);
  const t2 = Date.now();
  for (const d of await checkDialogsOf(page, stop, tour.seen)) {
    tour.dialogs.push(`${viewport.width} ${stop.route}: ${d.opener} (${d.title})`);
    for (const p of d.problems) tour.problems.push(`${viewport.width} ${stop.route}: dialog "${d.title}" from "${d.opener}": ${p}`);
  }
  if (process.env.AXE_TOUR_DEBUG) {
    const after = openStats.get(page) ?? before;
    console.log(
      `[tour] ${stop.visitor} ${viewport.width} ${stop.route} open ${t1 - t0} ms (${opened.inApp > before.inApp ? 'in app' : `load ${opened.loadMs - before.loadMs}`}),` +
        ` axe ${t2 - t1} ms, dialogs ${Date.now() - t2} ms (${after.count - opened.count} reopened, ${after.ms - opened.ms} ms)`,
    );
  }
}

/** What was found, for a person to read: e2e/artifacts/axe-tour-<visitor>-<width>.txt, in a stable order. */
async function finishTour(visitor: Visitor, tour: Tour): Promise<void> {
  await tour.page.context().close();
  const dialogs = [...tour.dialogs].sort();
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, `axe-tour-${visitor}-${tour.viewport.width}.txt`), `${dialogs.length} dialogs\n${dialogs.join('\n')}\n`);
}

/**
 * The visitors toured a size a test: every one of VISITORS but the new employer (below), so a visitor
 * added there is toured without being listed here; the longest tours first.
 */
const LONGEST_FIRST: readonly Visitor[] = ['employer', 'superAdmin'];
const TOURED_ALONE = [...LONGEST_FIRST, ...VISITORS.filter((v) => !LONGEST_FIRST.includes(v))].filter((v) => v !== 'newEmployer');

const title = (visitor: Visitor, size: string) => `every page and dialog the ${visitor} visitor opens has no WCAG 2.1 AA violation, ${size}`;

// Every page of the route tour (support/route-tour.ts: every route of ROUTES, so a new page is
// checked without being listed) and every dialog a page offers (found by pressing what the page
// offers: support/axe-tour.ts), at a desktop's size and a phone's, for each kind of visitor, on the
// worker's demo-data portal so that lists have rows and rows have their dialogs. Each dialog is also
// closed with Escape, and focus must come back to what opened it. The longest tours come first, so
// that the two workers finish together.
for (const visitor of TOURED_ALONE) {
  for (const viewport of VIEWPORTS) {
    test(title(visitor, `at ${viewport.width}x${viewport.height}`), async ({ browser, demoPortal, consoleGuard }) => {
      test.setTimeout(900_000);
      // The tour opens the employee sign-up page with a company id that matches none, on purpose.
      consoleGuard.expectStatus(404, '/api/employers/00000000-0000-4000-8000-000000000000');
      const tour = await startTour(browser, demoPortal.url, visitor, viewport);
      for (const stop of routeTour().filter((s) => s.visitor === visitor)) await visit(tour, stop);
      await finishTour(visitor, tour);
      expect(tour.problems.sort()).toEqual([]);
    });
  }
}

// The new employer's tour changes what it tours: opening the account-completed page completes the
// setup, which changes what every other page of that visitor shows. So both sizes tour the rest in
// one test, side by side, and the account-completed page is opened once, at the phone's size, last.
test(title('newEmployer', 'at both sizes'), async ({ browser, demoPortal }) => {
  test.setTimeout(900_000);
  const stops = routeTour().filter((s) => s.visitor === 'newEmployer');
  const completing = stops.filter((s) => s.path === ROUTES.accountCompleted);
  const rest = stops.filter((s) => s.path !== ROUTES.accountCompleted);
  const tours = await Promise.all(
    VIEWPORTS.map(async (viewport) => {
      const tour = await startTour(browser, demoPortal.url, 'newEmployer', viewport);
      for (const stop of rest) await visit(tour, stop);
      return tour;
    }),
  );
  const phone = tours.find((t) => t.viewport.width === VIEWPORTS[1].width);
  if (phone) for (const stop of completing) await visit(phone, stop);
  for (const tour of tours) await finishTour('newEmployer', tour);
  expect(tours.flatMap((t) => t.problems).sort()).toEqual([]);
});

test('the portal runs under its Content-Security-Policy without violations', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  await page.goto(hash(ROUTES.login));
  await READY.login?.(page);
  await page.goto(hash(ROUTES.signup));
  await READY.signup?.(page);
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  expect(violations).toEqual([]);
});

test('the login page answers with the security headers, never cached', async ({ request }) => {
  const res = await request.get('/');
  expect(res.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers()['referrer-policy']).toBe('no-referrer');
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['cache-control']).toBe('no-store');
});
