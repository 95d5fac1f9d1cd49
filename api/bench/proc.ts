import fs from 'node:fs';

/**
 * Processor time (ms, user + system) these processes have used so far, from /proc: a server's
 * processes (the api, the database's backends), whose time waiting for a core is not counted. A
 * process that has ended counts nothing. Linux's clock ticks are 100 a second.
 */
export function processorMs(pids: number[]): number {
  const { user, system } = processorSplitMs(pids);
  return user + system;
}

/** `processorMs` in the process's own code (user) and in the kernel on its behalf (system: its system calls). */
export function processorSplitMs(pids: number[]): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      user += Number(f[11]);
      system += Number(f[12]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return { user: user * 10, system: system * 10 };
}

/**
 * Read and write system calls these processes have made so far (`syscr`, `syscw` of /proc/<pid>/io):
 * a socket's every write and read is one, so they count the round trips and answers a process sent.
 */
export function syscalls(pids: number[]): { reads: number; writes: number } {
  let reads = 0;
  let writes = 0;
  for (const pid of pids) {
    try {
      const io = fs.readFileSync(`/proc/${pid}/io`, 'utf8');
      reads += Number(/^syscr: (\d+)$/m.exec(io)?.[1] ?? 0);
      writes += Number(/^syscw: (\d+)$/m.exec(io)?.[1] ?? 0);
    } catch {
      // A process that ended meanwhile, or /proc/<pid>/io not readable.
    }
  }
  return { reads, writes };
}
