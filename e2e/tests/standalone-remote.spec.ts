import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { MESSAGES } from '@portal/shared-contracts';
import { expect, test } from '../support/test';
import { REPO_ROOT, startPortal, SUPERADMIN, type RunningPortal } from '../support/portal-process';
import { checksums, runCommand } from '../support/release-helpers';

// `pnpm create-remote --standalone` end to end (docs/decisions/0050): what a team outside this
// repository does, from an empty folder outside the workspace. The four packages a remote builds
// against are packed, the remote is written against the tarballs, installed (third-party packages from
// the registry or pnpm's store), type-checked, tested and built there, published from its own dist
// into a running portal's release store and promoted; the shell, built before the remote existed and
// never told about it, shows its page. Nothing of this repository changes, the shell's bytes included.
// The figures of each step are printed: docs/new-team-guide.md quotes them.
test.setTimeout(420_000);

const ID = 'mfe-e2e-bays';
const FEATURE = 'Parking bays';
const ROUTE = '/e2e-bays';

/** The environment of a shell outside this workspace: none of the variables pnpm sets for its scripts. */
const outsideEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(?:npm_|pnpm_)/i.test(k)));

const figures: string[] = [];
/** One step, awaited: a worker frozen in spawnSync past the portal's keep-alive leaves a dead pooled connection. */
async function step(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = outsideEnv()) {
  const started = Date.now();
  const res = await runCommand(command, args, { cwd, env, timeoutMs: 240_000 });
  expect(res.code, `${command} ${args.join(' ')}\n${res.stdout}\n${res.stderr}`).toBe(0);
  figures.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return res.stdout;
}

test('a remote made outside the repository from the packed packages is tested, built, published and shown by the shell', async ({ browser }) => {
  const shellDir = path.join(REPO_ROOT, 'shell', 'dist');
  const shellBefore = await checksums(shellDir);
  expect(Object.keys(shellBefore).length).toBeGreaterThan(0);
  const remotesJson = path.join(REPO_ROOT, 'shared-contracts', 'src', 'remotes.json');
  const remotesBefore = readFileSync(remotesJson, 'utf8');
  const outside = mkdtempSync(path.join(tmpdir(), 'standalone-remote-'));
  expect(path.relative(REPO_ROOT, outside).startsWith('..')).toBe(true);
  const packages = path.join(outside, 'packages');
  const dir = path.join(outside, ID);
  let portal: RunningPortal | null = null;
  let context: BrowserContext | null = null;
  try {
    const started = Date.now();
    await step('pack', 'node', ['scripts/pack-shared.mjs', packages], REPO_ROOT);
    await step('create', 'node', ['scripts/create-remote.mjs', '--standalone', dir, ID, '--feature', FEATURE, '--route', ROUTE, '--area', 'superAdmin', '--packages', packages, '--no-install'], REPO_ROOT);
    await step('install', 'pnpm', ['install', '--prefer-offline', '--reporter=silent'], dir);
    // The packages' own copies under node_modules, not links into this workspace.
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).not.toMatch(/workspace:|catalog:/);
    for (const name of ['shared-contracts', 'shared-ui', 'build-config', 'testing']) {
      expect(realpathSync(path.join(dir, 'node_modules', '@portal', name)).startsWith(path.join(dir, 'node_modules') + path.sep), name).toBe(true);
    }
    await step('test', 'pnpm', ['test'], dir);
    await step('typecheck', 'pnpm', ['typecheck'], dir);
    await step('build', 'pnpm', ['build'], dir);
    figures.push(`empty folder to a build ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const info = JSON.parse(readFileSync(path.join(dir, 'dist', 'build-info.json'), 'utf8')) as { contractsVersion: string; app?: { mfName: string } };
    const contracts = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared-contracts', 'package.json'), 'utf8')) as { version: string };
    expect(info).toMatchObject({ contractsVersion: contracts.version, app: { mfName: 'mfe_e2e_bays' } });

    portal = await startPortal();
    const store = path.join(portal.dataDir, 'releases');
    const release = (...args: string[]) => step(`release ${args[0]}`, 'pnpm', ['--silent', 'release', ...args], REPO_ROOT, { ...process.env, RELEASE_STORE: store, RELEASE_ACTOR: 'e2e-release' });
    const published = await release('publish', ID, '--dir', path.join(dir, 'dist'));
    const version = /published \S+ (\S+) /.exec(published)?.[1];
    expect(version, published).toBeTruthy();
    await release('promote', ID, version!);
    const served = (await (await fetch(`${portal.url}/release.json`)).json()) as { remotes: Record<string, { stable: { version: string; app?: unknown } }> };
    expect(served.remotes[ID]?.stable).toMatchObject({ version, app: { mfName: 'mfe_e2e_bays', feature: FEATURE } });

    context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.getByLabel(MESSAGES.fields.email, { exact: true }).fill(SUPERADMIN.email);
    await page.getByLabel(MESSAGES.fields.password, { exact: true }).fill(SUPERADMIN.password);
    await page.getByRole('button', { name: MESSAGES.login.button, exact: true }).click();
    const nav = page.getByRole('navigation', { name: MESSAGES.shell.backOfficeNav });
    await nav.getByRole('link', { name: FEATURE }).click();
    await expect(page.getByRole('heading', { level: 1, name: FEATURE })).toBeVisible();
    expect(page.url()).toContain(`#${ROUTE}`);
    await expect(page.locator(`[data-remote="${ID}"]`).first()).toBeAttached();
    await page.screenshot({ path: test.info().outputPath('standalone-remote-1280x800.png') });
    expect(errors).toEqual([]);
    expect(await checksums(shellDir)).toEqual(shellBefore);
    expect(readFileSync(remotesJson, 'utf8')).toBe(remotesBefore);
    expect(existsSync(path.join(REPO_ROOT, ID))).toBe(false);
  } finally {
    console.log(`standalone remote: ${figures.join(', ')}`);
    test.info().annotations.push({ type: 'figures', description: figures.join(', ') });
    // Closed before the portal stops: the page's idle preloads of the other remotes would fail loudly.
    await context?.close();
    await portal?.stop();
    rmSync(outside, { recursive: true, force: true });
  }
});
