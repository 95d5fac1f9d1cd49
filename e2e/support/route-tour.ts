import type { Page } from 'playwright-core';
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
  return stops.sort((a, b) => order.indexOf(a.visitor) - order.indexOf(b.visitor) || last(a) - last(b));
}

export const VISITORS: readonly Visitor[] = ['public', 'newEmployer', 'employer', 'superAdmin'];

/** Signs `visitor` in through the login page (the public visitor stays signed out). */
export async function signInAs(page: Page, visitor: Visitor, superAdmin: { email: string; password: string }): Promise<void> {
  if (visitor === 'public') return;
  const login =
    visitor === 'superAdmin' ? superAdmin : { email: DEMO_LOGINS[visitor], password: DEMO_PASSWORD };
  await page.goto(`/#${ROUTES.login}`);
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(login.email);
  await page.getByLabel(MESSAGES.fields.password, { exact: true }).fill(login.password);
  await page.getByRole('button', { name: MESSAGES.login.button, exact: true }).click();
  await page.waitForURL((url) => !/#\/?$/.test(url.hash) && url.hash !== '', { timeout: 20_000 });
}

/** Opens a stop of the tour as a fresh load and waits until its data has arrived. */
export async function openStop(page: Page, stop: TourStop): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`/#${stop.route}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Lazy chunks and queries that start after the first idle moment.
  await page.waitForTimeout(300);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}
