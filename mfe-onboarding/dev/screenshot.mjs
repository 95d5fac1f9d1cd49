// Development only: serves dev/dist on 127.0.0.1:4400 and screenshots each harness scenario into
// dev/dist/shots with Debian's Chromium. Usage: node dev/screenshot.mjs [scenario ...]
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(import.meta.dirname, '../../e2e/package.json'));
const { chromium } = require('playwright-core');

const dist = path.join(import.meta.dirname, 'dist');
const shots = path.join(dist, 'shots');
mkdirSync(shots, { recursive: true });
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => {
  const file = path.join(dist, req.url === '/' ? 'index.html' : req.url.split('?')[0]);
  if (!file.startsWith(dist) || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((r) => server.listen(4400, '127.0.0.1', r));

const DEFAULT = [
  ['setup-company-empty', '/setup-company?state=empty'],
  ['setup-company', '/setup-company'],
  ['setup-company-long', '/setup-company?state=long'],
  ['setup-company-error', '/setup-company?state=error'],
  ['setup-incentives', '/setup-company-incentives'],
  ['setup-employees', '/setup-company-employee-details'],
  ['account-completed', '/account-completed?state=long'],
  ['company-settings', '/company-settings'],
  ['company-settings-incentives', '/company-settings?tab=Incentives'],
  ['all-employers', '/super-admin'],
  ['all-employers-empty', '/super-admin?state=empty'],
  ['all-employers-error', '/super-admin?state=error'],
];
const wanted = process.argv.slice(2);
const list = wanted.length ? DEFAULT.filter(([n]) => wanted.some((w) => n.startsWith(w))) : DEFAULT;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  for (const [name, hash] of list) {
    await page.goto(`http://127.0.0.1:4400/#${hash}`);
    await page.reload();
    await page.waitForTimeout(900);
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
    console.log('shot', name);
  }
  if (!wanted.length || wanted.includes('modal')) {
    await page.goto('http://127.0.0.1:4400/#/super-admin');
    await page.reload();
    await page.getByRole('button', { name: /See more about The Extraordinarily/ }).click();
    await page.waitForTimeout(600);
    await page.getByRole('button', { name: 'Deactivate User' }).click();
    await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, 'employer-modal.png'), fullPage: true });
    console.log('shot employer-modal');
  }
} finally {
  await browser.close();
  server.close();
}
