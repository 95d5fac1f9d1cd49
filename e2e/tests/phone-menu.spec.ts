import { expect, test, type Browser, type Page } from '../support/test';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { expectRoute, SUPERADMIN } from '../support/portal';
import type { RunningPortal } from '../support/portal-process';
import { signInAs, trackRequests, type Visitor } from '../support/route-tour';

// The phone's Menu pressed while the page just chosen is still loading: the menu opened then stays
// open when that page arrives, on a slow phone (CPU four times slower) as on a fast one.

const PHONE = { width: 390, height: 844 };

let portal: RunningPortal;

test.describe.configure({ mode: 'parallel' });
// Four times slower on a machine shared by two workers: a click is done once the page's main thread
// takes it, which can outlast the default 10 s while the first page is drawn (a clean-clone run saw
// the Menu open in the screenshot, its click not yet returned). The checks are unchanged.
test.use({ actionTimeout: 30_000 });
test.setTimeout(120_000);

test.beforeAll(async ({ demoPortal }) => {
  portal = demoPortal;
});

/**
 * A phone-sized tab; `signIn` signs `visitor` in and makes its CPU four times slower from the moment
 * the address leaves the login page, while the first page after it is fetched and drawn.
 */
async function slowPhone(browser: Browser, visitor: Visitor) {
  const context = await browser.newContext({ baseURL: portal.url, viewport: PHONE });
  const page = await context.newPage();
  trackRequests(page);
  const cdp = await context.newCDPSession(page);
  const signIn = async () => {
    await signInAs(page, visitor, SUPERADMIN, 40_000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  };
  return { context, page, signIn };
}

/** Holds every file of `remote` requested from now until `release()`. */
async function holdRemote(page: Page, remote: string) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/remotes/${remote}/**`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Chooses `first` in the Menu, presses Menu again while that page's code is held (its address is
 * already shown), then lets the page arrive: the menu stays open, and `next` in it leads on.
 */
async function menuWhileLoading(page: Page, remote: string, navName: string, first: readonly [string, string], next: readonly [string, string], release: () => void) {
  const menu = page.getByRole('button', { name: MESSAGES.shell.menu, exact: true });
  const nav = page.getByRole('navigation', { name: navName });
  await menu.click();
  await nav.getByRole('link', { name: first[0], exact: true }).click();
  await expectRoute(page, first[1]);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  release();
  // The page chosen arrives (its module's marker) under the open menu.
  await expect(page.locator(`main [data-remote="${remote}"]`).first()).toBeVisible({ timeout: 20_000 });
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: next[0], exact: true })).toBeVisible({ timeout: 10_000 });
  await nav.getByRole('link', { name: next[0], exact: true }).click();
  await expectRoute(page, next[1]);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

test('on a slow phone the employer’s Menu, pressed while Billing loads, stays open and leads to the Audit Log', async ({ browser }) => {
  const { context, page, signIn } = await slowPhone(browser, 'employer');
  // Billing's code (and the trial's line, of the same remote) is held from the start, so that the
  // page is still loading when Menu is pressed, whatever the machine's speed.
  const release = await holdRemote(page, 'mfe-billing');
  await signIn();
  await expect(page.getByRole('button', { name: MESSAGES.shell.menu, exact: true })).toBeVisible();
  await menuWhileLoading(page, 'mfe-billing', MESSAGES.shell.employerNav, [MESSAGES.billing.menuEntry, ROUTES.payment], [MESSAGES.audit.title, ROUTES.companySettingsAuditLog], release);
  await context.close();
});

test('on a slow phone the back office’s Menu, pressed while the Audit Log loads, stays open and leads to Failed Mail', async ({ browser }) => {
  const { context, page, signIn } = await slowPhone(browser, 'superAdmin');
  await signIn();
  await expect(page.getByRole('button', { name: MESSAGES.shell.menu, exact: true })).toBeVisible();
  // The audit log's and failed mail's remote, held from here on (what it has already sent stays).
  const release = await holdRemote(page, 'mfe-auth');
  await menuWhileLoading(page, 'mfe-auth', MESSAGES.shell.backOfficeNav, [MESSAGES.audit.title, ROUTES.superAdminAuditLog], [MESSAGES.mail.title, ROUTES.superAdminMail], release);
  await context.close();
});
