import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { axeViolations, checkDialogsOf } from '../support/axe-tour';
import { hash, SUPERADMIN } from '../support/portal';
import { ARTIFACTS } from '../support/portal-process';
import { openStop, routeTour, signInAs, VISITORS, type TourStop } from '../support/route-tour';

const READY: Record<string, (page: Page) => Promise<void>> = {
  login: (page) => expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible(),
  signup: (page) => expect(page.locator('form button[type="submit"]')).toBeVisible(),
};

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

// Every page of the route tour (support/route-tour.ts: every route of ROUTES, so a new page is
// checked without being listed) and every dialog a page offers (found by pressing what the page
// offers: support/axe-tour.ts), at a desktop's size and a phone's, for each kind of visitor, on the
// run's demo-data portal so that lists have rows and rows have their dialogs. Each dialog is also
// closed with Escape, and focus must come back to what opened it.
for (const visitor of VISITORS) {
  test(`every page and dialog the ${visitor} visitor opens has no WCAG 2.1 AA violation, at both sizes`, async ({ browser, demoPortal, consoleGuard }) => {
    test.setTimeout(900_000);
    // The tour opens the employee sign-up page with a company id that matches none, on purpose.
    consoleGuard.expectStatus(404, '/api/employers/00000000-0000-4000-8000-000000000000');
    const problems: string[] = [];
    const dialogs: string[] = [];
    const stops = routeTour().filter((s) => s.visitor === visitor);
    // Opening the account-completed page completes the new employer's setup, which changes what
    // every other page of that visitor shows: it is opened once, at the phone's size, after both
    // sizes have toured the rest.
    const completing = stops.filter((s) => s.path === ROUTES.accountCompleted);
    const tour = stops.filter((s) => s.path !== ROUTES.accountCompleted);
    const visit = async (page: Page, viewport: (typeof VIEWPORTS)[number], stop: TourStop, seen: Set<string>) => {
      await openStop(page, stop);
      for (const v of await axeViolations(page)) problems.push(`${viewport.width} ${stop.route}: ${v}`);
      const started = Date.now();
      for (const d of await checkDialogsOf(page, stop, seen)) {
        dialogs.push(`${viewport.width} ${stop.route}: ${d.opener} (${d.title})`);
        for (const p of d.problems) problems.push(`${viewport.width} ${stop.route}: dialog "${d.title}" from "${d.opener}": ${p}`);
      }
      if (process.env.AXE_TOUR_DEBUG) console.log(viewport.width, stop.route, `${Date.now() - started} ms`);
    };
    // The two sizes tour side by side, each in its own browser context: most of a stop is waiting
    // for the network to go quiet, so the second size costs little more time than the first.
    const pages = await Promise.all(
      VIEWPORTS.map(async (viewport) => {
        const context = await browser.newContext({ baseURL: demoPortal.url, viewport, acceptDownloads: true });
        const page = await context.newPage();
        const seen = new Set<string>();
        await signInAs(page, visitor, SUPERADMIN);
        for (const stop of tour) await visit(page, viewport, stop, seen);
        return { page, viewport, seen };
      }),
    );
    const phone = pages.find((p) => p.viewport.width === VIEWPORTS[1].width);
    if (phone) for (const stop of completing) await visit(phone.page, phone.viewport, stop, phone.seen);
    for (const { page } of pages) await page.context().close();
    // What was found, for a person to read: e2e/artifacts/axe-tour-<visitor>.txt, in a stable order.
    dialogs.sort();
    problems.sort();
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(path.join(ARTIFACTS, `axe-tour-${visitor}.txt`), `${dialogs.length} dialogs\n${dialogs.join('\n')}\n`);
    expect(problems).toEqual([]);
  });
}

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
