import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** A statement parsed once under a name: its parameters' types and its result's columns. */
interface Prepared {
  name: string;
  paramTypes: number[];
  /** The RowDescription message, or null for a statement that returns no rows. */
  columns: BackendMessage | null;
}

/** Beyond this many texts, further hot statements run unnamed (a runaway caller cannot fill memory). */
export const PGLITE_STATEMENT_LIMIT = 256;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite, the counterpart of postgres.js's on PostgreSQL.
 *
 * PGlite runs PostgreSQL on the api's own thread, and its `query` sends every statement as parse,
 * describe, bind, describe and execute, each a call into the database: the statement is parsed,
 * analysed and planned on every call while the event loop waits. A statement marked hot (drizzle's
 * named statements: the session check, `preparedRows`) is instead parsed and described once under a
 * name; each call after that is one bind, execute and sync, and PostgreSQL's plan cache keeps its
 * plan. Statements inside `client.transaction` (a `Transaction`, not this client) and statements
 * not marked hot run as before.
 */
export class PgliteStatements {
  readonly #client: PGlite;
  readonly #query: PGlite['query'];
  readonly #hot = new Set<string>();
  readonly #prepared = new Map<string, Prepared>();
  #generic: string | undefined;

  constructor(client: PGlite) {
    this.#client = client;
    this.#query = client.query.bind(client);
    // Every query of the client (drizzle's included) comes here; only hot texts take the named path.
    client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
      this.#hot.has(text) ? this.#run<T>(text, params ?? [], options) : this.#query<T>(text, params as never, options);
  }

  /** From now on `text` runs as a named statement (until the limit of texts is reached). */
  markHot(text: string): void {
    if (this.#hot.size < PGLITE_STATEMENT_LIMIT) this.#hot.add(text);
  }

  /** The number of statements parsed under a name so far. */
  get size(): number {
    return this.#prepared.size;
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const client = this.#client;
    await client._checkReady();
    // The same locks as `query`: one statement at a time, never inside another caller's transaction.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const prepared = this.#prepared.get(text) ?? (await this.#prepare(text, options));
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const oid = prepared.paramTypes[i]!;
          const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
          return serialize ? serialize(param) : String(param);
        });
        // The generic plan is forced for this statement alone: `set_config(..., true)` lasts until
        // the sync ends the implicit transaction (on an error too), so unnamed statements are still
        // planned for their values.
        const generic = this.#generic ?? (await this.#prepareGeneric());
        const { messages } = await client.execProtocol(
          concat([
            protocol.serialize.bind({ statement: generic }),
            protocol.serialize.execute({}),
            protocol.serialize.bind({ statement: prepared.name, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
        );
        await client.syncToFs();
        // The first statement's row and command tag are not part of the answer.
        const ours = messages.slice(messages.findIndex((m) => m.name === 'commandComplete') + 1);
        const answer = prepared.columns ? [prepared.columns, ...ours] : ours;
        return parse.parseResults(answer, client.parsers, options)[0] as Results<T>;
      }),
    );
  }

  async #prepareGeneric(): Promise<string> {
    await this.#client.execProtocol(
      concat([
        protocol.serialize.parse({ name: 'hot_generic_plan', text: "select set_config('plan_cache_mode', 'force_generic_plan', true)" }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return (this.#generic = 'hot_generic_plan');
  }

  async #prepare(text: string, options?: QueryOptions): Promise<Prepared> {
    const name = `hot_${this.#prepared.size + 1}`;
    const { messages } = await this.#client.execProtocol(
      concat([
        protocol.serialize.parse({ name, text, ...(options?.paramTypes ? { types: options.paramTypes } : {}) }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    let paramTypes: number[] = [];
    let columns: BackendMessage | null = null;
    for (const m of messages) {
      if (m.name === 'parameterDescription') paramTypes = (m as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      if (m.name === 'rowDescription') columns = m;
    }
    const prepared = { name, paramTypes, columns };
    this.#prepared.set(text, prepared);
    return prepared;
  }
}
