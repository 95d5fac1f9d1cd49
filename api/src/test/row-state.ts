import { sql } from 'drizzle-orm';
import type { Db } from '../db/handle';
import { rows } from '../db/sql';

/**
 * The rows of every table of a database, as one comparable value a table ("count:sum" of row hashes,
 * an order-free sum of `hashtextextended(row(...)::text)`), for tests that hold requests to "changes
 * no row" (`bad-input.test.ts`). Hashing every row of every table at each check is what made that
 * test slow, and most checks follow requests that wrote nothing. So a read first asks whether
 * anything can have been written since the previous read:
 *
 * Every insert, update or delete is made by a transaction with a transaction id, and the server's
 * snapshot (`pg_current_snapshot()`: the oldest running id, the next one, the ids still running)
 * moves when such a transaction ends. The same snapshot text as at the previous read: no transaction
 * that wrote has ended since, so no table's visible rows can differ, and the previous hashes are the
 * answer. Otherwise every table is hashed, as before, in the statement that reads the snapshot (so
 * the snapshot kept is the one of the hashes kept). Reading takes no transaction id. On PostgreSQL
 * the snapshot is the cluster's: another database's writes only make a read hash every table.
 *
 * Hashing only the tables whose row versions moved (a count and sum of `hash(ctid, xmin)` a table)
 * was measured too: on this test's tables, a few hundred rows, that statement cost as much as the
 * hashes it spared (docs/decisions/0073). `row-state.test.ts` checks that a change is reported.
 */
export interface RowStateOptions {
  /** Tables left out (their rows record that a request was made, refused or not). */
  skipTables?: ReadonlySet<string>;
  /** `table.column`s left out (touched by any signed-in call). */
  skipColumns?: ReadonlySet<string>;
}

export interface RowStateFigures {
  reads: number;
  /** Reads answered by the snapshot: nothing written since the previous one. */
  unchanged: number;
  /** On the clock, and this process's processor time (the embedded database's included; not a server's). */
  ms: number;
  cpuMs: number;
}

export interface RowStates {
  /** Every table's "count:sum" of row hashes, now. */
  read(): Promise<Map<string, string>>;
  /** The same, always hashed: what `read` must always equal. */
  readAll(): Promise<Map<string, string>>;
  readonly figures: RowStateFigures;
}

/** The row of the hashing statement that carries its snapshot (no table is named so). */
const SNAPSHOT = '#snapshot';

export function rowStates(db: Db, options: RowStateOptions = {}): RowStates {
  const skipTables = options.skipTables ?? new Set<string>();
  const skipColumns = options.skipColumns ?? new Set<string>();
  const figures: RowStateFigures = { reads: 0, unchanged: 0, ms: 0, cpuMs: 0 };
  let statement: string | undefined;
  let seen: { snapshot: string; hashes: Map<string, string> } | undefined;

  /** One statement: the snapshot it reads under, and every table's count and sum of row hashes. */
  async function hashingStatement(): Promise<string> {
    if (statement) return statement;
    const cols = await rows<{ table_name: string; column_name: string }>(
      db,
      sql`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const c of cols) {
      if (skipTables.has(c.table_name)) continue;
      const kept = byTable.get(c.table_name) ?? [];
      if (!skipColumns.has(`${c.table_name}.${c.column_name}`)) kept.push(`"${c.column_name}"`);
      byTable.set(c.table_name, kept);
    }
    statement = [
      `select '${SNAPSHOT}' as name, pg_current_snapshot()::text as sum`,
      ...[...byTable].map(
        ([table, columns]) => `select '${table}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(row(${columns.join(', ')})::text, 0)), 0)::text as sum from "${table}"`,
      ),
    ].join(' union all ');
    return statement;
  }

  async function hashAll(): Promise<{ snapshot: string; hashes: Map<string, string> }> {
    const found = await rows<{ name: string; sum: string }>(db, sql.raw(await hashingStatement()));
    const hashes = new Map(found.map((r) => [r.name, r.sum]));
    const snapshot = hashes.get(SNAPSHOT)!;
    hashes.delete(SNAPSHOT);
    return { snapshot, hashes };
  }

  return {
    figures,
    async read() {
      const t0 = performance.now();
      const cpu = process.cpuUsage();
      figures.reads += 1;
      try {
        const [now] = seen ? await rows<{ s: string }>(db, sql`select pg_current_snapshot()::text as s`) : [];
        if (seen && now?.s === seen.snapshot) figures.unchanged += 1;
        else seen = await hashAll();
        return new Map(seen.hashes);
      } finally {
        figures.ms += performance.now() - t0;
        const used = process.cpuUsage(cpu);
        figures.cpuMs += (used.user + used.system) / 1000;
      }
    },
    readAll: async () => (await hashAll()).hashes,
  };
}
