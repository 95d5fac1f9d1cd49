// How busy the machine's processors were over a stretch of time, from Linux's /proc/stat: the
// summary of `npm test` gives each stage's figure, so a run shows where a core sat idle (a stage at
// 1.4 of 2 cores leaves time on the table; at 2.0 it can only get shorter by doing less work).
import { readFileSync } from 'node:fs';

/**
 * The processor times of `/proc/stat`'s text: `busy` and `total` over every core since boot (in the
 * kernel's ticks; idle and waiting for the disk are not busy), and the number of cores.
 */
export function cpuTimes(text) {
  const lines = text.split('\n');
  const all = lines.find((l) => l.startsWith('cpu '));
  if (!all) return null;
  // user nice system idle iowait irq softirq steal (guest and guest_nice are inside user and nice)
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = all.trim().split(/\s+/).slice(1, 9).map(Number);
  if ([user, nice, system, idle].some((n) => !Number.isFinite(n))) return null;
  const total = user + nice + system + idle + iowait + irq + softirq + steal;
  const cores = lines.filter((l) => /^cpu\d+\s/.test(l)).length;
  return { busy: total - idle - iowait, total, cores };
}

/** The machine's processor times now, or null where there is no /proc/stat (not Linux). */
export function cpuSnapshot(read = () => readFileSync('/proc/stat', 'utf8')) {
  try {
    return cpuTimes(read());
  } catch {
    return null;
  }
}

/**
 * The cores busy on average between two snapshots (0 to their number), or null when either is
 * missing or no time passed.
 */
export function coresBusy(before, after) {
  if (!before || !after || !after.cores) return null;
  const total = after.total - before.total;
  if (total <= 0) return null;
  return ((after.busy - before.busy) / total) * after.cores;
}

/** `1.81 of 2 cores busy`, or '' without a figure. */
export function busyText(before, after) {
  const busy = coresBusy(before, after);
  return busy === null ? '' : `${busy.toFixed(2)} of ${after.cores} cores busy`;
}
