import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { CSRF_HEADER, MESSAGES, REMOTE_IDS, REMOTES, ROUTES, type RemoteId } from '@portal/shared-contracts';
import { REPO_ROOT, SUPERADMIN } from './portal-process';

export { SUPERADMIN } from './portal-process';

export function portalUrl(): string {
  const url = process.env.PORTAL_URL;
  if (!url) throw new Error('PORTAL_URL is not set: the journeys run through playwright.config.ts');
  return url;
}

let counter = 0;
/** A fresh address per journey: the database persists across the run. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** A hash route of the portal, e.g. hash(ROUTES.loginDetails) -> "/#/login-details". */
export function hash(route: string): string {
  return `/#${route}`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Resolves when the page shows the given hash route (ignoring the query). */
export async function expectRoute(page: Page, route: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`#${escapeRegExp(route)}(?:[?].*)?$`));
}

/**
 * Resolves once a list's search box has applied `text`. A box of a list searched by the api rests
 * 300 ms before its text applies; until then the unfiltered list is on screen, and a check made in
 * that gap could pass on it, or meet it dimmed half-way through the search's fetch. The list writes
 * the search into the address (`key`: `search`, or its own prefix's, e.g. `pending.search`) in the
 * render that starts that fetch, and shows the previous answer dimmed and busy until it has the new
 * one: both are waited for, so what is read next is the search's answer, drawn.
 */
export async function expectSearchApplied(page: Page, text: string, key = 'search'): Promise<void> {
  await expect(page, `the address carries ${key}=${text.trim()}`).toHaveURL((url) => new URLSearchParams(url.hash.split('?')[1] ?? '').get(key) === text.trim());
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

export async function expectLoginPage(page: Page): Promise<void> {
  // "/" shown as "/#" or "/#/" by the hash router
  await expect(page).toHaveURL(/^[^#]*\/(#\/?)?$/);
  await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(email);
  await page.getByLabel(MESSAGES.fields.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: MESSAGES.login.button, exact: true }).click();
}

export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto(hash(ROUTES.login));
  await fillLogin(page, email, password);
}

/** Signs up a new employer through the Signup page (all three agreements ticked). */
export async function signUpEmployer(page: Page, name: string, email: string, password: string): Promise<void> {
  await page.goto(hash(ROUTES.signup));
  await page.getByLabel(MESSAGES.fields.name, { exact: true }).fill(name);
  await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(email);
  await page.getByLabel(MESSAGES.fields.password, { exact: true }).fill(password);
  await page.getByLabel(MESSAGES.fields.confirmPassword, { exact: true }).fill(password);
  const agreements = page.getByRole('checkbox');
  await expect(agreements).toHaveCount(3);
  for (const box of await agreements.all()) await box.check();
  await page.locator('form button[type="submit"]').click();
}

/**
 * Log Out, confirming the spec's question: from the profile menu in the employer area, from the
 * header's own Log Out on the setup steps (which have no profile menu).
 */
export async function logOutViaProfileMenu(page: Page, userName: string): Promise<void> {
  const banner = page.getByRole('banner');
  // The profile menu's trigger is named after the signed-in user ("My profile: <name>" or the name).
  const profile = banner.getByRole('button', { name: new RegExp(escapeRegExp(userName)) });
  const setupLogOut = banner.getByRole('button', { name: MESSAGES.labels.logOut, exact: true });
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  const question = dialog.getByText(MESSAGES.session.confirmLogout);
  // Leaving a setup step swaps its header for the employer layout's: a Log Out found in the old one
  // can leave the page before it is clicked, so the choice is made again until the question shows.
  await expect(async () => {
    // An earlier attempt's click may have opened the question after that attempt gave up waiting (a
    // loaded machine): the open question hides the header from the accessibility tree.
    if (await question.isVisible()) return;
    await expect(profile.or(setupLogOut).first()).toBeVisible({ timeout: 2_000 });
    if (await profile.isVisible()) {
      const menuItem = page.getByRole('menuitem', { name: MESSAGES.labels.logOut });
      if (!(await menuItem.isVisible())) await profile.click({ timeout: 2_000 });
      await menuItem.click({ timeout: 2_000 });
    } else {
      await setupLogOut.click({ timeout: 2_000 });
    }
    await expect(question).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dialog.getByRole('button', { name: MESSAGES.labels.logout, exact: true }).click();
}

/** Creates an employer account through the api, leaving the page signed out. */
export async function apiRegisterEmployer(request: APIRequestContext, userName: string, email: string, password: string): Promise<void> {
  const res = await request.post('/api/accounts/register', {
    data: { email, password, userName, role: 'Employer' },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The api's own answer to a login, for journeys that act from a second client. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/accounts/login', {
    data: { email, password },
    headers: { [CSRF_HEADER]: '1' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * The back office verifies an employee's driving licence and vehicle (both approved by the super
 * admin, a follow-up in 180 days), for journeys whose driver must record counted trips.
 */
export async function apiVerifyDriver(url: string, driverId: string): Promise<void> {
  const backOffice = await playwrightRequest.newContext({ baseURL: url });
  try {
    const root = await apiLogin(backOffice, SUPERADMIN.email, SUPERADMIN.password);
    for (const path of ['/api/drivers/approve', '/api/vehicles/approve']) {
      const verified = await backOffice.post(path, {
        data: { employeeIds: [driverId], notes: 'Checked', followUpDate: new Date(Date.now() + 180 * 86_400_000).toISOString() },
        headers: { authorization: `Bearer ${root}` },
      });
      expect(verified.ok(), `${path}: ${await verified.text()}`).toBe(true);
    }
  } finally {
    await backOffice.dispose();
  }
}

/**
 * Sets up the company of a registered employer through the api, the three steps in order and the
 * completion (sign-up state 3), as the setup pages do: for journeys that start after setup. Answers
 * the company's id. A page signed in before must sign in again to see the new state.
 */
export async function apiSetUpCompany(request: APIRequestContext, email: string, password: string, companyName: string): Promise<string> {
  const headers = { authorization: `Bearer ${await apiLogin(request, email, password)}`, [CSRF_HEADER]: '1' };
  const created = await request.post('/api/employers', { headers, data: { name: companyName, email: 'office@company.example', phoneNumber: '020 7946 0958', countryCode: 'GB' } });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const steps = [
    () => request.post(`/api/employers/${id}/location`, { headers, data: { addressLine1: '10 Station Road', town: 'York', postalCode: 'YO1 6HT' } }),
    () =>
      request.post(`/api/incentives/employers/${id}/incentive`, {
        headers,
        data: { generalRewardDescription: 'Breakfast', numberOfMiles: 120, numberOfMilesRewards: 'A rail voucher', numberOfTrips: 15, numberOfTripsRewards: 'A half day off' },
      }),
    () => request.post(`/api/employers/${id}/complete-setup`, { headers }),
  ];
  // In order: each step needs the state the previous one reached.
  for (const step of steps) {
    const res = await step();
    expect(res.ok(), await res.text()).toBe(true);
  }
  return id;
}

/**
 * A new employer whose company's setup is complete (registered and set up through the api), signed in
 * through the login page: it lands on the dashboard. For journeys about the employer area, which an
 * employer still in setup is sent away from.
 */
export async function signInReadyEmployer(page: Page, request: APIRequestContext, name: string, email: string, password: string): Promise<string> {
  await apiRegisterEmployer(request, name, email, password);
  const companyId = await apiSetUpCompany(request, email, password, `${name} Ltd`);
  await login(page, email, password);
  await expectRoute(page, ROUTES.mainPage);
  return companyId;
}

const RESET_LINK = (email: string) =>
  new RegExp(`^https?://[^\\s"'<>\\\\]+/#${ROUTES.resetPassword}\\?email=${escapeRegExp(encodeURIComponent(email))}&token=[A-Za-z0-9_-]+$`);

/** One mail of the api's development outbox (`GET /api/dev/outbox`), newest first. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  link: string | null;
  createdAt: string;
}

let outboxClient: Promise<APIRequestContext> | undefined;

/**
 * A client signed in as the portal's super admin, its own (so a journey's session cookies are never
 * touched): the development outbox shows every mail, reset links included, to super admins only.
 */
function superAdminClient(): Promise<APIRequestContext> {
  outboxClient ??= (async () => {
    const anonymous = await playwrightRequest.newContext({ baseURL: portalUrl() });
    try {
      const token = await apiLogin(anonymous, SUPERADMIN.email, SUPERADMIN.password);
      return await playwrightRequest.newContext({ baseURL: portalUrl(), extraHTTPHeaders: { authorization: `Bearer ${token}` } });
    } finally {
      await anonymous.dispose();
    }
  })();
  return outboxClient;
}

/** The mails the api kept for `to` (no SMTP server in the run: EXPOSE_OUTBOX=1), newest first. */
export async function readOutbox(query: { to: string; kind?: string }): Promise<OutboxMail[]> {
  const params = new URLSearchParams({ to: query.to, ...(query.kind ? { kind: query.kind } : {}) });
  for (let attempt = 0; ; attempt++) {
    const res = await (await superAdminClient()).get(`/api/dev/outbox?${params}`);
    // A session that ended (idle timeout) is replaced once; any other refusal is a broken run.
    if (res.status() === 401 && attempt === 0) {
      outboxClient = undefined;
      continue;
    }
    expect(res.status(), `GET /api/dev/outbox: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { items: OutboxMail[] }).items;
  }
}

/**
 * The newest reset (or invitation) link mailed to `email`, read from the outbox as the super admin;
 * `_request` is the caller's client, left as it is. The api's log never holds a whole link.
 */
export async function readResetLink(_request: APIRequestContext, email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = RESET_LINK(email);
  while (Date.now() < deadline) {
    const link = (await readOutbox({ to: email })).map((m) => m.link).find((l): l is string => l !== null && pattern.test(l));
    if (link) return link;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no reset link for ${email} in the outbox`);
}

/** The remotes this repository has (an mfe-* folder with its package.json), written or not yet. */
function repositoryRemotes(): RemoteId[] {
  return REMOTE_IDS.filter((id) => existsSync(path.join(REPO_ROOT, id, 'package.json')));
}

/**
 * The remotes /release.json releases, so a journey can expect a page or its "unavailable" panel.
 * `pnpm build` builds every remote of the repository and the global setup releases every build, so a
 * remote of the repository missing here fails the journey: it is a broken run, not a reason to check less.
 */
export async function releasedRemotes(request: APIRequestContext): Promise<Set<RemoteId>> {
  const res = await request.get('/release.json');
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as { remotes: Partial<Record<RemoteId, unknown>> };
  const released = new Set(Object.keys(manifest.remotes) as RemoteId[]);
  const unreleased = repositoryRemotes().filter((id) => !released.has(id));
  expect(unreleased, 'remotes of the repository missing from /release.json: run "pnpm build" before the journeys').toEqual([]);
  return released;
}

/**
 * Serves this page a /release.json without `remote`, as a portal that never released it would:
 * the shell then treats the remote as not released, whatever the run built.
 */
export async function withholdRelease(page: Page, remote: RemoteId): Promise<void> {
  await page.route('**/release.json', async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as { remotes: Partial<Record<RemoteId, unknown>> };
    delete manifest.remotes[remote];
    await route.fulfill({ response, json: manifest });
  });
}

/** A route drawn by `remote`: its page when released, otherwise the note that it is not released yet. */
export async function expectRemoteOrUnavailable(page: Page, released: Set<RemoteId>, remote: RemoteId): Promise<void> {
  if (released.has(remote)) {
    await expect(page.locator('main, #root').first()).toBeVisible();
    await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES[remote].feature))).toHaveCount(0);
  } else {
    await expect(page.getByText(MESSAGES.shell.featureNotReleased(REMOTES[remote].feature))).toBeVisible();
  }
}
