import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { errors, type Browser, type Page } from '@playwright/test';
import { MESSAGES, REMOTES, ROUTES, type ReleaseHistoryEntry, type ReleaseManifest, type TelemetryEvent } from '@portal/shared-contracts';
import { forwardingProxy, type ForwardingProxy } from '../support/forwarding-proxy';
import { runRelease, type CliRun } from '../support/release-helpers';
import { expectRoute, hash, login } from '../support/portal';
import { startPortal, SUPERADMIN, type RunningPortal } from '../support/portal-process';
import { expect, test, type ConsoleGuard } from '../support/test';

/**
 * Guarded canaries of mfe-auth, for half of the audience, judged on telemetry anyone can send
 * (docs/decisions/0029-telemetry-senders.md). Anonymous browsers (each its own device id, so its own
 * canary bucket, and its own address) load the login page and the shell's telemetry reports what
 * happened; the portal's guard checks every 5 s here (RELEASE_GUARD_INTERVAL_MS; 60 s by default), and
 * a journey that waits on it counts the passes the portal logs rather than sleeping for them. Not
 * shorter: beside the forger's batches a pass took up to 2.6 s at load 15, so at 2 s the guard was
 * busy most of the time, and pages' loads ran out of their 20 s (docs/decisions/0069, addendum).
 *
 * On one machine every browser comes from loopback, so the portal runs as it does behind one proxy
 * (TRUST_PROXY=1) and each simulated browser reaches it through a proxy of its own that appends an
 * address of its own (support/forwarding-proxy.ts). The attacker sends what one machine can: any
 * client ids, any X-Forwarded-For entries of its own making, through a proxy that appends a new
 * address of its one IPv6 /64 to every batch.
 */

// A portal of its own (the guard's interval is short, and a canary here must not reach other journeys).
test.setTimeout(300_000);
test.describe.configure({ mode: 'serial' });

// E2E_RELEASE_GUARD_INTERVAL_MS=60000 measures the default interval.
const GUARD_INTERVAL_MS = Number(process.env.E2E_RELEASE_GUARD_INTERVAL_MS ?? 5_000);
const MIN_VIEWS = 8;
/** Distinct senders each side needs here (10 by default): the few browsers a journey can afford. */
const MIN_SENDERS = 5;
const THROWS = 'Release guard check: this canary throws while rendering';

let portal: RunningPortal;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Behind one proxy: the client address is the last X-Forwarded-For entry (what the proxy appends).
  portal = await startPortal({ RELEASE_GUARD_INTERVAL_MS: String(GUARD_INTERVAL_MS), TRUST_PROXY: '1' });
});

/** A real browser's address of its own: 198.51.100.1 onwards, then 203.0.113.x. */
let browsers = 0;
function browserAddress(): string {
  const n = browsers++;
  return n < 254 ? `198.51.100.${n + 1}` : `203.0.113.${(n - 254) % 254 + 1}`;
}

/**
 * One machine forging telemetry: every batch a new client id and made-up X-Forwarded-For entries of
 * its own, through a proxy that appends a new address of the machine's /64 each time. Sends until
 * stopped; answers how many batches were taken in (202).
 */
/**
 * What a forger got in: how many of its batches were taken, and how many half hours they fell in
 * (a sender weighs 30 page views a version and half hour, so a run across a half hour's end is
 * weighed once in each half hour its taken batches touched, not in each the test's clock did).
 */
interface Forged {
  taken: number;
  halfHours: number;
}

async function forge(events: () => TelemetryEvent[], everyMs = 150): Promise<{ stop(): Promise<Forged> }> {
  let stopped = false;
  let taken = 0;
  let n = 0;
  const halfHours = new Set<number>();
  const proxy = await forwardingProxy(portal.url, () => `2001:db8:bad:1:${n.toString(16)}::1`);
  proxies.push(proxy);
  const run = (async () => {
    while (!stopped) {
      n += 1;
      const res = await fetch(`${proxy.url}/api/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${n % 250}.0.1, 192.0.2.${n % 250}` },
        body: JSON.stringify({ client: randomBytes(12).toString('base64url'), events: events() }),
      }).catch(() => null);
      if (res?.status === 202) {
        taken += 1;
        halfHours.add(Math.floor(Date.now() / 1_800_000));
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await run;
      return { taken, halfHours: halfHours.size };
    },
  };
}

const canaryLoads = (version: string, ok: boolean): TelemetryEvent[] =>
  Array.from({ length: 20 }, () => ({ remote: 'mfe-auth', version, reason: 'canary', kind: 'load', ok, ms: ok ? 120 : 3000 }));

/** The release history's lines about mfe-auth since `since` (the guard's acts among them). */
async function historySince(since: number): Promise<ReleaseHistoryEntry[]> {
  const lines = (await readFile(path.join(portal.dataDir, 'releases', 'history.jsonl'), 'utf8')).split('\n').filter(Boolean);
  return lines.map((l) => JSON.parse(l) as ReleaseHistoryEntry).filter((e) => e.remote === 'mfe-auth' && Date.parse(e.at) >= since);
}
test.afterAll(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  await portal?.stop();
});

/**
 * Waits until the guard has made `n` passes that began at `since` or later, each of which judged the
 * guarded canaries on the figures as they stood then or after: the portal logs every such pass
 * (`release guard pass done`, with when it began). Under load the passes come later, never fewer.
 */
async function guardPasses(n: number, since: number): Promise<void> {
  const count = async () =>
    (await readFile(portal.logFile, 'utf8'))
      .split('\n')
      // A line still being written is left for the next look.
      .filter((l) => l.includes('"release guard pass done"') && l.endsWith('}'))
      .map((l) => JSON.parse(l) as { began: string })
      .filter((p) => Date.parse(p.began) >= since).length;
  await expect.poll(count, { message: `${n} guard passes begun since ${new Date(since).toISOString()}`, timeout: n * GUARD_INTERVAL_MS + 60_000, intervals: [250] }).toBeGreaterThanOrEqual(n);
}

/** The proxies the browsers and the attacker reached the portal through (closed at the end). */
const proxies: ForwardingProxy[] = [];

/** `pnpm release <args>` as the operator runs it beside the portal: the same DATA_DIR (its store and its figures). */
async function releaseCli(...args: string[]): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: portal.dataDir, RELEASE_ACTOR: 'e2e-guard' };
  for (const key of ['DATABASE_URL', 'RELEASE_STORE', 'RELEASE_STORE_URL']) delete env[key];
  const run = await runRelease(args, { env, timeoutMs: 120_000 });
  expect(run.code, `pnpm release ${args.join(' ')}\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run;
}

/**
 * The portal's release.json, read on a connection of its own: a pooled keep-alive connection left idle
 * while the journey waits for the guard's passes can be closed by the server just as it is reused
 * ("other side closed", seen once in CI).
 */
function manifest(): Promise<ReleaseManifest> {
  return new Promise((resolve, reject) => {
    httpGet(`${portal.url}/release.json`, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(body) as ReleaseManifest);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    }).on('error', reject);
  });
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

/**
 * A new anonymous browser (its own device id and address) that opens the login page. `blocked`: the
 * canary's files cannot be fetched from this browser (a broken upload, a CDN fault): its canary page
 * fails to load and falls back to stable.
 */
async function anonymousView(browser: Browser, blocked?: string): Promise<View> {
  const address = browserAddress();
  const proxy = await forwardingProxy(portal.url, () => address);
  proxies.push(proxy);
  const context = await browser.newContext({ baseURL: proxy.url });
  if (blocked) await context.route(`**/remotes/mfe-auth/${blocked}/**`, (route) => route.abort());
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
    // The telemetry sender listening: only its chunk (the collector and its web vitals) listens for the
    // document's visibilitychange, which is how it sends what it holds when the page goes away.
    const listen = Document.prototype.addEventListener;
    Document.prototype.addEventListener = function (this: Document, ...args: Parameters<Document['addEventListener']>) {
      if (args[0] === 'visibilitychange') (window as unknown as { __e2eTelemetryListening?: boolean }).__e2eTelemetryListening = true;
      return listen.apply(this, args);
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

/** How long each browser waited for its telemetry sender before leaving, in ms (printed by each journey). */
const senderWaits: number[] = [];
const SENDER_WAIT_MS = 3_500;

/** The waits of the journey so far, for its log (and emptied for the next journey). */
function senderWaitLine(): string {
  const waits = senderWaits.splice(0);
  const heard = waits.filter((w) => w >= 0).sort((a, b) => a - b);
  const median = heard.length ? heard[Math.floor(heard.length / 2)]! : 0;
  return `[release guard] ${waits.length} browsers left after their telemetry sender listened: ${heard.length} heard it (median ${median} ms, at most ${heard.at(-1) ?? 0} ms), ${waits.length - heard.length} left at ${SENDER_WAIT_MS} ms without it`;
}

/**
 * The telemetry sender starts when the browser is idle after load (2 s on); leaving the page sends
 * what it holds. The browser leaves once its sender listens for the page going away, and at the
 * latest after 3.5 s, as it always left before that signal was read. Left for a file of the same
 * origin, whose localStorage holds what was sent.
 */
async function leave(view: View, telemetry: TelemetryCost): Promise<void> {
  const began = Date.now();
  const listening = await view.page
    .waitForFunction(() => (window as unknown as { __e2eTelemetryListening?: boolean }).__e2eTelemetryListening === true, undefined, { timeout: SENDER_WAIT_MS, polling: 100 })
    .then(() => true)
    .catch((err: unknown) => {
      if (err instanceof errors.TimeoutError) return false;
      throw err;
    });
  senderWaits.push(listening ? Date.now() - began : -1);
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

interface Seen {
  stable: number;
  canary: number;
  /** Canary page views that failed and fell back to stable. */
  canaryFailed: number;
}

/**
 * Page views of the login page from new browsers, four at a time, until `enough` holds: each leaves
 * the page (its telemetry sent) and closes. `blocked`: the canary's files fail in every browser.
 */
async function browse(browser: Browser, o: { canary: string; blocked?: boolean; enough: (seen: Seen) => boolean }): Promise<Seen> {
  const seen: Seen = { stable: 0, canary: 0, canaryFailed: 0 };
  const telemetry: TelemetryCost = { stable: { views: 0, requests: 0, bytes: 0 }, canary: { views: 0, requests: 0, bytes: 0 } };
  const deadline = Date.now() + 240_000;
  while (!o.enough(seen)) {
    expect(Date.now(), `browsing until ${o.enough.toString()}: ${JSON.stringify(seen)}`).toBeLessThan(deadline);
    const views = await Promise.all(Array.from({ length: 4 }, () => anonymousView(browser, o.blocked ? o.canary : undefined)));
    for (const v of views) {
      if (v.reason === 'fallback') {
        seen.canary += 1;
        seen.canaryFailed += 1;
      } else if (v.version === o.canary) seen.canary += 1;
      else seen.stable += 1;
    }
    await Promise.all(views.map((v) => leave(v, telemetry)));
    await Promise.all(views.map((v) => v.page.context().close()));
  }
  return seen;
}

/** The health cell `pnpm release status` prints for a version: page views, senders, errors. */
function statusFigures(stdout: string, version: string): { views: number; senders: number; errors: number } {
  const line = stdout.split('\n').find((l) => l.startsWith('mfe-auth'));
  expect(line, stdout).toBeTruthy();
  const cells = line!.split(/\s{2,}/);
  const cell = version === cells[1] ? cells[6] : cells[7];
  const m = /^(\d+) views from (\d+) senders?, [\d.]+% errors \((\d+)\)$/.exec(cell ?? '');
  expect(m, `${version} in: ${line}`).not.toBeNull();
  return { views: Number(m![1]), senders: Number(m![2]), errors: Number(m![3]) };
}

test('telemetry one machine forges neither aborts a healthy guarded canary nor gets one failing for real users promoted', async ({ browser, consoleGuard }) => {
  test.setTimeout(600_000);
  consoleGuard.expectStatus(404, '/favicon.ico');
  consoleGuard.expectRemoteDown('mfe-auth', 'aborted');
  consoleGuard.expectCanaryFallback('mfe-auth');
  const stable = (await manifest()).remotes['mfe-auth']?.stable.version;
  expect(stable, 'mfe-auth is released at start').toBeTruthy();
  const stableBuild = path.join(portal.dataDir, 'releases', 'mfe-auth', stable!);

  // ---- a healthy canary (the stable build under another version) while the machine forges failed canary page views
  const healthy = `9.4.0-healthy.${Date.now().toString(36)}`;
  await releaseCli('publish', 'mfe-auth', '--version', healthy, '--dir', stableBuild);
  const startedHealthy = Date.now();
  await releaseCli('canary', 'mfe-auth', healthy, '--percent', '50', '--guard', '--min-views', '6', '--min-senders', '3', '--margin', '2');
  const failures = await forge(() => canaryLoads(healthy, false));
  const a = await browse(browser, { canary: healthy, enough: (x) => x.canary >= 5 && x.stable >= 3 });
  await guardPasses(3, Date.now());
  const forgedFailures = await failures.stop();
  const healthyHalfHours = forgedFailures.halfHours;
  expect(a.canaryFailed).toBe(0);
  // Its sample was there for three passes: the forger's failures (one sender's budget: 3) did not abort it.
  expect((await manifest()).remotes['mfe-auth']?.canary).toMatchObject({ version: healthy, percent: 50 });
  expect((await historySince(startedHealthy)).map((e) => e.action)).toEqual(['canary']);
  const healthyFigures = statusFigures((await releaseCli('status')).stdout, healthy);
  // Weighed once in each half hour the forged batches fell in.
  expect(healthyFigures.errors).toBe(3 * healthyHalfHours);
  expect(healthyFigures.views).toBe(a.canary + 3 * healthyHalfHours);
  expect(healthyFigures.senders).toBe(a.canary + 1);
  // The guard said why it waits.
  expect(await readFile(portal.logFile, 'utf8')).toContain(`release guard waits on the canary mfe-auth ${healthy}: its largest canary sender alone decides the figures`);

  // ---- a canary whose files fail for every real user, while the machine forges healthy canary page views
  const failing = `9.4.1-failing.${Date.now().toString(36)}`;
  await releaseCli('publish', 'mfe-auth', '--version', failing, '--dir', stableBuild);
  const startedFailing = Date.now();
  // A wide margin, so that the forger's healthy page views would be enough to hide the failures from it.
  await releaseCli('canary', 'mfe-auth', failing, '--percent', '50', '--guard', '--min-views', '6', '--min-senders', '3', '--margin', '30', '--auto-promote', '10s');
  const successes = await forge(() => canaryLoads(failing, true));
  const b = await browse(browser, { canary: failing, blocked: true, enough: (x) => x.canary >= 5 && x.stable >= 3 });
  // Three passes on the whole sample, each after the canary's 10 s: each one free to promote it.
  const stored = JSON.parse(await readFile(path.join(portal.dataDir, 'releases', 'release.json'), 'utf8')) as ReleaseManifest;
  const failingSince = Date.parse(stored.remotes['mfe-auth']!.canary!.guard!.since);
  expect(failingSince, 'the canary is guarded since the command').toBeGreaterThanOrEqual(startedFailing);
  await guardPasses(3, Math.max(Date.now(), failingSince + 10_001));
  const forgedSuccesses = await successes.stop();
  expect(Date.now() - startedFailing).toBeGreaterThan(10_000);
  // A sender weighs 30 page views a version and half hour: forging across the hour or the half hour
  // is weighed once in each half hour its taken batches touched.
  const halfHours = forgedSuccesses.halfHours;
  // Every real canary page view failed; with the forger's budget of healthy views the canary looks
  // under the margin, which it is not without them: the guard waits, it does not promote.
  expect(b.canaryFailed).toBe(b.canary);
  const failingFigures = statusFigures((await releaseCli('status')).stdout, failing);
  expect(failingFigures.errors).toBe(b.canary);
  expect(failingFigures.views).toBe(b.canary + 30 * halfHours);
  expect(failingFigures.errors / failingFigures.views).toBeLessThan(0.3);
  expect((await manifest()).remotes['mfe-auth']).toMatchObject({ stable: { version: stable }, canary: { version: failing, percent: 50 } });
  expect((await historySince(startedFailing)).map((e) => e.action)).toEqual(['canary']);
  expect(await readFile(portal.logFile, 'utf8')).toContain(`release guard waits on the canary mfe-auth ${failing}: its largest canary sender alone decides the figures`);
  await releaseCli('abort-canary', 'mfe-auth');

  console.log(
    [
      `[release guard, forged] healthy canary: ${a.canary} real canary page views, ${a.stable} stable; the forger's ${forgedFailures.taken} batches of 20 failed page views counted ${healthyFigures.errors} failures; not aborted`,
      `[release guard, forged] failing canary: ${b.canary} real canary page views, all failed; the forger's ${forgedSuccesses.taken} batches of 20 healthy page views counted ${30 * halfHours}; not promoted`,
      senderWaitLine(),
    ].join('\n'),
  );
});

test('a guarded canary whose page throws for its users is aborted by the portal within two minutes, and they get stable', async ({ browser, consoleGuard }, testInfo) => {
  expectCanaryThrows(consoleGuard);
  // Once the guard has aborted the canary (share 0), the login page is served with the stable build's
  // preload links again (index-page.ts: only when no canary has a share). The page uses them after
  // reading /release.json and the remote's entry: with four browsers loaded at once at load 12, later
  // than the few seconds after the load event past which Chromium warns. What the users get and the
  // guard's verdict are asserted below.
  consoleGuard.expect(/^warning: The resource \S+\/remotes\/mfe-auth\/\S+ was preloaded using link preload but not used within a few seconds from the window's load event/);
  // Each browser leaves for /release.json (same origin) to read what it sent; Chromium asks that document for a favicon.
  consoleGuard.expectStatus(404, '/favicon.ico');
  const before = await manifest();
  const stable = before.remotes['mfe-auth']?.stable.version;
  expect(stable, 'mfe-auth is released at start').toBeTruthy();
  const broken = `9.3.0-throws.${Date.now().toString(36)}`;
  const dir = await throwingBuild(path.join(portal.dataDir, 'releases', 'mfe-auth', stable!));
  try {
    await releaseCli('publish', 'mfe-auth', '--version', broken, '--dir', dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const started = await releaseCli('canary', 'mfe-auth', broken, '--percent', '50', '--guard', '--min-views', String(MIN_VIEWS), '--min-senders', String(MIN_SENDERS), '--margin', '2');
  expect(started.stdout).toContain(`guarded: margin 2 points, at least ${MIN_VIEWS} page views from at least ${MIN_SENDERS} senders on each side`);
  // All along, one machine forges healthy page views of the canary to hide its failures.
  const forger = await forge(() => canaryLoads(broken, true));
  const startedForging = Date.now();

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
    await forger.stop();
  }
  // A sender weighs 30 page views a version and half hour: forging across the hour or the half hour
  // is weighed once in each half hour it touched.
  const forgedHalfHours = Math.floor(Date.now() / 1_800_000) - Math.floor(startedForging / 1_800_000) + 1;
  expect(firstErrorAt, 'some browsers got the canary').not.toBeNull();
  expect(telemetry.stable.requests + telemetry.canary.requests, 'the pages sent their telemetry').toBeGreaterThan(0);
  const toAbortMs = abortedAt - firstErrorAt!;
  const sampleToAbort = sampleAt === null ? 'before the sample was complete here' : `${(Math.max(0, abortedAt - sampleAt) / 1000).toFixed(1)} s`;
  console.log(
    [
      `[release guard] first canary render error -> canary aborted (share 0 in release.json): ${(toAbortMs / 1000).toFixed(1)} s (guard every ${GUARD_INTERVAL_MS / 1000} s, at least ${MIN_VIEWS} canary page views)`,
      `[release guard] minimum sample sent -> aborted: ${sampleToAbort}; ${pageViews} page views, ${canaryUsers.length} of them on the canary`,
      senderWaitLine(),
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
  const history = await releaseCli('history', 'mfe-auth');
  expect(history.stdout).toMatch(new RegExp(`abort-canary\\s+mfe-auth\\s+${escape(stable!)}\\s+${escape(broken)}\\s+release guard\\s+guard: error rate canary`));
  const status = await releaseCli('status');
  const line = status.stdout.split('\n').find((l) => l.startsWith('mfe-auth'));
  expect(line).toMatch(new RegExp(`^mfe-auth\\s+${escape(stable!)}\\s+${escape(broken)}\\s+0% \\(aborted\\)`));
  // Figures beside each version, and how many senders they came from: stable's clean views, the
  // canary's render errors and the forger's healthy views (one sender's budget: 30 a half hour).
  expect(line).toMatch(/\d+ views from \d+ senders?, \d+\.\d% errors \(\d+\)\s+\d+ views from \d+ senders?, \d+\.\d% errors \(\d+\)$/);
  const note = new RegExp(`mfe-auth canary ${escape(broken)} aborted at \\S+ by release guard \\(share 0\\): guard: error rate canary [\\d.]+% \\((\\d+) errors in (\\d+) page views, (\\d+) senders\\) vs stable \\d+\\.\\d%`).exec(
    status.stdout,
  );
  expect(note, status.stdout).not.toBeNull();
  const [noteErrors, noteViews, noteSenders] = [Number(note![1]), Number(note![2]), Number(note![3])];
  expect(noteViews - noteErrors).toBeLessThanOrEqual(30 * forgedHalfHours);
  expect(noteSenders).toBeLessThanOrEqual(noteErrors + 1);
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
  await expect(abortRow.first()).toContainText(/guard: error rate canary [\d.]+% \(\d+ errors in \d+ page views, \d+ senders\) vs stable/);
  const card = console_.getByRole('article', { name: 'mfe-auth' });
  await expect(card.getByText(broken, { exact: true }).first()).toBeVisible();
  // The aborted canary is not offered for promotion: it gets a share again first.
  await expect(card.getByText(MESSAGES.releases.offNotPromoted(broken))).toBeVisible();
  await expect(card.getByRole('button', { name: MESSAGES.releases.promote, exact: true })).toHaveCount(0);
  // The figures say how many senders they came from.
  await expect(card.getByRole('columnheader', { name: MESSAGES.releases.figures.senders })).toBeVisible();
  await console_.setViewportSize({ width: 1280, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await console_.screenshot({ path: testInfo.outputPath('release-console-senders-1280.png') });
  await abortRow.first().scrollIntoViewIfNeeded();
  await console_.screenshot({ path: testInfo.outputPath('release-console-abort-1280.png') });
  await console_.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await console_.screenshot({ path: testInfo.outputPath('release-console-senders-390.png') });
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
