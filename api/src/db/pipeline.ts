import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import type { Db } from './handle';
import { preparedRows } from './sql';

/**
 * A transaction whose statements go to the server in as few round trips as their order allows
 * (`pipelinedTransaction`). Statements sent together still run one after the other on the server, each
 * with its own snapshot taken when the one before it has ended (read committed), so a statement sent
 * behind a lock reads what the transaction it waited for committed.
 */
export interface PipelinedTx {
  /** The statements sent together (`preparedRows` each), run in this order: their rows, each. */
  rows<T extends unknown[]>(queries: { [K in keyof T]: SQL }): Promise<{ [K in keyof T]: T[K][] }>;
  /**
   * The statement, then `then` (each in turn), and the commit sent together: resolves with the first
   * statement's rows once all ended. Should any fail, nothing of the transaction was committed. The
   * transaction is over after it. A row that only `then` writes is held from that statement to the
   * commit, not for the first statement's time too.
   */
  commitWith<T>(query: SQL, ...then: SQL[]): Promise<T[]>;
}

/** The postgres.js pool behind a PostgreSQL `Db` (set by `openDatabase`); PGlite has none. */
const POOL = new WeakMap<Db, Sql>();

export function usePoolForPipelines(db: Db, pool: Sql): void {
  POOL.set(db, pool);
}

/** Every one of them settled, in order; the first failure (the cause, not the aborted ones after it) thrown. */
async function allInOrder(sent: Promise<unknown>[]): Promise<unknown[]> {
  const settled = await Promise.allSettled(sent);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
}

/**
 * Runs `fn` in a transaction. On PostgreSQL it holds a connection of the pool and sends `begin` with
 * the first statements, and the commit with `commitWith`'s statement, instead of a round trip each:
 * every round trip is a wake-up of the api and of a backend, and a row written is held from the write
 * to the commit only while the server runs them. Without `commitWith` the commit is sent when `fn`
 * returns; should `fn` or a statement fail, the transaction is rolled back and the error thrown.
 * On PGlite (in the process, no round trips) it is `db.transaction` with the statements in turn.
 */
export async function pipelinedTransaction<R>(db: Db, fn: (tx: PipelinedTx) => Promise<R>): Promise<R> {
  const pool = POOL.get(db);
  if (!pool) {
    return db.transaction(async (t) => {
      const tx = t as unknown as Db;
      return fn({
        rows: async (queries) => {
          const out: unknown[][] = [];
          for (const q of queries as SQL[]) out.push(await preparedRows(tx, q));
          return out as never;
        },
        commitWith: async <T>(query: SQL, ...then: SQL[]) => {
          const first = await preparedRows<T>(tx, query);
          for (const q of then) await preparedRows(tx, q);
          return first;
        },
      });
    });
  }
  const { dialect } = db as unknown as { dialect: PgDialect };
  const conn = await pool.reserve();
  let begun = false;
  let over = false;
  const send = (sent: Promise<unknown>[], queries: SQL[]) => {
    if (over) throw new Error('the transaction is over');
    if (!begun) {
      begun = true;
      sent.push(conn.unsafe('begin').execute());
    }
    for (const q of queries) {
      const { sql: text, params } = dialect.sqlToQuery(q);
      // As `preparedRows` sends it: named, parsed and planned once a connection.
      sent.push(conn.unsafe(text, params as never[], { prepare: true }).execute());
    }
    return sent.length - queries.length;
  };
  try {
    const result = await fn({
      rows: async (queries) => {
        const sent: Promise<unknown>[] = [];
        const from = send(sent, queries as SQL[]);
        return (await allInOrder(sent)).slice(from) as never;
      },
      commitWith: async <T>(query: SQL, ...then: SQL[]) => {
        const sent: Promise<unknown>[] = [];
        const at = send(sent, [query, ...then]);
        over = true;
        sent.push(conn.unsafe('commit').execute());
        return (await allInOrder(sent))[at] as T[];
      },
    });
    if (begun && !over) {
      over = true;
      await conn.unsafe('commit');
    }
    return result;
  } catch (e) {
    // A failed statement (or commit) has ended the transaction already; a rollback then only warns.
    if (begun) await conn.unsafe('rollback').catch(() => undefined);
    throw e;
  } finally {
    conn.release();
  }
}
