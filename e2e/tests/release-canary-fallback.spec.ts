import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/test';
import { ENDPOINTS, MESSAGES, REMOTES, ROUTES, type ReleaseHealth, type TelemetryBatch, type TelemetryEvent } from '@portal/shared-contracts';
import { hash, portalUrl } from '../support/portal';
import { SUPERADMIN } from '../support/portal-process';
import { createCompanyAdmin, portalStoreDir, releaseCliOk, releaseJson, renderedBuild, signedInPage } from '../support/release-helpers';

test.setTimeout(180_000);

test('a canary whose files fail gives way to stable for that user, without the unavailable panel', async ({ browser, consoleGuard }) => {
  const stable = (await releaseJson()).remotes['mfe-auth']?.stable.version;
  expect(stable).toBeTruthy();
  const broken = `9.1.0-broken.${Date.now().toString(36)}`;
  const admin = await createCompanyAdmin('fallback');
  // Its files are never served to this user (every request for them fails below): stable's build
  // under the new version, rather than a build of its own that no page would load.
  await releaseCliOk('publish', 'mfe-auth', '--version', broken, '--dir', path.join(await portalStoreDir(), 'mfe-auth', stable!));
  await releaseCliOk('canary', 'mfe-auth', broken, '--percent', '0', '--companies', admin.companyId);

  try {
    const page = await signedInPage(browser, admin);
    // The canary's files are unreachable for this user (a bad upload, a CDN fault).
    consoleGuard.expectRemoteDown('mfe-auth', 'aborted');
    consoleGuard.expectCanaryFallback('mfe-auth');
    let blocked = 0;
    await page.route(`**/remotes/mfe-auth/${broken}/**`, (route) => {
      blocked += 1;
      return route.abort();
    });
    await page.goto(hash(ROUTES.loginDetails));
    await page.reload();

    await expect(page.locator('[data-remote="mfe-auth"] *').first()).toBeVisible({ timeout: 30_000 });
    expect(await renderedBuild(page, 'mfe-auth')).toBe(stable);
    await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-auth'].feature))).toHaveCount(0);
    expect(blocked, 'the canary was tried first').toBeGreaterThan(0);

    // The page's diagnostics say what this user runs and why.
    const diagnostics = await page.evaluate(() => (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { version: string; reason: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']);
    expect(diagnostics).toMatchObject({ version: stable, reason: 'fallback' });
    await page.getByRole('banner').getByRole('button', { name: /Rae fallback/ }).click();
    await page.getByRole('menuitem', { name: MESSAGES.labels.helpSupport }).click();
    // An employer's Help & Support holds the operator's contact and help, never build versions
    // (decision 0033): the fallback shows to super admins only.
    const help = page.getByRole('dialog', { name: MESSAGES.labels.helpSupport });
    await expect(help).toBeVisible();
    await expect(help.locator('[data-remote]')).toHaveCount(0);
    await expect(help).not.toContainText(String(broken));
    await page.context().close();
  } finally {
    await releaseCliOk('abort-canary', 'mfe-auth');
  }
});

const THROWS = 'Canary fallback check: this page throws while rendering';

/** The stable build of mfe-auth with one change: the exposed module `page` exports a component that throws. */
async function throwingBuild(stableDir: string, page: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-throwing-'));
  await cp(stableDir, dir, { recursive: true });
  const chunk = (await readdir(dir)).find((f) => new RegExp(`^__federation_expose_${page}\\.[0-9a-f]+\\.js$`).test(f));
  if (!chunk) throw new Error(`no ${page} chunk in ${stableDir}`);
  const code = await readFile(path.join(dir, chunk), 'utf8');
  const exported = /\{default:\(\)=>[A-Za-z_$][\w$]*\}/;
  expect(code, `the ${page} module exports its component as default`).toMatch(exported);
  await writeFile(path.join(dir, chunk), code.replace(exported, `{default:()=>function(){throw new Error(${JSON.stringify(THROWS)})}}`));
  // Its precompressed copies would still hold the working page.
  await Promise.all([rm(path.join(dir, `${chunk}.br`), { force: true }), rm(path.join(dir, `${chunk}.gz`), { force: true })]);
  return dir;
}

/** The figures the api holds for one version of mfe-auth (read as the super admin). */
async function health(version: string): Promise<ReleaseHealth['versions'][number] | undefined> {
  const base = portalUrl();
  const login = await fetch(`${base}${ENDPOINTS.accounts.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SUPERADMIN.email, password: SUPERADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${base}${ENDPOINTS.releases.health.path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as ReleaseHealth;
  return body.versions.find((v) => v.remote === 'mfe-auth' && v.version === version);
}

test('a canary whose page throws while rendering gives way to stable on the same page, and the error counts once against the canary', async ({ browser, consoleGuard }, testInfo) => {
  const stable = (await releaseJson()).remotes['mfe-auth']?.stable.version;
  expect(stable).toBeTruthy();
  const broken = `9.2.0-throws.${Date.now().toString(36)}`;
  const admin = await createCompanyAdmin('render');
  const dir = await throwingBuild(path.join(await portalStoreDir(), 'mfe-auth', stable!), 'ChangePasswordPage');
  try {
    await releaseCliOk('publish', 'mfe-auth', '--version', broken, '--dir', dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await releaseCliOk('canary', 'mfe-auth', broken, '--percent', '0', '--companies', admin.companyId);

  try {
    const page = await signedInPage(browser, admin);
    // What the page hands to sendBeacon for /api/telemetry, kept in the page.
    await page.addInitScript(() => {
      const sent: unknown[] = [];
      (window as unknown as { __sentTelemetry: unknown[] }).__sentTelemetry = sent;
      const beacon = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        if (String(url).includes('/api/telemetry') && data instanceof Blob) void data.text().then((t) => sent.push(JSON.parse(t)));
        return beacon(url, data);
      };
    });
    consoleGuard.expect(new RegExp(`^error: mfe-auth/ChangePasswordPage \\(canary\\) failed while rendering`));
    consoleGuard.expectCanaryFallback('mfe-auth');
    // React's own report of the error the slot's boundary caught.
    consoleGuard.expect(new RegExp(`^error: Error: ${THROWS}`));
    await page.goto(hash(ROUTES.loginDetails));
    await page.reload();

    // The stable page works in the slot: its form is there, no unavailable panel.
    await expect(page.getByRole('button', { name: MESSAGES.changePassword.button })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES['mfe-auth'].feature))).toHaveCount(0);
    expect(await renderedBuild(page, 'mfe-auth')).toBe(stable);
    const diagnostics = await page.evaluate(() => (window as unknown as { __PORTAL_DIAGNOSTICS__: { remotes: Record<string, { version: string; reason: string }> } }).__PORTAL_DIAGNOSTICS__.remotes['mfe-auth']);
    expect(diagnostics).toMatchObject({ version: stable, reason: 'fallback' });
    // The canary threw once; stable, rendered after it, did not.
    const thrown = consoleGuard.lines.filter((l) => l.text.includes(THROWS));
    expect(thrown.filter((l) => /^Error: /.test(l.text)), 'one render error').toHaveLength(1);
    expect(consoleGuard.lines.filter((l) => l.text.startsWith('mfe-auth/ChangePasswordPage failed while rendering'))).toHaveLength(0);
    for (const [name, size] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: testInfo.outputPath(`canary-render-error-fallback-${name}.png`) });
    }

    // The telemetry the page has sent so far (the sender starts when the browser is idle; leaving sends what it holds).
    const sentEvents = async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
      const batches = await page.evaluate(() => (window as unknown as { __sentTelemetry: TelemetryBatch[] }).__sentTelemetry);
      return batches.flatMap((b) => b.events);
    };
    await expect.poll(async () => (await sentEvents()).some((e) => e.kind === 'render-error'), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(500);
    const events: TelemetryEvent[] = await sentEvents();
    const mfeAuth = events.filter((e) => e.remote === 'mfe-auth').map((e) => [e.kind, e.version, e.reason, e.kind === 'load' ? e.ok : undefined]);
    expect(mfeAuth.filter(([kind]) => kind === 'render-error')).toEqual([['render-error', broken, 'canary', undefined]]);
    expect(mfeAuth.filter(([kind]) => kind === 'load')).toEqual(
      expect.arrayContaining([
        ['load', broken, 'canary', true],
        ['load', stable, 'fallback', true],
      ]),
    );

    // The api's figures, what the guard judges on: one page view and one render error for the canary.
    await expect.poll(async () => (await health(broken))?.renderErrors, { timeout: 30_000 }).toBe(1);
    expect(await health(broken)).toMatchObject({ pageViews: 1, renderErrors: 1 });
    await page.context().close();
  } finally {
    await releaseCliOk('abort-canary', 'mfe-auth');
  }
});
