#!/usr/bin/env node
/**
 * Where a run's processor time goes: `node scripts/cpu-share.mjs -- <command...>` runs the command
 * and samples /proc every second; at its end it prints, for the command's process tree, the
 * processor seconds of Chromium's processes (browser, renderers, GPU/utility), the portals' node
 * processes, the Playwright runner and workers, PostgreSQL and the rest, beside the machine's busy
 * and idle core-seconds (other work on the machine included) and the load average at start and end.
 * Figures only; nothing is asserted.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { TICK, processes, treeOf } from './proc-tree.mjs';

const sep = process.argv.indexOf('--');
const cmd = sep >= 0 ? process.argv.slice(sep + 1) : [];
if (cmd.length === 0) {
  console.error('usage: node scripts/cpu-share.mjs -- <command...>');
  process.exit(2);
}

function machine() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + cpu[4];
  const total = cpu.reduce((a, b) => a + b, 0);
  return { idle, busy: total - idle };
}

function kind(cmdline) {
  if (/chrom/i.test(cmdline)) {
    if (/--type=renderer/.test(cmdline)) return 'chromium renderers';
    if (/--type=/.test(cmdline)) return 'chromium gpu/utility';
    return 'chromium browser';
  }
  if (/postgres/.test(cmdline)) return 'postgresql';
  if (/launch\.mjs|start-portal|deploy\/dist|deploy\/src/.test(cmdline)) return 'portals (node)';
  if (/playwright/.test(cmdline)) return 'playwright runner/workers';
  if (/node/.test(cmdline)) return 'other node';
  return 'other';
}

const child = spawn(cmd[0], cmd.slice(1), { stdio: 'inherit' });
const root = child.pid;
const began = Date.now();
const load0 = os.loadavg();
const m0 = machine();
const seen = new Map(); // pid -> { last ticks, kind }
const byKind = new Map();
let samples = 0;
const idleSeries = [];
let prevM = m0;

function sample() {
  const procs = processes({ cmdline: true });
  const inTree = treeOf(procs, root);
  for (const pid of inTree) {
    const p = procs.get(pid);
    if (!p) continue;
    const k = seen.get(pid)?.kind ?? kind(p.cmdline);
    const before = seen.get(pid)?.ticks ?? 0; // a process first seen started after the command did
    byKind.set(k, (byKind.get(k) ?? 0) + Math.max(0, p.ticks - before));
    seen.set(pid, { ticks: p.ticks, kind: k });
  }
  const m = machine();
  idleSeries.push((m.idle - prevM.idle) / Math.max(1, m.idle + m.busy - prevM.idle - prevM.busy));
  prevM = m;
  samples++;
}
const timer = setInterval(sample, 1000);
child.on('exit', (code) => {
  clearInterval(timer);
  const m1 = machine();
  const wall = (Date.now() - began) / 1000;
  const cores = os.cpus().length;
  const total = [...byKind.values()].reduce((a, b) => a + b, 0) / TICK;
  console.log(`\n[cpu-share] wall ${wall.toFixed(0)} s, ${samples} samples; load ${load0.map((l) => l.toFixed(2)).join(' ')} -> ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`[cpu-share] machine: ${((m1.busy - m0.busy) / TICK).toFixed(0)} busy and ${((m1.idle - m0.idle) / TICK).toFixed(0)} idle core-seconds of ${(wall * cores).toFixed(0)} (${cores} cores)`);
  const idleShare = idleSeries.filter((x) => x > 0.25).length;
  console.log(`[cpu-share] seconds with over a quarter of the machine idle: ${idleShare} of ${idleSeries.length}`);
  console.log(`[cpu-share] the command's tree: ${total.toFixed(0)} processor-seconds (${(total / wall).toFixed(2)} cores on average)`);
  for (const [k, t] of [...byKind].sort((a, b) => b[1] - a[1])) {
    console.log(`[cpu-share]   ${k.padEnd(28)} ${(t / TICK).toFixed(0).padStart(6)} s  ${((100 * t) / TICK / Math.max(total, 1e-9)).toFixed(0).padStart(3)}%`);
  }
  process.exit(code ?? 1);
});
