import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's files: a second process opening the same folder would
 * keep its own copy in memory and silently lose the writes it acknowledged. The lock is a file next
 * to the folder (PGlite owns the folder's contents) holding the owner's PID and the time the kernel
 * started it, so a lock left by a killed process is recognised and taken over instead of blocking
 * every later start, and a recycled PID (a container restarted with the same PID) is not mistaken
 * for the owner.
 */

export class DataFolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly ownerPid: number,
  ) {
    super(
      `The database folder ${folder} is in use by another process (PID ${ownerPid}). ` +
        'Only one process may open an embedded database: stop that process, or give this one another DATA_DIR ' +
        '(or a DATABASE_URL to share a PostgreSQL server between processes).',
    );
    this.name = 'DataFolderLockedError';
  }
}

interface LockOwner {
  pid: number;
  /** Kernel start time of the process (clock ticks since boot, /proc/<pid>/stat field 22), when known. */
  started: string | null;
}

export interface FolderLock {
  readonly file: string;
  /** Removes the lock file if it is still this process's. Idempotent. */
  release(): void;
}

export function lockFileOf(folder: string): string {
  const resolved = path.resolve(folder);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}.lock`);
}

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count fields after its last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null;
  } catch {
    return null;
  }
}

/** Lock files this process holds: the same PID in a lock file not listed here is a previous life's. */
const heldHere = new Set<string>();

function isAlive(owner: LockOwner, file: string): boolean {
  if (owner.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.started === null) return true;
  const started = processStartTime(owner.pid);
  return started === null || started === owner.started;
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return { pid: parsed.pid, started: typeof parsed.started === 'string' ? parsed.started : null };
  } catch {
    return null;
  }
}

/**
 * Takes the folder's lock or throws `DataFolderLockedError` naming the live owner. Creating the
 * lock is atomic (a hard link of a complete file, so nobody ever reads a half-written lock); a
 * stale lock is moved aside atomically before the next attempt, so two processes racing for a
 * stale lock cannot both win.
 */
export function acquireFolderLock(folder: string): FolderLock {
  const file = lockFileOf(folder);
  const mine: LockOwner = { pid: process.pid, started: processStartTime(process.pid) };
  const content = JSON.stringify(mine);
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(draft, content);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(draft, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw err;
      }
      const owner = readOwner(file);
      if (owner && isAlive(owner, file)) throw new DataFolderLockedError(path.resolve(folder), owner.pid);
      const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
      try {
        fs.renameSync(file, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process moved it first
        throw err;
      }
      const moved = readOwner(aside);
      if (moved && isAlive(moved, file)) {
        // Between our read and the move, a live process took the lock: give it back.
        try {
          fs.linkSync(aside, file);
        } finally {
          fs.rmSync(aside, { force: true });
        }
        throw new DataFolderLockedError(path.resolve(folder), moved.pid);
      }
      fs.rmSync(aside, { force: true });
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }

  heldHere.add(file);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
    process.off('exit', release);
    try {
      if (fs.readFileSync(file, 'utf8') === content) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  // A process that exits without closing the database (process.exit) leaves no lock behind.
  process.on('exit', release);
  return { file, release };
}
