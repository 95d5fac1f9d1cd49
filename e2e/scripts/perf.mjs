#!/usr/bin/env node
// `pnpm perf`: builds the shell and the remotes (`--no-build` skips it), checks the bundle budgets of
// build-config/budgets.json (the login page measured in Chromium), scores the login page and the
// employer dashboard with Lighthouse (mobile profile, simulated throttling; `--runs=N` keeps the median
// of N runs) and prints one table: each budget, its figure, pass or FAIL. Lighthouse reports are kept
// in PERF_OUT (default /tmp/portal-perf), outside git. Exits 1 when a budget fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort, startPortal } from './start-portal.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const OUT = path.resolve(process.env.PERF_OUT ?? path.join(tmpdir(), 'portal-perf'));
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The demo data's ready employer (api/src/demo/companies.ts): setup complete, so /mainPage is the dashboard.
const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
// The issue's goals: performance at least 95, accessibility 100, on both pages.
const SCORES = { performance: 95, accessibility: 100 };
// `--runs=N`: Lighthouse scores each page N times and the table takes the median run (by performance
// score): on a shared machine one run moves by 10 to 30 points.
const RUNS = Math.max(1, Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1) || 1);

function run(cmd, args, cwd = ROOT) {
  return spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
}

mkdirSync(OUT, { recursive: true });
if (!process.argv.includes('--no-build')) {
  console.log('building the shell and the remotes');
  const build = spawnSync('pnpm', ['--filter', './shell', '--filter', './mfe-*', 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const rows = [];

// Simulated throttling scales the CPU time the trace recorded: a busy machine lowers every score.
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');
console.log(`scoring the login page and the employer dashboard with Lighthouse (${RUNS} run(s) each; load average ${load()})`);
const portal = await startPortal({ DEMO_DATA: '1' });
const profile = mkdtempSync(path.join(tmpdir(), 'portal-perf-profile-'));
const port = await freePort();
// One persistent profile: the tab Lighthouse opens shares the signed-in employer's session cookie.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROME,
  headless: true,
  args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const pages = [
    { name: 'login page', file: 'login', url: `${portal.url}/#/`, signedIn: false },
    { name: 'employer dashboard', file: 'dashboard', url: `${portal.url}/#/mainPage`, signedIn: true },
  ];
  for (const p of pages) {
    if (p.signedIn) {
      const page = await context.newPage();
      await page.goto(`${portal.url}/#/`);
      await page.getByLabel('Email', { exact: true }).fill(EMPLOYER.email);
      await page.getByLabel('Password', { exact: true }).fill(EMPLOYER.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL(/#\/mainPage/, { timeout: 60_000 });
      await page.close();
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouse(
        p.url,
        { port, output: ['html', 'json'], logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: p.signedIn },
      );
      if (!run) throw new Error(`Lighthouse gave no result for the ${p.name}`);
      const perf = run.lhr.categories.performance?.score;
      if (perf === null || perf === undefined) {
        console.log(`${p.name}: run ${i + 1} gave no performance score (${run.lhr.runtimeError?.code ?? 'no error code'}), left out`);
        continue;
      }
      // A signed-in page whose session was lost scores the login page it was sent to: not this page.
      const ended = new URL(run.lhr.finalDisplayedUrl ?? run.lhr.finalUrl ?? p.url).hash;
      if (ended !== new URL(p.url).hash) {
        console.log(`${p.name}: run ${i + 1} ended on ${ended || '/'} instead of ${new URL(p.url).hash}, left out`);
        continue;
      }
      if (RUNS > 1) console.log(`${p.name}: run ${i + 1}: performance ${Math.round(perf * 100)}`);
      runs.push(run);
    }
    if (runs.length === 0) throw new Error(`Lighthouse gave no score for the ${p.name}`);
    runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const result = runs[Math.floor((runs.length - 1) / 2)];
    const [html, json] = result.report;
    writeFileSync(path.join(OUT, `lighthouse-${p.file}.html`), html);
    writeFileSync(path.join(OUT, `lighthouse-${p.file}.json`), json);
    for (const [category, min] of Object.entries(SCORES)) {
      const score = Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
      rows.push({ name: `${p.name}: Lighthouse ${category}`, budget: min, figure: score, unit: '/100', pass: score >= min });
    }
    const lcp = result.lhr.audits['largest-contentful-paint']?.numericValue;
    const tbt = result.lhr.audits['total-blocking-time']?.numericValue;
    console.log(`${p.name}: LCP ${Math.round(lcp ?? 0)} ms, TBT ${Math.round(tbt ?? 0)} ms (simulated mobile${runs.length > 1 ? `, median of ${runs.length} runs` : ''}; load average ${load()})`);
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await portal.stop();
}

// One table: the bundle budgets (the login page measured in Chromium) and the scores above.
const extra = path.join(OUT, 'lighthouse-rows.json');
writeFileSync(extra, JSON.stringify(rows));
console.log('checking the bundle budgets (the login page in Chromium)');
const check = run(process.execPath, ['build-config/src/check-budgets.mjs', '--login', '--extra', extra]);
const output = check.stdout ?? '';
const tableStart = output.indexOf('budget ');
writeFileSync(path.join(OUT, 'login-js.txt'), output.slice(0, Math.max(0, tableStart)));
writeFileSync(path.join(OUT, 'budgets.txt'), output.slice(Math.max(0, tableStart)));
process.stdout.write(output);
console.log(`reports in ${OUT}`);
process.exit(check.status ?? 1);
