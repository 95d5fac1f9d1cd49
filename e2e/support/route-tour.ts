import type { Page, Request } from 'playwright-core';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';

/** Who opens a page: nobody, a new employer (company not set up), the demo employer, a super admin. */
export type Visitor = 'public' | 'newEmployer' | 'employer' | 'superAdmin';

/** The demo data's logins (api/src/demo/companies.ts); the super admin is the portal's own (SUPERADMIN). */
export const DEMO_PASSWORD = 'Commute-Demo-2026';
export const DEMO_LOGINS = {
  newEmployer: 'new.employer@example.com',
  employer: 'employer@greenway.example',
} as const;

/**
 * Who opens each route of the portal, by its key in ROUTES. A route of ROUTES missing here stops the
 * tour with its name, so none is left out.
 */
const VISITOR_OF: Record<string, Visitor> = {
  login: 'public',
  signup: 'public',
  forgotPassword: 'public',
  resetPassword: 'public',
  unsubscribe: 'public',
  setupAccount: 'public',
  downloadLinks: 'public',
  setupCompany: 'newEmployer',
  setupIncentives: 'newEmployer',
  setupEmployees: 'newEmployer',
  addManually: 'newEmployer',
  // Opening it completes a setup, so it comes last in the new employer's tour (below).
  accountCompleted: 'newEmployer',
  mainPage: 'employer',
  companySettings: 'employer',
  companySettingsDetails: 'employer',
  companySettingsIncentives: 'employer',
  payment: 'employer',
  employeeManagement: 'employer',
  userManagement: 'employer',
  loginDetails: 'employer',
  companySettingsAuditLog: 'employer',
  superAdmin: 'superAdmin',
  allUsers: 'superAdmin',
  pendingDrivers: 'superAdmin',
  approvedDrivers: 'superAdmin',
  drivers: 'superAdmin',
  admins: 'superAdmin',
  superAdminProfile: 'superAdmin',
  superAdminAuditLog: 'superAdmin',
  superAdminMail: 'superAdmin',
  superAdminReleases: 'superAdmin',
  superAdminSettings: 'superAdmin',
};

/** The query a page needs to show its content, or the tabs it has in the address. */
const VARIANTS: Record<string, { name: string; query: string }[]> = {
  resetPassword: [{ name: 'reset-password', query: '?email=someone%40example.test&token=abc' }],
  unsubscribe: [{ name: 'unsubscribe', query: '?token=abc' }],
  setupAccount: [{ name: 'setup-account', query: '?employer_id=00000000-0000-4000-8000-000000000000' }],
  employeeManagement: [
    { name: 'employee-management', query: '' },
    { name: 'employee-management-participation', query: '?tab=participation' },
    { name: 'employee-management-journey-groups', query: '?tab=journey-groups' },
    { name: 'employee-management-pending-requests', query: '?tab=pending-requests' },
  ],
};

/**
 * Routes that draw the same page, the second showing the first's default tab: Company Settings
 * opens on Company Details, All Drivers on Approved. The same page opened right after itself keeps
 * every node, so nothing drawn anew tells that it was drawn, and `goToStop` opens it as a fresh load.
 */
const SAME_PAGE: readonly (readonly [string, string])[] = [
  [ROUTES.companySettings, ROUTES.companySettingsDetails],
  [ROUTES.approvedDrivers, ROUTES.drivers],
];

export interface TourStop {
  visitor: Visitor;
  /** A file-name-safe name of the page. */
  name: string;
  /** The hash route, query included. */
  route: string;
  /** The route's path in ROUTES. */
  path: string;
}

const slug = (path: string) => path.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'login';

/** Every page of the portal, grouped by visitor in this order, with the 404 page among the public ones. */
export function routeTour(): TourStop[] {
  const stops: TourStop[] = [];
  for (const [key, path] of Object.entries(ROUTES)) {
    if (typeof path !== 'string') continue;
    const visitor = VISITOR_OF[key];
    if (!visitor) throw new Error(`ROUTES.${key} (${path}) is not in the route tour: say who opens it in e2e/support/route-tour.ts`);
    const variants = VARIANTS[key] ?? [{ name: slug(path), query: '' }];
    for (const v of variants) stops.push({ visitor, name: v.name, route: `${path}${v.query}`, path });
  }
  stops.push({ visitor: 'public', name: 'not-found', route: '/no-such-page', path: '/no-such-page' });
  const order: Visitor[] = ['public', 'newEmployer', 'employer', 'superAdmin'];
  const last = (s: TourStop) => (s.path === ROUTES.accountCompleted ? 1 : 0);
  stops.sort((a, b) => order.indexOf(a.visitor) - order.indexOf(b.visitor) || last(a) - last(b));
  // Two routes that draw the same page are not toured one right after the other: the second goes a
  // stop later.
  for (let i = 1; i + 1 < stops.length; i += 1) {
    const [before, stop, next] = [stops[i - 1]!, stops[i]!, stops[i + 1]!];
    const same = SAME_PAGE.some(([a, b]) => (before.path === a && stop.path === b) || (before.path === b && stop.path === a));
    if (same && next.visitor === stop.visitor && next.path !== ROUTES.accountCompleted) [stops[i], stops[i + 1]] = [next, stop];
  }
  return stops;
}

export const VISITORS: readonly Visitor[] = ['public', 'newEmployer', 'employer', 'superAdmin'];

/**
 * Signs `visitor` in through the login page (the public visitor stays signed out), in a context whose
 * `baseURL` is the portal's; waits up to `timeout` for the page that follows.
 */
export async function signInAs(page: Page, visitor: Visitor, superAdmin: { email: string; password: string }, timeout = 20_000): Promise<void> {
  if (visitor === 'public') return;
  const login =
    visitor === 'superAdmin' ? superAdmin : { email: DEMO_LOGINS[visitor], password: DEMO_PASSWORD };
  await page.goto(`/#${ROUTES.login}`);
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(login.email);
  await page.getByLabel(MESSAGES.fields.password, { exact: true }).fill(login.password);
  // The login page is marked as left (see goToStop): the page the sign-in lands on counts as drawn
  // once a `main` of its own is there, so a tour can start on it without loading it again.
  await markLeft(page);
  await page.getByRole('button', { name: MESSAGES.login.button, exact: true }).click();
  await page.waitForURL((url) => !/#\/?$/.test(url.hash) && url.hash !== '', { timeout });
}

/**
 * Marks what `main` holds as left, so that a page drawn in its place is told apart, and the document
 * as one the portal is about to navigate (see goToStop).
 */
async function markLeft(page: Page): Promise<void> {
  await page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return;
    for (const el of main.querySelectorAll('*')) el.setAttribute('data-tour-left', '');
    main.setAttribute('data-tour-left', '');
    document.documentElement.setAttribute('data-tour-left', '');
  });
}

/** Per page, for AXE_TOUR_DEBUG: how many stops were opened, in how many ms, of which ms to the load event. */
export const openStats = new WeakMap<Page, { count: number; ms: number; loadMs: number; inApp: number }>();
const statsOf = (page: Page) => openStats.get(page) ?? openStats.set(page, { count: 0, ms: 0, loadMs: 0, inApp: 0 }).get(page)!;

/** The page's requests still in flight, per page (see `settled`). */
const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts counting the page's requests in flight, once; `settled` needs it before the page loads. */
export function trackRequests(page: Page): Set<Request> {
  let pending = inFlight.get(page);
  if (pending) return pending;
  const open = new Set<Request>();
  pending = open;
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  // A request a navigation cuts short fails (net::ERR_ABORTED), so it leaves the set too.
  page.on('requestfailed', (r) => open.delete(r));
  return open;
}

/** A beat with nothing in flight: long enough for a query or a lazy chunk that a finished one starts. */
const QUIET_MS = 150;
/**
 * Whether the page shows that it is still loading: a region marked busy (a LoadState's skeleton, a
 * list refreshing), or a loading animation running (the spinner of a page, a remote or a button and
 * the skeleton's pulse are the portal's only endless animations).
 */
function showsLoading(): boolean {
  if (document.querySelector('[aria-busy="true"]')) return true;
  return document.getAnimations().some((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return a.playState === 'running' && a.effect?.getTiming().iterations === Infinity && target instanceof Element && target.getBoundingClientRect().width > 0;
  });
}

/**
 * Waits until the page has what it asked for: every request it made to the portal (its code, the
 * remotes' chunks, the api's answers) has come back and none has started for QUIET_MS, its layout or
 * page is drawn (a `main`), and nothing on it says it is still loading (see showsLoading). What the page
 * itself signals, instead of the browser's "no connection for 500 ms" twice. Gives up quietly after
 * `timeout`, as the network-idle wait did (a page that keeps loading is then checked as it is).
 */
export async function settled(page: Page, timeout = 15_000): Promise<void> {
  const pending = trackRequests(page);
  const deadline = Date.now() + timeout;
  let quietSince = pending.size === 0 ? Date.now() : 0;
  while (Date.now() < deadline) {
    if (pending.size > 0) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) {
      const drawn = await page
        .evaluate(`document.querySelector('main') !== null && !(${showsLoading.toString()})()`)
        .catch(() => false);
      // Nothing in flight and nothing drawn as loading after it: settled.
      if (drawn && pending.size === 0) return;
      quietSince = 0;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Opens a stop of the tour as a fresh load and waits until its data has arrived. */
export async function openStop(page: Page, stop: TourStop): Promise<void> {
  const stats = statsOf(page);
  const began = Date.now();
  trackRequests(page);
  await page.goto('about:blank');
  await page.goto(`/#${stop.route}`, { waitUntil: 'load' });
  stats.loadMs += Date.now() - began;
  await settled(page);
  stats.count += 1;
  stats.ms += Date.now() - began;
}

/**
 * Opens a stop through the portal's own navigation (the address's hash, as the portal's links do)
 * when the page is already on the portal with nothing open over it, else as a fresh load (`openStop`).
 * The hash router draws the same page for the same address either way, with the same session; the
 * page is scrolled to its top, as a load leaves it. It counts as drawn once something new is in
 * `main` (what was there is marked before leaving), then waits as `openStop` does. A page already at
 * the stop's address that the portal navigated to (the page a sign-in lands on: `signInAs` marked the
 * login page) is taken as it is once a `main` of its own is drawn, then waits the same way.
 */
export async function goToStop(page: Page, stop: TourStop): Promise<void> {
  const route = `#${stop.route}`;
  const left = await page
    .evaluate((hash) => {
      if (!location.protocol.startsWith('http')) return false;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return false;
      // Already there: only a page the portal is drawing in place of a marked one (its layout may
      // have no `main` yet: the wait below is for a `main` of its own).
      if (location.hash === hash) return document.documentElement.hasAttribute('data-tour-left') ? 'here' : false;
      const main = document.querySelector('main');
      if (!main) return false;
      for (const el of main.querySelectorAll('*')) el.setAttribute('data-tour-left', '');
      main.setAttribute('data-tour-left', '');
      location.hash = hash;
      return 'left';
    }, route)
    .catch(() => false);
  if (!left) return openStop(page, stop);
  const stats = statsOf(page);
  const began = Date.now();
  trackRequests(page);
  const drawn = await page
    .waitForFunction(
      (here) => {
        const main = document.querySelector('main');
        if (!main) return false;
        if (!main.hasAttribute('data-tour-left')) return true;
        // The page left may still draw in its own `main` (a login button's spinner): not the new page.
        if (here) return false;
        return [...main.querySelectorAll('*')].some((el) => !el.hasAttribute('data-tour-left'));
      },
      left === 'here',
      { timeout: 3_000 },
    )
    .then(() => true, () => false);
  // Nothing drawn anew (a page of the same layout that keeps every node, or one slow to start): a
  // fresh load, as every stop had before.
  if (!drawn) return openStop(page, stop);
  await settled(page);
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-tour-left]')) el.removeAttribute('data-tour-left');
    window.scrollTo(0, 0);
  });
  stats.count += 1;
  stats.inApp += 1;
  stats.ms += Date.now() - began;
}
