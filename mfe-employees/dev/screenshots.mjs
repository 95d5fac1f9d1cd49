// Development only: serves dev/dist and screenshots each preview scenario with Debian's Chromium.
// Usage: node dev/screenshots.mjs [outDir]   (build first: npx rspack build -c dev/rspack.preview.mjs)
import http from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(import.meta.dirname, '../../e2e/package.json'));
const { chromium } = require('playwright-core');

const dist = path.join(import.meta.dirname, 'dist');
const out = process.argv[2] ?? '/tmp/mfe-employees-shots';
const PORT = 4510;
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

const server = http.createServer(async (req, res) => {
  const file = path.join(dist, req.url === '/' ? 'index.html' : req.url.split('?')[0]);
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(PORT, '127.0.0.1', r));
await mkdir(out, { recursive: true });

const shots = [
  ['employees', 's=employees', null],
  ['employees-empty', 's=employees&empty', null],
  ['employees-fail', 's=employees&fail', null],
  ['employees-add', 's=employees', async (p) => p.getByRole('button', { name: 'Add Employee' }).click()],
  ['pending', 's=employees&q=tab%3Dpending-requests', async (p) => p.getByRole('checkbox', { name: 'Select all' }).click()],
  ['pending-empty', 's=employees&empty&q=tab%3Dpending-requests', null],
  ['pending-menu', 's=employees&q=tab%3Dpending-requests', async (p) => p.getByRole('button', { name: 'Awaiting Approval' }).click()],
  ['pending-confirm', 's=employees&q=tab%3Dpending-requests', async (p) => p.getByRole('button', { name: /^Reject Applicant2 / }).click()],
  ['detail-active-driver', 's=detail&i=3', async (p) => p.getByRole('button', { name: 'Deactivate' }).click()],
  ['detail-deactivated', 's=detail&i=0', null],
  ['csv', 's=csv', null],
  ['csv-report', 's=csv', async (p) => {
    await p.setInputFiles('input[type=file]', { name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n') });
    await p.getByRole('button', { name: 'Import' }).click();
    await p.getByRole('region', { name: 'Import problems' }).waitFor();
  }],
  ['share', 's=share', null],
  ['share-nocompany', 's=share&nosession', null],
  ['manual', 's=manual', async (p) => {
    await p.getByRole('button', { name: 'Add row' }).click();
    await p.getByRole('textbox', { name: 'First Name, row 1' }).fill('Ann');
    await p.getByRole('textbox', { name: 'Email, row 2' }).fill('not-an-email');
    await p.getByRole('button', { name: /^Submit/ }).click();
  }],
  ['setup', 's=setup&q=employer_id%3D00000000-0000-4000-8000-000000999001', async (p) => p.getByRole('button', { name: 'Proceed' }).click()],
  ['setup-nocompany', 's=setup', null],
  ['download', 's=download', null],
  ['users', 's=users', null],
  ['users-employee', 's=users', async (p) => p.getByRole('button', { name: /^See more about Employee2 / }).click()],
  ['bell', 's=bell', async (p) => p.getByRole('button', { name: /Join requests/ }).click()],
  ['bell-nocompany', 's=bell&nosession', null],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const only = process.env.ONLY?.split(',');
  for (const [name, hash, act] of shots.filter(([n]) => !only || only.includes(n))) {
    for (const [w, h, tag] of [[1280, 900, ''], ...(process.env.MOBILE ? [[390, 844, '-mobile']] : [])]) {
      const page = await browser.newPage({ viewport: { width: w, height: h } });
      page.on('pageerror', (e) => console.error(name, 'pageerror', e.message));
      page.on('console', (m) => m.type() === 'error' && console.error(name, 'console', m.text()));
      await page.goto(`http://127.0.0.1:${PORT}/#${hash}`);
      await page.waitForTimeout(700);
      if (act) await act(page);
      await page.waitForTimeout(700);
      await page.screenshot({ path: path.join(out, `${name}${tag}.png`), fullPage: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log('screenshots in', out);
