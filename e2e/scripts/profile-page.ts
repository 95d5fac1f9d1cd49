// Where a page's first visit spends the main thread: opens one page of the route tour as its visitor
// (signed in, a new tab, the HTTP cache emptied, as Lighthouse opens it), records a CPU profile of the
// page from the navigation until the network is idle, and prints the paints (each largest-paint
// candidate with its element, the early frame's marked), the long tasks
// (PerformanceObserver 'longtask'), the self time by script and by function, and every request with
// its start and end (ms from the navigation: the waves a first visit waits through). A script that
// prints figures, not a test; no throttling unless `--cpu N` (the CPU slowed N times, as Lighthouse's
// mobile runs count it: with `--cpu 4` a long task here is one that Lighthouse counts in TBT).
//
//   pnpm --filter @portal/e2e profile:page [--page mainpage] [--top 40] [--runs 1] [--cpu 4] [--out file]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { routeTour, signInAs } from '../support/route-tour';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values } = parseArgs({
  options: { page: { type: 'string', default: 'mainpage' }, top: { type: 'string', default: '40' }, runs: { type: 'string', default: '1' }, cpu: { type: 'string', default: '1' }, out: { type: 'string' } },
});

async function main() {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../playwright.config');
  const { SUPERADMIN, startPortal } = await import('../support/portal-process');
  const stop = routeTour().find((s) => s.name === values.page);
  if (!stop) throw new Error(`no page ${values.page}: ${routeTour().map((s) => s.name).join(', ')}`);
  const portal = await startPortal({ DEMO_DATA: '1' });
  const profileDir = mkdtempSync(path.join(tmpdir(), 'portal-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS], baseURL: portal.url, viewport: { width: 390, height: 844 } });
  try {
    const first = await context.newPage();
    await signInAs(first, stop.visitor, SUPERADMIN, 60_000);
    for (let run = 0; run < Number(values.runs); run += 1) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      if (Number(values.cpu) > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.cpu) });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await page.addInitScript(() => {
        const w = window as unknown as { __long: { start: number; duration: number }[]; __lcp: string[] };
        w.__long = [];
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) {
            const el = e.element;
            const what = el ? `${el.tagName.toLowerCase()}${el.closest('[data-early-frame]') ? ' (early frame)' : ''} "${(el.textContent ?? '').slice(0, 30)}"` : '?';
            w.__lcp.push(`${Math.round(e.startTime)} ${what} ${e.size}px`);
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
        }).observe({ type: 'longtask', buffered: true });
      });
      let t0 = 0;
      const requests: { url: string; start: number; end: number }[] = [];
      const started = new Map<object, number>();
      page.on('request', (r) => started.set(r, Date.now()));
      page.on('requestfinished', (r) => requests.push({ url: r.url(), start: started.get(r)! - t0, end: Date.now() - t0 }));
      await cdp.send('Profiler.start');
      t0 = Date.now();
      await page.goto(`${portal.url}/#${stop.route}`, { waitUntil: 'networkidle' });
      // A slowed CPU can keep the network quiet for 500 ms before the page's module is even asked for:
      // wait for the page's remote to be drawn, then for a second without a request.
      await page.locator('[data-remote]').first().waitFor({ state: 'attached', timeout: 60_000 });
      let last = Date.now();
      page.on('request', () => (last = Date.now()));
      page.on('requestfinished', () => (last = Date.now()));
      while (Date.now() - last < 1000) await page.waitForTimeout(100);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const long = await page.evaluate(() => (window as unknown as { __long: { start: number; duration: number }[] }).__long);
      const paints = await page.evaluate(() => [
        ...performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
        ...(window as unknown as { __lcp: string[] }).__lcp.map((l) => `largest-contentful-paint ${l}`),
      ]);
      if (values.out) writeFileSync(`${values.out}.${run}.cpuprofile`, JSON.stringify(profile));
      report(profile, long, paints, Date.now() - t0);
      console.log('requests (ms from the navigation: start-end):');
      for (const r of requests.sort((a, b) => a.start - b.start)) console.log(`  ${String(r.start).padStart(5)}-${String(r.end).padEnd(5)} ${r.url.replace(/^https?:\/\/[^/]+/, '')}`);
      await page.close();
    }
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
    await portal.stop();
  }
}

function report(profile: Profile, long: { start: number; duration: number }[], paints: string[], wall: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i += 1) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const script = f.url ? f.url.replace(/^https?:\/\/[^/]+/, '') : `(${f.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${f.functionName || '(anonymous)'} ${script}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = Number(values.top);
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const busy = [...self].filter(([id]) => !['(idle)', '(program)'].includes(byId.get(id)!.callFrame.functionName)).reduce((s, [, ms]) => s + ms, 0);
  console.log(`${values.page}: ${wall} ms to network idle, ${Math.round(busy)} ms on the main thread in script (profiled), CPU ${values.cpu}x slower, load ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  console.log(`paints: ${paints.join(', ')}`);
  console.log(`long tasks (${long.length}, ${long.reduce((s, l) => s + Math.max(0, l.duration - 50), 0)} ms over 50): ${long.map((l) => `${l.start}+${l.duration}`).join(' ')}`);
  console.log('self time by script (ms):');
  for (const [k, v] of sorted(byScript).slice(0, 20)) console.log(`  ${v.toFixed(0).padStart(6)}  ${k}`);
  console.log('self time by function (ms):');
  for (const [k, v] of sorted(byFunction).slice(0, top)) console.log(`  ${v.toFixed(1).padStart(7)}  ${k}`);
}

await main();
