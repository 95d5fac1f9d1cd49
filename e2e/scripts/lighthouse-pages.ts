// Scores every page of the portal with Lighthouse: the mobile profile, simulated throttling, the
// median of N runs (by performance score), each page opened by the visitor who lands on it with the
// demo data's rows. The pages come from the route tour (support/route-tour.ts: every route of the
// contracts' ROUTES, with the visitor who opens it), so a page added later is scored without being
// listed here (tests/lighthouse-pages.test.mjs holds that).
//
//   pnpm --filter @portal/e2e lighthouse:pages [--runs N] [--only name,name] [--check] [--list] [--trace]
//
// Needs a build (`pnpm build` at the root). Prints one table: page, visitor, performance,
// accessibility, LCP, TBT, CLS, transfer KB, and under it each failing accessibility audit. Reports
// go to PERF_OUT (default /tmp/portal-perf/pages). `--check` exits 1 when a page scores below the
// issue's goals (performance 95, accessibility 100); without it the script only measures. `--list`
// prints the pages as JSON and starts nothing. `--trace` also writes the median run's trace
// (`<page>.trace.json`, for Chromium's Performance panel: the main thread's tasks and the requests).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { routeTour, signInAs, type TourStop, type Visitor } from '../support/route-tour';

/** The issue's goals for every page. */
export const GOALS = { performance: 95, accessibility: 100 } as const;

/** Every page Lighthouse scores: the route tour's stops, in its order (by visitor). */
export function lighthousePages(): TourStop[] {
  return routeTour();
}

interface Args {
  runs: number;
  only: string[];
  check: boolean;
  list: boolean;
  trace: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { runs: 5, only: [], check: false, list: false, trace: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i]!;
    const value = (name: string) => (a.startsWith(`${name}=`) ? a.slice(name.length + 1) : argv[++i]);
    if (a === '--check') args.check = true;
    else if (a === '--list') args.list = true;
    else if (a === '--trace') args.trace = true;
    else if (a === '--runs' || a.startsWith('--runs=')) args.runs = Math.max(1, Number(value('--runs')) || 1);
    else if (a === '--only' || a.startsWith('--only=')) args.only = (value('--only') ?? '').split(',').filter(Boolean);
    else if (a === '--') continue;
    else throw new Error(`unknown argument ${a} (--runs N, --only name,name, --check, --list, --trace)`);
  }
  return args;
}

interface Row {
  stop: TourStop;
  runs: number;
  performance?: number;
  accessibility?: number;
  lcp?: number;
  tbt?: number;
  cls?: number;
  transferKb?: number;
  ended?: string;
  failing: string[];
  error?: string;
}

function table(rows: Row[]): string {
  const head = ['page', 'visitor', 'perf', 'a11y', 'LCP ms', 'TBT ms', 'CLS', 'KB', 'runs'];
  const body = rows.map((r) => [
    r.stop.name,
    r.stop.visitor,
    r.performance === undefined ? '-' : String(r.performance),
    r.accessibility === undefined ? '-' : String(r.accessibility),
    r.lcp === undefined ? '-' : String(Math.round(r.lcp)),
    r.tbt === undefined ? '-' : String(Math.round(r.tbt)),
    r.cls === undefined ? '-' : r.cls.toFixed(3),
    r.transferKb === undefined ? '-' : r.transferKb.toFixed(0),
    String(r.runs),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), ...body.map(line)].join('\n');
}

const below = (r: Row) => r.performance === undefined || r.accessibility === undefined || r.performance < GOALS.performance || r.accessibility < GOALS.accessibility;

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const pages = lighthousePages().filter((s) => args.only.length === 0 || args.only.includes(s.name));
  if (args.list) {
    console.log(JSON.stringify(pages));
    return;
  }
  if (pages.length === 0) throw new Error(`no page is named ${args.only.join(', ')}`);
  // Loaded only when measuring: `--list` (the repository test) starts nothing.
  const { default: lighthouse } = await import('lighthouse');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../playwright.config');
  const { SUPERADMIN, freePort, startPortal } = await import('../support/portal-process');

  const out = path.resolve(process.env.PERF_OUT ?? path.join(tmpdir(), 'portal-perf', 'pages'));
  mkdirSync(out, { recursive: true });
  // Simulated throttling scales the CPU time the trace recorded: a busy machine lowers every score.
  const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');
  console.log(`scoring ${pages.length} page(s) with Lighthouse, median of ${args.runs} run(s) each (load average ${load()})`);
  const portal = await startPortal({ DEMO_DATA: '1' });
  const rows: Row[] = [];
  try {
    const visitors = [...new Set(pages.map((p) => p.visitor))] as Visitor[];
    for (const visitor of visitors) {
      // One persistent profile per visitor: the tab Lighthouse opens shares its session cookie.
      const profile = mkdtempSync(path.join(tmpdir(), 'portal-lighthouse-profile-'));
      const port = await freePort();
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
        baseURL: portal.url,
      });
      try {
        const page = await context.newPage();
        await signInAs(page, visitor, SUPERADMIN, 60_000);
        const cdp = await context.newCDPSession(page);
        for (const stop of pages.filter((p) => p.visitor === visitor)) {
          const url = `${portal.url}/#${stop.route}`;
          const row: Row = { stop, runs: 0, failing: [] };
          rows.push(row);
          const results = [];
          // A run without a score (a trace Chromium cut short on a busy machine) is run again, twice at most.
          let retries = 2;
          for (let i = 0; i < args.runs; i += 1) {
            // Every run a first visit: the HTTP cache emptied, the session cookie kept.
            await cdp.send('Network.clearBrowserCache');
            const run = await lighthouse(url, {
              port,
              output: ['html', 'json'],
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
              disableStorageReset: visitor !== 'public',
            });
            const perf = run?.lhr.categories.performance?.score;
            if (!run || perf === null || perf === undefined) {
              row.error = run?.lhr.runtimeError?.code ?? 'no result';
              if (retries-- > 0) i -= 1;
              continue;
            }
            // A signed-in page whose session was lost scores the login page it was sent to: not this page.
            const ended = new URL(run.lhr.finalDisplayedUrl ?? url).hash;
            if (visitor !== 'public' && /^#\/?$/.test(ended)) {
              row.error = 'sent to the login page';
              continue;
            }
            results.push(run);
          }
          row.runs = results.length;
          if (results.length === 0) {
            console.log(`${stop.name}: no score (${row.error})`);
            continue;
          }
          results.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
          const median = results[Math.floor((results.length - 1) / 2)]!;
          const { lhr } = median;
          const [html, json] = median.report as string[];
          writeFileSync(path.join(out, `${stop.visitor}-${stop.name}.html`), html!);
          writeFileSync(path.join(out, `${stop.visitor}-${stop.name}.json`), json!);
          const trace = (median.artifacts as { Trace?: unknown } | undefined)?.Trace;
          if (args.trace && trace) writeFileSync(path.join(out, `${stop.visitor}-${stop.name}.trace.json`), JSON.stringify(trace));
          row.performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
          row.accessibility = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
          row.lcp = lhr.audits['largest-contentful-paint']?.numericValue;
          row.tbt = lhr.audits['total-blocking-time']?.numericValue;
          row.cls = lhr.audits['cumulative-layout-shift']?.numericValue;
          const bytes = lhr.audits['total-byte-weight']?.numericValue;
          row.transferKb = bytes === undefined ? undefined : bytes / 1024;
          row.ended = new URL(lhr.finalDisplayedUrl ?? url).hash;
          for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
              const items = ((audit.details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [])
                .map((it) => it.node?.selector)
                .filter(Boolean)
                .slice(0, 3);
              row.failing.push(`${ref.id}${items.length ? ` (${items.join('; ')})` : ''}`);
            }
          }
          console.log(`${stop.name} (${visitor}): performance ${row.performance}, accessibility ${row.accessibility} (${results.map((r) => Math.round((r.lhr.categories.performance?.score ?? 0) * 100)).join(' ')}; load ${load()})`);
        }
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    }
  } finally {
    await portal.stop();
  }

  console.log(`\nLighthouse, mobile, simulated throttling, median of ${args.runs} run(s); load average ${load()}`);
  console.log(table(rows));
  for (const r of rows) for (const f of r.failing) console.log(`accessibility: ${r.stop.name}: ${f}`);
  const failed = rows.filter(below);
  writeFileSync(path.join(out, 'pages.txt'), `${table(rows)}\n`);
  console.log(`reports in ${out}`);
  if (failed.length > 0) {
    console.log(`${failed.length} page(s) below performance ${GOALS.performance} or accessibility ${GOALS.accessibility}: ${failed.map((r) => r.stop.name).join(', ')}`);
    if (args.check) process.exitCode = 1;
  }
}

await main();
