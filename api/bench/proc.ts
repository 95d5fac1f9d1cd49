import fs from 'node:fs';

/**
 * Processor time (ms, user + system) these processes have used so far, from /proc: a server's
 * processes (the api, the database's backends), whose time waiting for a core is not counted. A
 * process that has ended counts nothing. Linux's clock ticks are 100 a second.
 */
export function processorMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ticks * 10;
}
