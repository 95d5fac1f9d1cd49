import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { causes } from './errors';
import { acquireFolderLock, type FolderLock } from './folder-lock';
import type { Db } from './handle';
import { PgliteStatements } from './pglite-statements';
import { usePoolForPipelines } from './pipeline';
import { useForHotStatements } from './sql';
import * as schema from './schema';

export type { Db } from './handle';

/**
 * What `db.transaction` hands its callback. It runs every query `Db` does, so a helper taking `Db`
 * accepts it as it is; a helper that only makes sense inside a transaction (row locks) takes `Tx`.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Apply the committed SQL migrations (idempotent; serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite folder, or `memory://` for a database that lives as long as the process. */
  pgliteDir: string;
  /** A dump (see `template.ts`) to start an in-memory PGlite from instead of an empty cluster. */
  pgliteTemplate?: string | undefined;
  /**
   * The server at `databaseUrl` is PgBouncer in transaction pooling: successive statements may run
   * on different server connections, so none is prepared under a name (postgres.js `prepare: false`;
   * this also turns drizzle's `.prepare(name)` statements, such as the session check, into unnamed ones).
   */
  pgbouncer?: boolean | undefined;
  /** Where a fallback of the connection settings is reported (once per process). */
  log?: { warn(obj: object | string, msg?: string): void } | undefined;
}

/**
 * The startup parameter of the connections that run the hot named statements (`preparedRows`).
 * It applies to every statement with parameters on its connection, named or not, which is why only
 * those statements' own pool sends it. A server or a pooler in front of it may refuse it (PgBouncer
 * does unless told to ignore it).
 */
export const GENERIC_PLANS = { plan_cache_mode: 'force_generic_plan' } as const;

/**
 * The postgres.js client for a PostgreSQL URL (connects on its first query). `genericPlans: true`
 * sends GENERIC_PLANS (the hot statements' pool, see `openDatabase`).
 */
export function createPostgresClient(url: string, options: { pgbouncer?: boolean | undefined; genericPlans?: boolean } = {}) {
  // Notices (e.g. "schema already exists, skipping") are noise in our logs.
  // Every other statement is planned for its values (PostgreSQL's default: custom plans first, a
  // generic one only where it costs no more); a connection-wide forced generic plan would also plan
  // `where company_id = $1` once for every company, large or small.
  return postgres(url, {
    max: 10,
    onnotice: () => {},
    ...(options.pgbouncer ? { prepare: false } : options.genericPlans ? { connection: { ...GENERIC_PLANS } } : {}),
  });
}

/** PgBouncer's refusal of a startup parameter it does not know (it closes the connection with it). */
export function isRefusedStartupParameter(err: unknown): boolean {
  for (const e of causes(err)) {
    if (/unsupported startup parameter/i.test(String((e as { message?: unknown }).message))) return true;
  }
  return false;
}

let warnedRefusal = false;

/**
 * The hot statements' client for `url`, tried once with a first query: a server (in practice PgBouncer without
 * DATABASE_PGBOUNCER=1 and without `plan_cache_mode` in its `ignore_startup_parameters`) that
 * refuses the generic-plan startup parameter would refuse every connection, so the client is opened
 * again without it and that is reported once. Any other failure of the first query (the server is
 * down) leaves the client as it is: it connects when the server is back.
 */
async function openHotClient(url: string, options: OpenDatabaseOptions): Promise<ReturnType<typeof createPostgresClient>> {
  const client = createPostgresClient(url, { genericPlans: true });
  try {
    await client`select 1`;
    return client;
  } catch (err) {
    if (!isRefusedStartupParameter(err)) return client;
    await client.end({ timeout: 5 });
    if (!warnedRefusal) {
      warnedRefusal = true;
      options.log?.warn(
        { parameter: 'plan_cache_mode' },
        'database: the server refused the plan_cache_mode startup parameter (a PgBouncer?), so the list statements are planned for their values each time; behind PgBouncer in transaction pooling set DATABASE_PGBOUNCER=1',
      );
    }
    return createPostgresClient(url);
  }
}

/** Extensions the migrations create (PGlite ships them separately; PostgreSQL has them in contrib). */
export const PGLITE_EXTENSIONS = { pg_trgm } as const;

const templateDumps = new Map<string, Promise<ArrayBuffer>>();

/**
 * A template dump as PGlite reads it (`loadDataDir`), its bytes read once a process: a test worker
 * opens one database per file from the same dump. Not a `Blob`: Node 20's `Blob` copies the 43 MB
 * in small chunks when made and again in `arrayBuffer()` (1.5 s of wall a database here), and
 * PGlite only asks for `arrayBuffer()` and copies each file out of it, so one buffer serves every
 * load (it is never written to).
 */
export async function templateDump(file: string): Promise<Blob> {
  let bytes = templateDumps.get(file);
  if (!bytes) {
    bytes = fs.readFile(file).then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    templateDumps.set(file, bytes);
    bytes.catch(() => templateDumps.delete(file));
  }
  const buffer = await bytes;
  const dump = { type: '', size: buffer.byteLength, arrayBuffer: () => Promise.resolve(buffer) };
  return dump as unknown as Blob;
}

/**
 * An in-memory database from a template (the tests' own) starts with 16 MB of shared buffers
 * instead of the 128 MB of initdb's postgresql.conf: PGlite zeroes its shared memory at each start
 * (a `memset` that was 1.2 s of processor a database on this 2-core machine, most of loading the
 * template), and a test file's database is a few megabytes.
 */
export const TEMPLATE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const { migrateDatabase } = await import('./migrate');
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const client = createPostgresClient(url, { pgbouncer: options.pgbouncer });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    usePoolForPipelines(db, client);
    // Behind PgBouncer (DATABASE_PGBOUNCER=1) nothing is named, so the hot statements share the pool.
    const hotClient = options.pgbouncer ? undefined : await openHotClient(url, options);
    if (hotClient) useForHotStatements(db, drizzlePostgres({ client: hotClient, schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateDatabase({ kind: 'postgres', url }),
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), hotClient?.end({ timeout: 5 })]);
      },
    };
  }
  const inMemory = options.pgliteDir === 'memory://' || options.pgliteDir === '';
  let lock: FolderLock | undefined;
  if (!inMemory) {
    await fs.mkdir(options.pgliteDir, { recursive: true });
    // Before PGlite reads a byte: a second process on the folder would lose its writes.
    lock = acquireFolderLock(options.pgliteDir);
  }
  const extensions = PGLITE_EXTENSIONS;
  let client: PGlite;
  try {
    client = !inMemory
      ? await PGlite.create(options.pgliteDir, { extensions })
      : options.pgliteTemplate
        ? await PGlite.create({ loadDataDir: await templateDump(options.pgliteTemplate), extensions, startParams: TEMPLATE_START_PARAMS })
        : await PGlite.create({ extensions });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  preparePgliteNamedStatements(db, client);
  return {
    db,
    kind: 'pglite',
    migrate: () => migrateDatabase({ kind: 'pglite', client }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * On PGlite, drizzle's named statements (`.prepare(name)`: the session check; `preparedRows`: the
 * employee list) are parsed and planned once under a name, as postgres.js does on each PostgreSQL
 * connection; drizzle's PGlite driver would otherwise send them unnamed like every other statement
 * (`pglite-statements.ts`). Statements in a transaction run on its own session, unnamed.
 */
function preparePgliteNamedStatements(db: Db, client: PGlite): void {
  const statements = new PgliteStatements(client);
  const session = (db as unknown as { session: { prepareQuery(query: { sql: string }, fields: unknown, name: string | undefined, ...rest: unknown[]): unknown } }).session;
  const prepareQuery = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    if (name) statements.markHot(query.sql);
    return prepareQuery(query, fields, name, ...rest);
  };
}

/** Node's socket errors for a server that is gone or unreachable. */
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** postgres.js's own codes for a connection it lost or could not open. */
const DRIVER_ERRORS = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT']);
/** SQLSTATEs of a server that is stopping, starting or refusing connections (class 08: connection exceptions). */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Whether an error means the database cannot be reached now (a PostgreSQL restart or failover), as
 * opposed to a fault of the query: the request answers 503 and the pool reconnects on its own.
 * Drizzle wraps the driver's error, so the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (NETWORK_ERRORS.has(code) || DRIVER_ERRORS.has(code) || SERVER_STATES.has(code) || code.startsWith('08')) return true;
  }
  return false;
}
