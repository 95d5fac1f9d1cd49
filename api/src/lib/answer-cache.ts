let keeping = true;

/**
 * Off, every call that keeps answers (the employee lists, the insights) misses in this process: it
 * still reads the version, then the database: what a miss costs, measured by bench/http.ts. On by
 * default.
 */
export function keepListAnswers(on: boolean): void {
  keeping = on;
}

/**
 * Answers kept in memory, exact: the employee lists' (docs/decisions/0018-employee-list-at-scale.md,
 * addendum "answers kept in memory") and the insights' (decision 0055). One slot per company and
 * normalised query, holding the answer read at one version of the company (a row bumped by triggers
 * in the transaction of every write that can change any of those answers). A reader reads the
 * current version first: an answer of that version (or a newer one) is the answer; an older one is
 * not used. Because the version lives in the database, an answer kept by one api process is never
 * used after a write made through another. Bounded by bytes, the least recently used answers go first.
 */
export class ListAnswerCache {
  private readonly slots = new Map<string, Slot>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  /**
   * The answer (its JSON) of `key` read at `version` or at a newer one, if kept. A newer answer holds
   * every write the caller's version holds: a caller whose version was read just before a write
   * (its session check) is answered with the figures after it rather than reading them again.
   */
  get(key: string, version: bigint): string | undefined {
    if (!keeping) return undefined;
    const slot = this.slots.get(key);
    if (!slot || slot.version < version) return undefined;
    // Most recently used last.
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.answer;
  }

  /**
   * The answer of `key` kept at a version older than `version` that may still be it: one that
   * carries what its page holds (an employee list's). The caller keeps it under `version` (`set`)
   * only when every version since is logged as changes that leave it exact.
   */
  older(key: string, version: bigint): { version: bigint; answer: string; page: KeptPage } | undefined {
    if (!keeping) return undefined;
    const slot = this.slots.get(key);
    if (!slot || slot.page === null || slot.version >= version) return undefined;
    return { version: slot.version, answer: slot.answer, page: slot.page };
  }

  /**
   * Keeps the answer `key` read at `version` (the version read in the same snapshot as the answer).
   * An answer of a newer version already kept stays: a slow reader never puts an older one back.
   * `page`: what its page holds, when a change of anyone else may leave it as it is.
   */
  set(key: string, version: bigint, answer: string, page: KeptPage | null = null): void {
    if (!keeping) return;
    const old = this.slots.get(key);
    if (old && old.version > version) return;
    const bytes = answer.length + key.length + (page ? page.ids.length * 40 + 80 : 0);
    if (bytes > this.maxBytes) return;
    if (old) this.drop(key, old);
    this.slots.set(key, { version, answer, bytes, page });
    this.bytes += bytes;
    for (const [k, s] of this.slots) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, s);
    }
  }

  /**
   * One database read per query and version (single flight): a miss while the same query is being
   * read for the caller's version or a newer one waits for that read and answers with it. A read
   * under way for an older version is not waited for: it may have started before a write the caller
   * has seen, so the caller reads, and the callers of its version that come after wait for that read
   * instead (after a write, the readers of a popular page read it once, not once each behind the
   * read of the version before). A read that fails, or whose answer is not to be kept, answers only
   * its own caller: the others waiting for it read themselves.
   */
  async read(key: string, version: bigint, load: () => Promise<Loaded>): Promise<string> {
    if (!keeping) return (await load()).answer;
    const pending = this.reading.get(key);
    if (pending && pending.version >= version) {
      const r = await pending.loaded.catch(() => null);
      if (r && r.version !== null && r.version >= version) return r.answer;
    }
    const p = load();
    const flight = { version, loaded: p };
    // The newest version's read is the one the next callers wait for.
    const current = this.reading.get(key);
    if (!current || current.version <= version) this.reading.set(key, flight);
    void p.then(
      (r) => {
        if (r.version !== null) this.set(key, r.version, r.answer, r.page ?? null);
      },
      () => undefined,
    ).finally(() => {
      if (this.reading.get(key) === flight) this.reading.delete(key);
    });
    return (await p).answer;
  }

  private readonly reading = new Map<string, { version: bigint; loaded: Promise<Loaded> }>();

  get size(): { answers: number; bytes: number } {
    return { answers: this.slots.size, bytes: this.bytes };
  }

  private drop(key: string, slot: Slot) {
    this.slots.delete(key);
    this.bytes -= slot.bytes;
  }
}

interface Slot {
  version: bigint;
  answer: string;
  bytes: number;
  page: KeptPage | null;
}

/**
 * What a kept page of the employee list holds: its employees' ids, whether it is full (as many
 * rows as its size), the name-order key of its last row (last name, first name, id; null when the
 * page is empty) and its total.
 */
export interface KeptPage {
  ids: string[];
  full: boolean;
  last: [string, string, string] | null;
  total: number;
}

/** An answer read (or found still right) at `version`; null: not to be kept. */
interface Loaded {
  answer: string;
  version: bigint | null;
  page?: KeptPage | null;
}

