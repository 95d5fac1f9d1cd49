import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@portal/shared-contracts';
import { expect, test, type BrowserContext } from '../support/test';
import { REPO_ROOT, startPortal, SUPERADMIN, type RunningPortal } from '../support/portal-process';
import { checksums, runCommand } from '../support/release-helpers';

// `pnpm create-remote` end to end (docs/decisions/0050): a remote generated into the tree is tested,
// built, published and promoted into a running portal, whose shell (built before the remote existed)
// then shows its page and nav entry. The shell's files are compared byte for byte before and after.
// The remote is generated into the tree and removed again, whatever happens.
test.setTimeout(300_000);

const ID = 'mfe-e2e-lockers';
const FEATURE = 'Lockers';
const ROUTE = '/e2e-lockers';
const DIR = path.join(REPO_ROOT, ID);

/** Runs a command, awaited: a worker frozen in spawnSync past the portal's keep-alive leaves a dead pooled connection. */
async function run(command: string, args: string[], cwd = REPO_ROOT, env: NodeJS.ProcessEnv = {}) {
  const res = await runCommand(command, args, { cwd, env: { ...process.env, ...env }, timeoutMs: 180_000 });
  expect(res.code, `${command} ${args.join(' ')}\n${res.stdout}\n${res.stderr}`).toBe(0);
  return res.stdout;
}

test('a generated remote is tested, built, published and promoted, and the shell shows its page without being built again', async ({ browser }) => {
  const shellDir = path.join(REPO_ROOT, 'shell', 'dist');
  const shellBefore = await checksums(shellDir);
  expect(Object.keys(shellBefore).length).toBeGreaterThan(0);
  let portal: RunningPortal | null = null;
  let context: BrowserContext | null = null;
  try {
    await run('node', ['scripts/create-remote.mjs', ID, '--feature', FEATURE, '--route', ROUTE, '--area', 'superAdmin', '--no-install']);
    // The generated package has exactly mfe-billing's dependencies: its node_modules stands in for the
    // `pnpm install` that `pnpm create-remote` runs (which would change the lockfile under the run).
    symlinkSync(path.join(REPO_ROOT, 'mfe-billing', 'node_modules'), path.join(DIR, 'node_modules'), 'dir');
    // A portal of its own: its server reads remotes.json at start, now with the new entry. Started
    // before the remote is built, so that its start-up (which releases every built remote) leaves it out.
    portal = await startPortal();
    await run(path.join(DIR, 'node_modules', '.bin', 'vitest'), ['run'], DIR);
    await run(path.join(DIR, 'node_modules', '.bin', 'rspack'), ['build', '--mode', 'production'], DIR);
    expect(existsSync(path.join(DIR, 'dist', 'mf-manifest.json'))).toBe(true);
    const store = path.join(portal.dataDir, 'releases');
    const release = (...args: string[]) => run('pnpm', ['--silent', 'release', ...args], REPO_ROOT, { RELEASE_STORE: store, RELEASE_ACTOR: 'e2e-release' });
    const releaseJson = async () => (await (await fetch(`${portal!.url}/release.json`)).json()) as { remotes: Record<string, { stable: { version: string; app?: unknown } }> };

    context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(SUPERADMIN.email);
    await page.getByLabel(MESSAGES.fields.password, { exact: true }).fill(SUPERADMIN.password);
    await page.getByRole('button', { name: MESSAGES.login.button, exact: true }).click();
    const nav = page.getByRole('navigation', { name: MESSAGES.shell.backOfficeNav });
    await expect(nav.getByRole('link', { name: MESSAGES.labels.admins })).toBeVisible();
    // Not released yet: no nav entry, and its path is the 404.
    await expect(nav.getByRole('link', { name: FEATURE })).toHaveCount(0);
    await page.goto(`/#${ROUTE}`);
    await expect(page.getByRole('heading', { name: MESSAGES.notFound.text })).toBeVisible();

    const published = await release('publish', ID, '--no-build');
    const version = /published \S+ (\S+) /.exec(published)?.[1];
    expect(version, published).toBeTruthy();
    await release('promote', ID, version!);
    expect((await releaseJson()).remotes[ID]?.stable).toMatchObject({ version, app: { mfName: 'mfe_e2e_lockers', feature: FEATURE } });

    // The next load learns it from release.json: its nav entry, then its page drawn by its container.
    await page.goto('/#/super-admin');
    await page.reload();
    await nav.getByRole('link', { name: FEATURE }).click();
    await expect(page.getByRole('heading', { level: 1, name: FEATURE })).toBeVisible();
    expect(page.url()).toContain(`#${ROUTE}`);
    await expect(page.locator(`[data-remote="${ID}"]`).first()).toBeAttached();
    await page.screenshot({ path: test.info().outputPath('created-remote-1280x800.png') });
    expect(errors).toEqual([]);
    expect(await checksums(shellDir)).toEqual(shellBefore);
  } finally {
    // The browser leaves before its portal stops: a page left open goes on fetching what it preloads
    // at idle (other remotes' files), and each of those fails on the stopped portal in its console.
    await context?.close();
    await portal?.stop();
    spawnSync('node', ['scripts/create-remote.mjs', '--remove', ID, '--no-install'], { cwd: REPO_ROOT });
  }
});
