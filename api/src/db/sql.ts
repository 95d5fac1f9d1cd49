import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Raw statements answer `{ rows }` on PGlite and an array on postgres-js; the services only see rows.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown;
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * `rows`, sent as a prepared statement: on PostgreSQL each pooled connection parses and plans the
 * statement's text once and then only binds and executes it (one round trip; an unprepared statement
 * with parameters costs postgres.js two, a describe and then the execution, and the server a parse
 * and a plan every time). For the hot statements of a fixed shape (the employee list): their number
 * of texts must stay small, as every connection keeps each one. With DATABASE_PGBOUNCER=1 the
 * client's `prepare: false` wins and they are sent unnamed. On PGlite they are kept under a name
 * too, parsed and planned once for the process (`pglite-statements.ts`).
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const res = (await session.prepareQuery(dialect.sqlToQuery(query), undefined, 'hot', false).execute()) as unknown;
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

/** `%term%` for LIKE, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toIso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/** Unique violation (SQLSTATE 23505), wherever the driver nests it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export function pageAnswer<T>(items: T[], totalCount: number, pageNumber: number, pageSize: number) {
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    items,
    totalCount,
    pageNumber,
    pageSize,
    totalPages,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}
