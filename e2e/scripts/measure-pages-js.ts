// What every page of the portal loads: the JavaScript and CSS (gzip, as transferred) and the number
// of those files a first visit requests, measured in Chromium the way measure-login-js.mjs measures
// the login page. The pages come from the route tour (support/route-tour.ts: every route of ROUTES,
// opened by its visitor, signed in where it needs it), so a page added later is measured without
// being listed here.
//
//   pnpm --filter @portal/e2e measure:pages-js [--only name,name] [--json] [--list] [--login]
//
// Needs a build (`pnpm build` at the root). Starts the built portal with the demo data. Prints one
// table (page, visitor, KB, files); `--json` adds one line `PAGES_JS_JSON {...}` for the budget check
// (build-config/src/check-budgets.mjs --pages); `--list` prints the pages and starts nothing.
// `--login` first runs measure-login-js.mjs against the same portal and passes its output on (its
// `LOGIN_JS_JSON` line among it), so the budget check's two measures start one portal, not two.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { routeTour, signInAs, type TourStop, type Visitor } from '../support/route-tour';

export interface PageFigure {
  name: string;
  visitor: Visitor;
  kb: number;
  files: number;
}

/** Every page measured: the route tour's stops, in its order. */
export function measuredPages(): TourStop[] {
  return routeTour();
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
/** A response's body as transferred: encodedDataLength at loadingFinished counts headers too, less what responseReceived had seen. */
const bodyBytes = (r: { finishedBytes?: number; headerBytes: number }) => Math.max(0, (r.finishedBytes ?? 0) - r.headerBytes);

/**
 * Chunks the shell fetches only once a page has settled (the telemetry collector, two seconds after
 * the load event and an idle moment: shell/src/telemetry/start.ts). Whether one falls inside a
 * page's measuring window depends on the machine's load, so it is left out of the page's figures
 * (`--verbose` lists it, marked): a page's figures are then the same on a quiet machine and a busy one.
 */
export const AFTER_SETTLED = /^\/telemetry\.[0-9a-f]+\.js$/;

/**
 * measure-login-js.mjs against a running portal (`PORTAL_URL`), its output passed on as it comes;
 * rejects when it fails.
 */
async function measureLogin(url: string, json: boolean): Promise<void> {
  const script = path.join(import.meta.dirname, 'measure-login-js.mjs');
  const child = spawn(process.execPath, [script, ...(json ? ['--json'] : [])], {
    env: { ...process.env, PORTAL_URL: url },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (status !== 0) throw new Error(`the login page's measure ended with status ${status}`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt === -1 ? [] : (argv[onlyAt + 1] ?? '').split(',').filter(Boolean);
  const pages = measuredPages().filter((s) => only.length === 0 || only.includes(s.name));
  if (argv.includes('--list')) {
    console.log(JSON.stringify(pages));
    return;
  }
  if (pages.length === 0) throw new Error(`no page is named ${only.join(', ')}`);
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../playwright.config');
  const { SUPERADMIN, startPortal } = await import('../support/portal-process');

  const portal = await startPortal({ DEMO_DATA: '1' });
  // The login page first, while no one has signed in to this portal yet.
  if (argv.includes('--login')) {
    try {
      await measureLogin(portal.url, argv.includes('--json'));
    } catch (e) {
      await portal.stop();
      throw e;
    }
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const figures: PageFigure[] = [];
  try {
    for (const visitor of [...new Set(pages.map((p) => p.visitor))]) {
      const context = await browser.newContext({ baseURL: portal.url });
      try {
        const page = await context.newPage();
        await signInAs(page, visitor, SUPERADMIN, 60_000);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        // Gzip specifically (Chromium offers brotli only over https), as the login page's figure.
        await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
        let requests = new Map<string, { url: string; type: string; mime: string; headerBytes: number; finishedBytes?: number }>();
        cdp.on('Network.responseReceived', (e) => {
          requests.set(e.requestId, { url: e.response.url, type: e.type, mime: e.response.mimeType, headerBytes: e.response.encodedDataLength ?? 0 });
        });
        cdp.on('Network.loadingFinished', (e) => {
          const r = requests.get(e.requestId);
          if (r) r.finishedBytes = e.encodedDataLength;
        });
        for (const stop of pages.filter((p) => p.visitor === visitor)) {
          await page.goto('about:blank');
          requests = new Map();
          // A first visit of the page (the cache off, the session cookie kept), until its data and
          // lazy chunks have arrived.
          await page.goto(`/#${stop.route}`, { waitUntil: 'load' });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await page.waitForTimeout(500);
          await page.waitForLoadState('networkidle').catch(() => undefined);
          const loaded = [...requests.values()].filter(
            (r) => r.finishedBytes !== undefined && (r.type === 'Script' || r.type === 'Stylesheet' || /javascript|text\/css/.test(r.mime)),
          );
          const counted = (r: { url: string }) => !AFTER_SETTLED.test(new URL(r.url).pathname);
          const files = loaded.filter(counted);
          const bytes = files.reduce((n, r) => n + bodyBytes(r), 0);
          const figure = { name: stop.name, visitor, kb: kb(bytes), files: files.length };
          figures.push(figure);
          if (argv.includes('--verbose')) {
            for (const r of loaded) {
              const after = counted(r) ? '' : '  (after the page settled: not counted)';
              console.log(`  ${String(kb(bodyBytes(r))).padStart(6)} KB  ${new URL(r.url).pathname}${after}`);
            }
          }
          console.log(`${stop.name} (${visitor}): ${figure.kb} KB in ${figure.files} file(s)`);
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  const head = ['page', 'visitor', 'KB gzip', 'files'];
  const body = figures.map((f) => [f.name, f.visitor, f.kb.toFixed(1), String(f.files)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nJavaScript and CSS of a first visit, per page\n${[line(head), ...body.map(line)].join('\n')}`);
  if (argv.includes('--json')) console.log(`PAGES_JS_JSON ${JSON.stringify(figures)}`);
}

await main();
