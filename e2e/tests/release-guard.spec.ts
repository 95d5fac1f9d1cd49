import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { MESSAGES, REMOTES, ROUTES, type ReleaseManifest } from '@portal/shared-contracts';
import { expectRoute, hash, login } from '../support/portal';
import { REPO_ROOT, startPortal, SUPERADMIN, type RunningPortal } from '../support/portal-process';
import { expect, test, type ConsoleGuard } from '../support/test';

/**
 * A guarded canary of mfe-auth whose login page throws while rendering, for half of the audience.
 * Anonymous browsers (each its own device id, so its own canary bucket) load the login page; the
 * shell's telemetry reports the canary's render errors; the portal's guard, checking every 5 s here
 * (RELEASE_GUARD_INTERVAL_MS; 60 s by default), aborts the canary: share 0, those users get stable
 * on their next load, and `pnpm release status` says why.
 */

// A portal of its own (the guard's interval is short, and a canary here must not reach other journeys).
test.setTimeout(300_000);
test.describe.configure({ mode: 'serial' });

// E2E_RELEASE_GUARD_INTERVAL_MS=60000 measures the default interval.
const GUARD_INTERVAL_MS = Number(process.env.E2E_RELEASE_GUARD_INTERVAL_MS ?? 5_000);
const MIN_VIEWS = 8;
const THROWS = 'Release guard check: this canary throws while rendering';

let portal: RunningPortal;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startPortal({ RELEASE_GUARD_INTERVAL_MS: String(GUARD_INTERVAL_MS) });
});
test.afterAll(async () => {
  await portal?.stop();
});

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `pnpm release <args>` as the operator runs it beside the portal: the same DATA_DIR (its store and its figures). */
function releaseCli(...args: string[]): CliRun {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: portal.dataDir, RELEASE_ACTOR: 'e2e-guard' };
  for (const key of ['DATABASE_URL', 'RELEASE_STORE', 'RELEASE_STORE_URL']) delete env[key];
  const res = spawnSync('pnpm', ['--silent', 'release', ...args], { cwd: REPO_ROOT, encoding: 'utf8', env, timeout: 120_000 });
  const run = { code: res.status ?? 1, stdout: res.stdout, stderr: res.stderr };
  expect(run.code, `pnpm release ${args.join(' ')}\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

async function manifest(): Promise<ReleaseManifest> {
  return (await (await fetch(`${portal.url}/release.json`, { cache: 'no-store' })).json()) as ReleaseManifest;
}

/**
 * The stable build of mfe-auth with one change: the login page's module exports a component that
 * throws. Everything else (container, shared modules, other pages) is the stable build's.
 */
async function throwingBuild(stableDir: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-throwing-'));
  await cp(stableDir, dir, { recursive: true });
  const files = await readdir(dir);
  const chunk = files.find((f) => /^__federation_expose_LoginPage\.[0-9a-f]+\.js$/.test(f));
  if (!chunk) throw new Error(`no login page chunk in ${stableDir}`);
  const code = await readFile(path.join(dir, chunk), 'utf8');
  const exported = /\{default:\(\)=>[A-Za-z_$][\w$]*\}/;
  expect(code, 'the login page module exports its component as default').toMatch(exported);
  await writeFile(path.join(dir, chunk), code.replace(exported, `{default:()=>function(){throw new Error(${JSON.stringify(THROWS)})}}`));
  // Its precompressed copies would still hold the working page.
  await Promise.all([rm(path.join(dir, `${chunk}.br`), { force: true }), rm(path.join(dir, `${chunk}.gz`), { force: true })]);
  return dir;
}

interface View {
  page: Page;
  reason: string;
  version: string;
}

/** A new anonymous browser (its own device id) that opens the login page. */
async function anonymousView(browser: Browser): Promise<View> {
  const context = await browser.newContext({ baseURL: portal.url });
  // What the shell's telemetry costs: each batch it hands to sendBeacon (or fetch) for /api/telemetry,
  // counted in the page into its localStorage as it is sent (intercepting would delay a beacon sent as
  // the page goes away, and the DevTools network log does not list those); read after leaving.
  await context.addInitScript(() => {
    const count = (url: unknown, size: number) => {
      if (!String(url).includes('/api/telemetry')) return;
      const seen = JSON.parse(localStorage.getItem('e2e-telemetry-sent') ?? '{"requests":0,"bytes":0}') as { requests: number; bytes: number };
      localStorage.setItem('e2e-telemetry-sent', JSON.stringify({ requests: seen.requests + 1, bytes: seen.bytes + size }));
    };
    const sizeOf = (body: unknown) => (body instanceof Blob ? body.size : typeof body === 'string' ? new Blob([body]).size : 0);
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      count(url, sizeOf(data));
      return beacon(url, data);
    };
    const originalFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      count(input instanceof Request ? input.url : input, sizeOf(init?.body));
      return originalFetch(input, init);
    };
  });
  const page = await context.newPage();
  await page.goto(hash(ROUTES.login));
  // Stable renders the form; the canary throws, and the page falls back to stable, which renders it.
  await expect(page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-auth'].feature))).toHaveCount(0);
  const choice = await page.evaluate(
    () => (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { version: string; reason: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']!,
  );
  return { page, ...choice };
}

/**
 * The telemetry sender starts when the browser is idle after load (2 s on); leaving the page sends
 * what it holds. Left for a file of the same origin, whose localStorage holds what was sent.
 */
async function leave(view: View, telemetry: TelemetryCost): Promise<void> {
  await view.page.waitForTimeout(3_500);
  await view.page.goto('/release.json');
  const sent = await view.page.evaluate(() => {
    const seen = localStorage.getItem('e2e-telemetry-sent');
    localStorage.removeItem('e2e-telemetry-sent');
    return seen ? (JSON.parse(seen) as { requests: number; bytes: number }) : { requests: 0, bytes: 0 };
  });
  const side = view.reason === 'stable' ? telemetry.stable : telemetry.canary;
  side.views += 1;
  side.requests += sent.requests;
  side.bytes += sent.bytes;
}

interface TelemetryCost {
  stable: { views: number; requests: number; bytes: number };
  canary: { views: number; requests: number; bytes: number };
}

const perView = (c: { views: number; requests: number; bytes: number }) =>
  `${c.views} page views, ${c.requests} requests, ${c.bytes} bytes of body: ${(c.requests / Math.max(1, c.views)).toFixed(2)} requests and ${Math.round(c.bytes / Math.max(1, c.views))} bytes a page view`;

function expectCanaryThrows(consoleGuard: ConsoleGuard): void {
  consoleGuard.expect(new RegExp(`^error: mfe-auth/LoginPage \\(canary\\) failed while rendering`));
  consoleGuard.expect(new RegExp(`^warning: mfe-auth@\\S+ \\(canary\\) failed while rendering; falling back to \\S+\\.`));
  consoleGuard.expectReRegistered('mfe-auth');
  // React's own report of an error a boundary caught.
  consoleGuard.expect(new RegExp(`^error: Error: ${THROWS}`));
}

test('a guarded canary whose page throws for its users is aborted by the portal within two minutes, and they get stable', async ({ browser, consoleGuard }, testInfo) => {
  expectCanaryThrows(consoleGuard);
  // Each browser leaves for /release.json (same origin) to read what it sent; Chromium asks that document for a favicon.
  consoleGuard.expectStatus(404, '/favicon.ico');
  const before = await manifest();
  const stable = before.remotes['mfe-auth']?.stable.version;
  expect(stable, 'mfe-auth is released at start').toBeTruthy();
  const broken = `9.3.0-throws.${Date.now().toString(36)}`;
  const dir = await throwingBuild(path.join(portal.dataDir, 'releases', 'mfe-auth', stable!));
  try {
    releaseCli('publish', 'mfe-auth', '--version', broken, '--dir', dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const started = releaseCli('canary', 'mfe-auth', broken, '--percent', '50', '--guard', '--min-views', String(MIN_VIEWS), '--margin', '2');
  expect(started.stdout).toContain(`guarded: margin 2 points, at least ${MIN_VIEWS} page views`);

  // ---- page views from several browsers until the guard acts
  const telemetry: TelemetryCost = { stable: { views: 0, requests: 0, bytes: 0 }, canary: { views: 0, requests: 0, bytes: 0 } };
  let pageViews = 0;
  let firstErrorAt: number | null = null;
  let abortedAt: number | null = null;
  let sampleAt: number | null = null;
  const canaryUsers: View[] = [];
  const watch = setInterval(() => {
    void manifest().then((m) => {
      if (abortedAt === null && m.remotes['mfe-auth']?.canary?.percent === 0) abortedAt = Date.now();
    });
  }, 500);
  try {
    const deadline = Date.now() + 150_000;
    while (abortedAt === null && Date.now() < deadline) {
      const views = await Promise.all(Array.from({ length: 4 }, () => anonymousView(browser)));
      pageViews += views.length;
      for (const v of views) {
        if (v.version === broken || v.reason === 'fallback') {
          // The canary threw and the page fell back to stable.
          expect(v.reason).toBe('fallback');
          firstErrorAt ??= Date.now();
          canaryUsers.push(v);
        } else {
          expect(v).toMatchObject({ version: stable, reason: 'stable' });
        }
      }
      await Promise.all(views.map((v) => leave(v, telemetry)));
      // The minimum sample is reached once this many canary views have been sent.
      if (sampleAt === null && canaryUsers.length >= MIN_VIEWS) sampleAt = Date.now();
      await Promise.all(views.filter((v) => !canaryUsers.includes(v)).map((v) => v.page.context().close()));
    }
    if (abortedAt === null) await expect.poll(async () => (await manifest()).remotes['mfe-auth']?.canary?.percent, { timeout: 30_000 }).toBe(0);
    abortedAt ??= Date.now();
  } finally {
    clearInterval(watch);
  }
  expect(firstErrorAt, 'some browsers got the canary').not.toBeNull();
  expect(telemetry.stable.requests + telemetry.canary.requests, 'the pages sent their telemetry').toBeGreaterThan(0);
  const toAbortMs = abortedAt - firstErrorAt!;
  const sampleToAbort = sampleAt === null ? 'before the sample was complete here' : `${(Math.max(0, abortedAt - sampleAt) / 1000).toFixed(1)} s`;
  console.log(
    [
      `[release guard] first canary render error -> canary aborted (share 0 in release.json): ${(toAbortMs / 1000).toFixed(1)} s (guard every ${GUARD_INTERVAL_MS / 1000} s, at least ${MIN_VIEWS} canary page views)`,
      `[release guard] minimum sample sent -> aborted: ${sampleToAbort}; ${pageViews} page views, ${canaryUsers.length} of them on the canary`,
    ].join('\n'),
  );
  expect(toAbortMs).toBeLessThan(120_000);
  // Once the sample is in, the next pass acts.
  if (sampleAt !== null) expect(abortedAt - sampleAt).toBeLessThan(GUARD_INTERVAL_MS + 15_000);

  // ---- share 0: release.json keeps the version; those users get stable on their next load
  expect((await manifest()).remotes['mfe-auth']).toMatchObject({ stable: { version: stable }, canary: { version: broken, percent: 0, companies: [] } });
  for (const user of canaryUsers.slice(0, 3)) {
    await user.page.goto(hash(ROUTES.login));
    await expect(user.page.getByRole('button', { name: MESSAGES.login.button, exact: true })).toBeVisible();
    const choice = await user.page.evaluate(
      () => (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { version: string; reason: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']!,
    );
    expect(choice).toMatchObject({ version: stable, reason: 'stable' });
  }
  const back = canaryUsers[0]!.page;
  for (const [name, size] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    await back.setViewportSize(size);
    await back.screenshot({ path: testInfo.outputPath(`canary-user-after-abort-${name}.png`) });
  }

  // ---- the log, the history and `pnpm release status` say why
  await expect.poll(async () => readFile(portal.logFile, 'utf8')).toContain(`release guard aborted the canary mfe-auth ${broken}`);
  const history = releaseCli('history', 'mfe-auth');
  expect(history.stdout).toMatch(new RegExp(`abort-canary\\s+mfe-auth\\s+${escape(stable!)}\\s+${escape(broken)}\\s+release guard\\s+guard: error rate canary`));
  const status = releaseCli('status');
  const line = status.stdout.split('\n').find((l) => l.startsWith('mfe-auth'));
  expect(line).toMatch(new RegExp(`^mfe-auth\\s+${escape(stable!)}\\s+${escape(broken)}\\s+0% \\(aborted\\)`));
  // Figures beside each version: the canary's render errors, stable's clean views.
  expect(line).toMatch(/\d+ views, \d+\.\d% errors \(\d+\)\s+\d+ views, 100\.0% errors \(\d+\)$/);
  expect(status.stdout).toMatch(
    new RegExp(`mfe-auth canary ${escape(broken)} aborted at \\S+ by release guard \\(share 0\\): guard: error rate canary 100\\.0% \\(\\d+ errors in \\d+ page views\\) vs stable \\d+\\.\\d%`),
  );
  expect(status.stdout).toMatch(/^health: the last 60 minutes, from the running portal at http:\/\/127\.0\.0\.1:\d+/m);

  // ---- the release console says why: the history's abort by the guard, with its figures
  const admin = await browser.newContext({ baseURL: portal.url });
  const console_ = await admin.newPage();
  await login(console_, SUPERADMIN.email, SUPERADMIN.password);
  await expectRoute(console_, ROUTES.superAdmin);
  await console_.goto(hash(ROUTES.superAdminReleases));
  const abortRow = console_.getByRole('region', { name: MESSAGES.releases.history }).getByRole('row').filter({ hasText: MESSAGES.releases.actionNames['abort-canary'] });
  await expect(abortRow.first()).toContainText(broken);
  await expect(abortRow.first()).toContainText('release guard');
  await expect(abortRow.first()).toContainText(/guard: error rate canary 100\.0% \(\d+ errors in \d+ page views\) vs stable/);
  const card = console_.getByRole('article', { name: 'mfe-auth' });
  await expect(card.getByText(broken, { exact: true }).first()).toBeVisible();
  // The aborted canary is not offered for promotion: it gets a share again first.
  await expect(card.getByText(MESSAGES.releases.offNotPromoted(broken))).toBeVisible();
  await expect(card.getByRole('button', { name: MESSAGES.releases.promote, exact: true })).toHaveCount(0);
  await console_.setViewportSize({ width: 1280, height: 800 });
  await abortRow.first().scrollIntoViewIfNeeded();
  await console_.screenshot({ path: testInfo.outputPath('release-console-abort-1280.png') });
  await admin.close();

  console.log(
    [
      `[release telemetry] sent to /api/telemetry, login page views on stable: ${perView(telemetry.stable)}`,
      `[release telemetry] sent to /api/telemetry, login page views on the throwing canary: ${perView(telemetry.canary)}`,
      ...status.stdout.split('\n').map((l) => `[release status] ${l}`),
    ].join('\n'),
  );
  for (const user of canaryUsers) await user.page.context().close();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
