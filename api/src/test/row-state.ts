import { sql } from 'drizzle-orm';
import type { Db } from '../db/handle';
import { rows } from '../db/sql';

/**
 * The rows of every table of a database, as one comparable value a table ("count:sum" of row hashes,
 * an order-free sum of `hashtextextended(row(...)::text)`), for tests that hold requests to "changes
 * no row" (`bad-input.test.ts`). Hashing every row of every table at each check is what made that
 * test slow, so a read hashes only the tables that can have changed since the previous read:
 *
 * 1. **Nothing written anywhere.** Every row that is inserted, updated or deleted is written by a
 *    transaction with a transaction id, and the server's snapshot (`pg_current_snapshot()`: the
 *    oldest running id, the next id to be completed, the ids still running) moves as soon as such a
 *    transaction ends. The same snapshot text as at the previous read: no transaction that wrote
 *    anything has ended since, so no table's visible rows can differ. Reading takes no id.
 * 2. **Per table, which row versions are visible.** A visible row version is named by its place
 *    (`ctid`) and the transaction that wrote it (`xmin`): an insert or an update makes a version
 *    with a place and a writer that no version visible at the previous read had (that read saw only
 *    committed writers' versions, and a place is not reused while its version is visible or its
 *    writer still running), and a delete takes one away. So a table whose count and sum of
 *    `hash(ctid, xmin)` are unchanged has the same row versions, hence the same rows. Neither
 *    vacuum nor freezing changes either (freezing keeps `xmin`); a rewrite (`vacuum full`) moves
 *    places, which only sends the table to step 3.
 * 3. **The row hashes**, as before, for the tables whose step 2 moved: the verdict is still the
 *    rows' content, so an update that writes the same values, or a skipped column, is no change.
 *
 * Step 2 reads the snapshot it kept in the same statement, so it is the snapshot of the versions
 * kept. Step 3 is a statement of its own, without a transaction (three round trips fewer a read on
 * PostgreSQL): a write that ends between the two leaves the kept versions older than the kept
 * hashes, so the next read finds that table's versions moved and hashes it again.
 * `row-state.test.ts` checks that a change of any kind is still reported.
 */
export interface RowStateOptions {
  /** Tables left out (their rows record that a request was made, refused or not). */
  skipTables?: ReadonlySet<string>;
  /** `table.column`s left out (touched by any signed-in call). */
  skipColumns?: ReadonlySet<string>;
}

export interface RowStateFigures {
  reads: number;
  /** Reads answered by step 1: nothing written since the previous one. */
  unchanged: number;
  /** Tables whose rows were hashed (step 3), over all reads. */
  tablesHashed: number;
  /** On the clock, and this process's processor time (the embedded database's included; not a server's). */
  ms: number;
  cpuMs: number;
}

export interface RowStates {
  /** Every table's "count:sum" of row hashes, now. */
  read(): Promise<Map<string, string>>;
  /** The same, every table hashed (no step 1 or 2): what `read` must always equal. */
  readAll(): Promise<Map<string, string>>;
  readonly figures: RowStateFigures;
}

interface Plan {
  tables: string[];
  /** Per table: `select '<table>' as name, <row hash sum> as sum from "<table>"`. */
  hashOf: Map<string, string>;
  /** One statement: the snapshot it reads under, and every table's count and sum of hash(ctid, xmin). */
  versions: string;
}

interface Seen {
  snapshot: string;
  versions: Map<string, string>;
  hashes: Map<string, string>;
}

/** The row of the versions statement that carries its snapshot (no table is named so). */
const SNAPSHOT = '#snapshot';

export function rowStates(db: Db, options: RowStateOptions = {}): RowStates {
  const skipTables = options.skipTables ?? new Set<string>();
  const skipColumns = options.skipColumns ?? new Set<string>();
  const figures: RowStateFigures = { reads: 0, unchanged: 0, tablesHashed: 0, ms: 0, cpuMs: 0 };
  let plan: Plan | undefined;
  let seen: Seen | undefined;

  async function planOf(): Promise<Plan> {
    if (plan) return plan;
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
    const hashOf = new Map(
      [...byTable].map(([table, columns]) => [
        table,
        `select '${table}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(row(${columns.join(', ')})::text, 0)), 0)::text as sum from "${table}"`,
      ]),
    );
    const versions = [
      `select '${SNAPSHOT}' as name, pg_current_snapshot()::text as sum`,
      ...[...byTable.keys()].map((table) => `select '${table}' as name, count(*)::text || ':' || coalesce(sum(hashtextextended(ctid::text || xmin::text, 0)), 0)::text as sum from "${table}"`),
    ].join(' union all ');
    plan = { tables: [...byTable.keys()], hashOf, versions };
    return plan;
  }

  const asMap = (found: { name: string; sum: string }[]) => new Map(found.map((r) => [r.name, r.sum]));
  const snapshotNow = async (on: Db) => (await rows<{ s: string }>(on, sql`select pg_current_snapshot()::text as s`))[0]!.s;

  async function hashed(on: Db, tables: string[]): Promise<Map<string, string>> {
    if (tables.length === 0) return new Map();
    const p = await planOf();
    figures.tablesHashed += tables.length;
    return asMap(await rows<{ name: string; sum: string }>(on, sql.raw(tables.map((table) => p.hashOf.get(table)!).join(' union all '))));
  }

  async function timedRead(work: () => Promise<Map<string, string>>): Promise<Map<string, string>> {
    const t0 = performance.now();
    const cpu = process.cpuUsage();
    figures.reads += 1;
    try {
      return await work();
    } finally {
      figures.ms += performance.now() - t0;
      const used = process.cpuUsage(cpu);
      figures.cpuMs += (used.user + used.system) / 1000;
    }
  }

  return {
    figures,
    read: () =>
      timedRead(async () => {
        const p = await planOf();
        if (seen && (await snapshotNow(db)) === seen.snapshot) {
          figures.unchanged += 1;
          return new Map(seen.hashes);
        }
        const before = seen;
        const versions = asMap(await rows<{ name: string; sum: string }>(db, sql.raw(p.versions)));
        const snapshot = versions.get(SNAPSHOT)!;
        versions.delete(SNAPSHOT);
        const moved = p.tables.filter((table) => !before || before.versions.get(table) !== versions.get(table));
        const fresh = await hashed(db, moved);
        seen = { snapshot, versions, hashes: new Map(p.tables.map((table) => [table, fresh.get(table) ?? before!.hashes.get(table)!])) };
        return new Map(seen.hashes);
      }),
    readAll: async () => hashed(db, (await planOf()).tables),
  };
}
