import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { CSRF_HEADER, MESSAGES, REMOTES, ROUTES, type RemoteId } from '@portal/shared-contracts';
import { REPO_ROOT } from './portal-process';
import { expectRoute, fillLogin, hash, portalUrl, uniqueEmail } from './portal';

/** The running portal's release store, as its start-up lines say (`release store: <dir>`). */
export async function portalStoreDir(): Promise<string> {
  const log = process.env.PORTAL_LOG;
  if (!log) throw new Error('PORTAL_LOG is not set: the journeys run through playwright.config.ts');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const match = /release store: (\S+)/.exec(await readFile(log, 'utf8'));
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the portal log ${log} names no release store`);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * A command run to its end without blocking this process: the journey's other connections (the
 * browser's, a kept-alive `fetch` connection and its idle timer) are served while it runs. With
 * `spawnSync` a command that outlasted the server's keep-alive (72 s) left a pooled connection that
 * the server had closed meanwhile, and the next `fetch` was sent on it ("other side closed").
 */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<CliRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    // As spawnSync's `timeout`: the command is sent SIGTERM and its run reported as failed.
    const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs);
    const done = (code: number | null) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr, ms: Math.round(performance.now() - started) });
    };
    child.on('error', (err) => {
      stderr += String(err);
      done(1);
    });
    child.on('close', done);
  });
}

/**
 * What `pnpm release <args>` runs (the root package.json's `release` script): the launcher under this
 * node, without a pnpm start before it. pnpm added 1 to 3.5 s a command on this machine (pnpm 3.1 to
 * 6.2 s, the launcher alone 2.1 to 2.8 s, load 9), and the release journeys run about forty. The
 * script itself is still run through pnpm by created-remote and standalone-remote, as a developer does.
 */
export const RELEASE_COMMAND: readonly [string, ...string[]] = [process.execPath, path.join(REPO_ROOT, 'deploy', 'scripts', 'launch.mjs'), 'release'];

/** A release command from the repository root, as `pnpm release <args>` (see RELEASE_COMMAND). */
export function runRelease(args: string[], options: { env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<CliRun> {
  const [command, ...head] = RELEASE_COMMAND;
  return runCommand(command, [...head, ...args], { cwd: REPO_ROOT, ...options });
}

/** `pnpm release <args>` from the repository root, against the running portal's store. */
export async function releaseCli(...args: string[]): Promise<CliRun> {
  const env = { ...process.env, RELEASE_STORE: await portalStoreDir(), RELEASE_ACTOR: 'e2e-release' };
  return runRelease(args, { env, timeoutMs: 180_000 });
}

export async function releaseCliOk(...args: string[]): Promise<CliRun> {
  const run = await releaseCli(...args);
  expect(run.code, `pnpm release ${args.join(' ')}\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

/** sha256 of every file under `dir`, by relative path (an absent folder is empty). */
export async function checksums(dir: string, skip: (rel: string) => boolean = () => false): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (d: string, prefix: string) => {
    let entries;
    try {
      entries = await readdir(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const rel = prefix ? `${prefix}/${e.name}` : e.name;
      if (skip(rel)) continue;
      if (e.isDirectory()) await walk(path.join(d, e.name), rel);
      else if (e.isFile()) out[rel] = createHash('sha256').update(await readFile(path.join(d, e.name))).digest('hex');
    }
  };
  await walk(dir, '');
  return out;
}

export interface CompanyAdmin {
  name: string;
  email: string;
  password: string;
  companyId: string;
}

/** An employer admin whose company is set up (details, office, incentives), made through the api as the setup pages would. */
export async function createCompanyAdmin(tag: string): Promise<CompanyAdmin> {
  const api = await playwrightRequest.newContext({ baseURL: portalUrl(), extraHTTPHeaders: { [CSRF_HEADER]: '1' } });
  try {
    const admin = { name: `Rae ${tag}`, email: uniqueEmail(`release-${tag}`), password: 'Release-Admin-42' };
    const reg = await api.post('/api/accounts/register', { data: { email: admin.email, password: admin.password, userName: admin.name, role: 'Employer' } });
    expect(reg.status(), await reg.text()).toBe(201);
    const login = await api.post('/api/accounts/login', { data: { email: admin.email, password: admin.password } });
    expect(login.status(), await login.text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const company = await api.post('/api/employers', {
      headers: auth,
      data: { name: `Release ${tag} Ltd`, email: `office-${tag}@example.test`, phoneNumber: '01234 567890', countryCode: 'GB' },
    });
    expect(company.status(), await company.text()).toBe(201);
    const companyId = ((await company.json()) as { id: string }).id;
    const office = await api.post(`/api/employers/${companyId}/location`, {
      headers: auth,
      data: { addressLine1: '1 Release Road', town: 'Leeds', postalCode: 'LS1 1AA' },
    });
    expect(office.status(), await office.text()).toBe(201);
    // Setup steps 2 and 3, so that the admin lands in the employer area rather than in setup.
    const incentive = await api.post(`/api/incentives/employers/${companyId}/incentive`, {
      headers: auth,
      data: { generalRewardDescription: 'Coffee on us', numberOfMiles: 100, numberOfMilesRewards: 'A voucher', numberOfTrips: 10, numberOfTripsRewards: 'A day off' },
    });
    expect(incentive.ok(), await incentive.text()).toBe(true);
    const done = await api.post(`/api/employers/${companyId}/complete-setup`, { headers: auth });
    expect(done.ok(), await done.text()).toBe(true);
    return { ...admin, companyId };
  } finally {
    await api.dispose();
  }
}

/** A browser of its own for `admin`, signed in through the login page (the session survives reloads). */
export async function signedInPage(browser: Browser, admin: CompanyAdmin): Promise<Page> {
  const context = await browser.newContext({ baseURL: portalUrl() });
  const page = await context.newPage();
  await page.goto(hash(ROUTES.login));
  await fillLogin(page, admin.email, admin.password);
  // Wait for the post-login routing to land (a set-up company goes to the dashboard), so that it
  // cannot overtake the journey's own navigation.
  await expectRoute(page, ROUTES.mainPage);
  await expect(page.getByRole('navigation', { name: MESSAGES.shell.employerNav })).toBeVisible();
  return page;
}

/** The build of `remote` really rendering on the page (stamped by the remote's container). */
export async function renderedBuild(page: Page, remote: RemoteId): Promise<string | null> {
  const slot = page.locator(`[data-remote="${remote}"]`).first();
  await expect(slot).toBeAttached();
  return slot.getAttribute('data-release-marker');
}

/** Reloads the page (a release reaches users on their next load) and opens the remote's page again. */
export async function reloadOn(page: Page, route: string, remote: RemoteId): Promise<string | null> {
  await page.goto(hash(route));
  await page.reload();
  await expect(page.getByText(MESSAGES.common.featureUnavailable(REMOTES[remote].feature))).toHaveCount(0);
  await expect(page.locator(`[data-remote="${remote}"] *`).first()).toBeVisible();
  return renderedBuild(page, remote);
}

/** A request that failed on its connection before any answer came (closed, reset), not on an answer. */
function connectionLost(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  return err instanceof TypeError && ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(cause?.code ?? '');
}

/**
 * The portal's release.json. A GET sent on a kept-alive connection just as the server closes it
 * idle is sent again once on a new connection, as browsers do; any answer, and any second failure,
 * is the journey's.
 */
export async function releaseJson(): Promise<{ remotes: Record<string, { stable: { version: string }; canary?: { version: string } | null }> }> {
  const get = () => fetch(`${portalUrl()}/release.json`, { cache: 'no-store' });
  const res = await get().catch((err: unknown) => {
    if (connectionLost(err)) return get();
    throw err;
  });
  return (await res.json()) as never;
}

/** A process started with its own process group, so stopping it stops its children too. */
export function startGroup(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; log?: (chunk: string) => void }): ChildProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (c: Buffer) => options.log?.(c.toString()));
  child.stderr?.on('data', (c: Buffer) => options.log?.(c.toString()));
  return child;
}

export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
