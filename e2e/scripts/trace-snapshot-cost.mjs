#!/usr/bin/env node
/**
 * What a trace's DOM snapshots cost each action: the same 60 actions (a click, a fill, a text wait,
 * 20 times) on a page of a 200-row table, traced as the journeys trace (no filmstrip, thrown away at
 * the end as a passing journey's is) with and without DOM snapshots, in turns, `--rounds` times each.
 * Prints the processor seconds of this process and its browser (all of Chromium's processes) and the
 * wall seconds of each turn, beside the load average. Figures only; nothing is asserted.
 * `node scripts/trace-snapshot-cost.mjs [--rounds 5]`
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { TICK, processes, treeOf } from './proc-tree.mjs';

const at = process.argv.indexOf('--rounds');
const ROUNDS = at >= 0 ? Math.max(1, Number(process.argv[at + 1]) || 1) : 5;

const rows = Array.from(
  { length: 200 },
  (_, i) =>
    `<tr><td>Person ${i}</td><td>person${i}@example.test</td><td>Office ${i % 7}</td><td><button onclick="this.closest('tr').querySelector('td').textContent='Approved ${i}'">Approve ${i}</button></td></tr>`,
).join('');
const html = `<!doctype html><html><head><style>td{padding:4px;border:1px solid #ccc}</style></head><body><main><h1>Employees</h1><input aria-label="Search" oninput="document.getElementById('o').textContent=this.value"><p id="o"></p><table>${rows}</table></main></body></html>`;

/** Processor ticks (children waited for included) of `root` and every process below it. */
function treeTicks(root) {
  const procs = processes();
  let ticks = 0;
  for (const pid of treeOf(procs, root)) {
    const p = procs.get(pid);
    if (p) ticks += p.ticks + p.childTicks;
  }
  return ticks;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function turn(snapshots) {
  const ticks0 = treeTicks(process.pid);
  const began = Date.now();
  const context = await browser.newContext();
  await context.tracing.start({ screenshots: false, snapshots, sources: true });
  const page = await context.newPage();
  await page.setContent(html);
  for (let i = 0; i < 20; i++) {
    await page.getByRole('button', { name: `Approve ${i * 7}`, exact: true }).click();
    await page.getByLabel('Search').fill(`name ${i}`);
    await page.getByText(`Approved ${i * 7}`, { exact: true }).waitFor();
  }
  await context.tracing.stop();
  await context.close();
  return { cpu: (treeTicks(process.pid) - ticks0) / TICK, wall: (Date.now() - began) / 1000 };
}

try {
  const load0 = os.loadavg();
  await turn(true); // warm-up, not counted
  await turn(false);
  const figures = { with: [], without: [] };
  for (let r = 0; r < ROUNDS; r++) {
    figures.with.push(await turn(true));
    figures.without.push(await turn(false));
  }
  const fmt = (xs, k) => xs.map((x) => x[k].toFixed(2)).join(' ');
  const mean = (xs, k) => xs.reduce((a, x) => a + x[k], 0) / xs.length;
  console.log(`load ${load0.map((l) => l.toFixed(2)).join(' ')} -> ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; 60 actions a turn`);
  for (const [name, xs] of Object.entries(figures)) {
    console.log(`${name.padEnd(7)} DOM snapshots: processor ${fmt(xs, 'cpu')} s (mean ${mean(xs, 'cpu').toFixed(2)}); wall ${fmt(xs, 'wall')} s (mean ${mean(xs, 'wall').toFixed(2)})`);
  }
  const perAction = (k) => ((mean(figures.with, k) - mean(figures.without, k)) / 60) * 1000;
  console.log(`the snapshots' share of an action: ${perAction('cpu').toFixed(0)} ms of processor, ${perAction('wall').toFixed(0)} ms of wall`);
} finally {
  await browser.close();
}
