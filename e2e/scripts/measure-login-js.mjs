#!/usr/bin/env node
// Prints how much JavaScript (gzip, as transferred) the login page needs before it is interactive:
// every script response finished by the time the "Log in" button can be clicked.
// Uses PORTAL_URL when set, otherwise starts the built portal on a free port with a throwaway data folder.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'deploy', 'node_modules', '.bin', 'tsx');
const LOGIN_BUTTON = 'Log in';

async function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startPortal() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn' };
  delete env.API_URL;
  delete env.DATABASE_URL;
  delete env.RELEASE_STORE;
  const rel = spawnSync(TSX, ['src/cli/release.ts', 'ensure'], { cwd: path.join(ROOT, 'deploy'), env, encoding: 'utf8' });
  if (rel.status !== 0) throw new Error(`release ensure failed: ${rel.stderr}`);
  const child = spawn(TSX, ['src/server.ts'], { cwd: path.join(ROOT, 'deploy'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the portal exited');
    if (Date.now() > deadline) throw new Error('the portal did not start');
    const ok = await fetch(`${url}/release.json`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

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
  // `--json`: one machine-readable line for the budget check (build-config/src/check-budgets.mjs).
  if (process.argv.includes('--json')) {
    const figure = { kb: Math.round((total / 1024) * 10) / 10, files: scripts.length, interactiveMs };
    console.log(`LOGIN_JS_JSON ${JSON.stringify({ ...figure, scripts: scripts.map((r) => ({ path: new URL(r.url).pathname, bytes: bodyBytes(r), encoding: r.encoding })) })}`);
  }
} finally {
  await browser.close();
  await portal.stop();
}
