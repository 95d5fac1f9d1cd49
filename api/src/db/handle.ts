import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// A module of its own: client.ts opens the database with sql.ts's helpers, and sql.ts takes the handle.

/** The common face of both drivers: code above client.ts never knows which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
