/**
 * Processes and their processor time as Linux's /proc tells them, for the scripts that print where a
 * run's processor goes (cpu-share.mjs, trace-snapshot-cost.mjs). Figures only.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks a second in /proc's times (USER_HZ on Linux). */
export const TICK = 100;

/**
 * Every process now: its parent, its own processor ticks (user and system), the ticks of its children
 * it has waited for, and, when asked, its command line ('' for a kernel thread).
 * @param {{ cmdline?: boolean }} [options]
 * @returns {Map<number, { ppid: number, ticks: number, childTicks: number, cmdline: string }>}
 */
export function processes({ cmdline = false } = {}) {
  const out = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      let line = '';
      if (cmdline) {
        try {
          line = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
        } catch {
          // a kernel thread, or gone meanwhile: no command line
        }
      }
      out.set(Number(d), {
        ppid: Number(rest[1]),
        ticks: Number(rest[11]) + Number(rest[12]),
        childTicks: Number(rest[13]) + Number(rest[14]),
        cmdline: line,
      });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return out;
}

/**
 * `root` and every process below it.
 * @param {Map<number, { ppid: number }>} procs
 * @param {number} root
 */
export function treeOf(procs, root) {
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of procs) if (!tree.has(pid) && tree.has(p.ppid)) { tree.add(pid); grew = true; }
  }
  return tree;
}
