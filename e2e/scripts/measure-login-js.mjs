#!/usr/bin/env node
// Prints how much JavaScript (gzip, as transferred) the login page needs before it is interactive:
// every script response finished by the time the "Log in" button can be clicked.
// Uses PORTAL_URL when set, otherwise starts the built portal on a free port with a throwaway data folder.
import { chromium } from 'playwright-core';
import { startPortal } from './start-portal.mjs';

const LOGIN_BUTTON = 'Log in';

const portal = process.env.PORTAL_URL ? { url: process.env.PORTAL_URL, stop: async () => {} } : await startPortal();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // Measure gzip specifically (Chromium offers brotli only over https).
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });

  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => {
    requests.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      mime: e.response.mimeType,
      encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity',
      headerBytes: e.response.encodedDataLength ?? 0,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.finishedBytes = e.encodedDataLength;
  });

  const started = Date.now();
  await page.goto(`${portal.url}/#/`);
  const button = page.getByRole('button', { name: LOGIN_BUTTON, exact: true });
  await button.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(
    (label) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === label && !b.disabled),
    LOGIN_BUTTON,
  );
  const interactiveMs = Date.now() - started;

  const scripts = [...requests.values()].filter((r) => r.finishedBytes !== undefined && (r.type === 'Script' || /javascript/.test(r.mime)));
  // encodedDataLength at loadingFinished counts headers too; subtract what responseReceived had seen.
  const bodyBytes = (r) => Math.max(0, r.finishedBytes - r.headerBytes);
  const total = scripts.reduce((n, r) => n + bodyBytes(r), 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const r of scripts.sort((a, b) => bodyBytes(b) - bodyBytes(a))) {
    console.log(`${kb(bodyBytes(r)).padStart(10)}  ${r.encoding.padEnd(8)} ${new URL(r.url).pathname}`);
  }
  const uncompressed = scripts.filter((r) => r.encoding === 'identity' && bodyBytes(r) > 1024);
  if (uncompressed.length) console.log(`warning: ${uncompressed.length} script(s) over 1 KB were not compressed`);
  console.log(`login page JS before interactive: ${kb(total)} gzip in ${scripts.length} file(s); interactive after ${interactiveMs} ms`);
  // A second visit in the same browser: what still goes over the network once the cache holds the
  // first visit's files (the goal: release.json and the session check, nothing else).
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await page.reload();
  await page.getByRole('button', { name: LOGIN_BUTTON, exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
  const again = await context.newPage();
  const cdp2 = await context.newCDPSession(again);
  await cdp2.send('Network.enable');
  await cdp2.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'gzip' } });
  const fetched = new Map();
  cdp2.on('Network.requestWillBeSent', (e) => fetched.set(e.requestId, new URL(e.request.url).pathname));
  cdp2.on('Network.requestServedFromCache', (e) => fetched.delete(e.requestId));
  cdp2.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache || e.response.fromServiceWorker) fetched.delete(e.requestId);
  });
  await again.goto(`${portal.url}/#/`);
  await again.waitForFunction(
    (label) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === label && !b.disabled),
    LOGIN_BUTTON,
  );
  const secondVisit = [...new Set(fetched.values())];
  console.log(`second visit: ${secondVisit.length} request(s) over the network: ${secondVisit.join(', ')}`);

  // `--json`: one machine-readable line for the budget check (build-config/src/check-budgets.mjs).
  if (process.argv.includes('--json')) {
    const figure = { kb: Math.round((total / 1024) * 10) / 10, files: scripts.length, interactiveMs, secondVisit };
    console.log(`LOGIN_JS_JSON ${JSON.stringify({ ...figure, scripts: scripts.map((r) => ({ path: new URL(r.url).pathname, bytes: bodyBytes(r), encoding: r.encoding })) })}`);
  }
} finally {
  await browser.close();
  await portal.stop();
}
