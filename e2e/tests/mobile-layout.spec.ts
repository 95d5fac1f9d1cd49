import { expect, test, type Page } from '../support/test';
import { MESSAGES, PAGE_TITLES, pageTitle, ROUTES } from '@portal/shared-contracts';
import { hash, SUPERADMIN } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { goToStop, routeTour, signInAs, VISITORS, type Visitor } from '../support/route-tour';

// Every page of every area on a phone, with the api's demo data so that the lists have rows (and
// their rows have actions): a portal of its own, as the billing journeys have.
const PHONE = { width: 390, height: 844 };

/** The link every copy of an area's navigation has: two visible navigations holding it are one too many. */
const HOME_LINK: Partial<Record<Visitor, string>> = {
  employer: MESSAGES.labels.employerNav[0],
  superAdmin: MESSAGES.labels.superAdminNav[0],
};

let portal: RunningPortal;

// Each journey signs in on its worker's demo portal and only opens pages: the two workers share the file.
test.describe.configure({ mode: 'parallel' });

// The run's one portal with the demo data (support/test.ts), shared with the other journeys that need it.
test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});

/**
 * What keeps the open page from fitting the phone: a page wider than the screen, an area's
 * navigation shown other than once, a nav link or a table row's control that is off the screen and
 * not inside a container of its own that scrolls to it.
 */
async function layoutProblems(page: Page, homeLink: string | undefined): Promise<string[]> {
  return page.evaluate(
    ({ width, homeLink }) => {
      const problems: string[] = [];
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const inScreen = (r: DOMRect) => r.left >= -0.5 && r.right <= width + 0.5;
      /** On the screen, or inside a container that fits the screen and scrolls sideways to it. */
      const reachable = (el: Element) => {
        if (inScreen(el.getBoundingClientRect())) return true;
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
          const overflow = getComputedStyle(a).overflowX;
          if ((overflow === 'auto' || overflow === 'scroll') && a.scrollWidth > a.clientWidth) return inScreen(a.getBoundingClientRect());
        }
        return false;
      };
      /** Cut off on purpose by a container on the screen (an ellipsis, say). */
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
          const overflow = getComputedStyle(a).overflowX;
          if ((overflow === 'hidden' || overflow === 'clip') && inScreen(a.getBoundingClientRect())) return true;
        }
        return false;
      };
      const describe = (el: Element) => `"${(el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40)}"`;

      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide`);

      // Content a wider page would have shown: the page may not scroll, but it is still out of sight.
      const outside = [...document.querySelectorAll('body *')].filter(
        (el) => el.getBoundingClientRect().right > width + 0.5 && visible(el) && !reachable(el) && !clipped(el),
      );
      const outermost = outside.filter((el) => !outside.includes(el.parentElement!));
      for (const el of outermost.slice(0, 3)) problems.push(`${el.tagName.toLowerCase()} ${describe(el)} sticks out of the screen`);

      if (homeLink) {
        const navs = [...document.querySelectorAll('nav')].filter(
          (nav) => visible(nav) && [...nav.querySelectorAll('a')].some((a) => a.textContent?.trim() === homeLink),
        );
        if (navs.length !== 1) problems.push(`the navigation is shown ${navs.length} times`);
        for (const link of navs.flatMap((nav) => [...nav.querySelectorAll('a')])) {
          if (!reachable(link)) problems.push(`nav link ${describe(link)} is off the screen`);
        }
      }

      for (const row of document.querySelectorAll('tbody tr')) {
        if (!visible(row)) continue;
        for (const control of row.querySelectorAll('button, a[href], input, select')) {
          if (visible(control) && !reachable(control)) problems.push(`${describe(control)} of a table row is off the screen`);
        }
      }
      return problems;
    },
    { width: PHONE.width, homeLink },
  );
}

for (const visitor of VISITORS) {
  test(`every page the ${visitor} visitor opens fits a 390 px phone`, async ({ browser, consoleGuard }) => {
    test.setTimeout(180_000);
    // The tour opens the employee sign-up page with a company id that matches none, on purpose.
    consoleGuard.expectStatus(404, '/api/employers/00000000-0000-4000-8000-000000000000');
    const context = await browser.newContext({ baseURL: portal.url, viewport: PHONE });
    const page = await context.newPage();
    await signInAs(page, visitor, SUPERADMIN);
    const problems: string[] = [];
    const stops = routeTour().filter((s) => s.visitor === visitor);
    for (const stop of stops) {
      // Through the portal's own navigation once on it, as the accessibility tour opens its stops
      // (a fresh load where nothing is drawn anew): the same page at the same address.
      await goToStop(page, stop);
      // A phone shows an area's navigation behind its Menu button.
      const menu = page.getByRole('button', { name: MESSAGES.shell.menu, exact: true });
      if (HOME_LINK[visitor]) {
        await expect(menu, `${stop.route}: the Menu button`).toBeVisible();
        await menu.click();
        await expect(menu, `${stop.route}: the Menu open`).toHaveAttribute('aria-expanded', 'true');
      }
      for (const problem of await layoutProblems(page, HOME_LINK[visitor])) problems.push(`${stop.route}: ${problem}`);
      // Closed again before the next stop: a visit that changes only the query keeps it open.
      if (HOME_LINK[visitor]) {
        await menu.click();
        await expect(menu, `${stop.route}: the Menu closed`).toHaveAttribute('aria-expanded', 'false');
      }
    }
    expect(problems, `on ${stops.map((s) => s.route).join(', ')}`).toEqual([]);
    await context.close();
  });
}

test('the page title names the page the nav opens', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: portal.url, viewport: PHONE });
  const page = await context.newPage();
  await signInAs(page, 'employer', SUPERADMIN);
  await expect(page).toHaveTitle(pageTitle(PAGE_TITLES.dashboard));
  await page.getByRole('button', { name: MESSAGES.shell.menu, exact: true }).click();
  await page.getByRole('navigation', { name: MESSAGES.shell.employerNav }).getByRole('link', { name: MESSAGES.labels.employerNav[2] }).click();
  await expect(page).toHaveURL(new RegExp(`${hash(ROUTES.employeeManagement)}`));
  await expect(page).toHaveTitle(`Employee Management · ${MESSAGES.product.name}`);
  await context.close();
});
