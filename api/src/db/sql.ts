import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './handle';
import { causes } from './errors';

/**
 * Raw statements answer `{ rows }` on PGlite and an array on postgres-js; the services only see rows.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown;
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

/** The database handle whose connections run `db`'s hot statements (PostgreSQL: see `useForHotStatements`). */
const HOT = new WeakMap<Db, Db>();

/**
 * On PostgreSQL, `db`'s hot statements (`preparedRows`) run on `hot`, a pool of their own whose
 * connections keep one generic plan per statement (`plan_cache_mode`, db/client.ts): left to itself
 * PostgreSQL plans the list's page again on every call (its generic plan cannot see the LIMIT and
 * looks dearer). The setting is per connection, so the api's other statements keep a pool that plans
 * for their values. Inside a transaction the statement runs on the transaction's connection.
 */
export function useForHotStatements(db: Db, hot: Db): void {
  HOT.set(db, hot);
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
  const { session, dialect } = (HOT.get(db) ?? db) as unknown as { session: PgSession; dialect: PgDialect };
  const res = (await session.prepareQuery(dialect.sqlToQuery(query), undefined, 'hot', false).execute()) as unknown;
  if (Array.isArray(res)) return res as T[];
  return ((res as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * A search term as every search compares it, folded once: trimmed, in NFC (forms/text.ts; the names
 * themselves are NFC by migration 0017's trigger, so "Zoë" typed with a combining diaeresis finds
 * "Zoë" typed with a precomposed ë) and in lower case (the texts by PostgreSQL's `lower`, or stored
 * folded, as `users.search_text`). The contract's schemas trim already; in-process callers get it
 * here. Empty: no search.
 */
export function foldSearch(term: string | undefined): string {
  return (term ?? '').trim().normalize('NFC').toLowerCase();
}

/** Text to match literally in a LIKE pattern: its pattern characters (and the escape) escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for LIKE, in NFC and lower case, with the pattern characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(foldSearch(term))}%`;
}

export function toIso(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/** Unique violation (SQLSTATE 23505), wherever the driver nests it. */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of causes(err)) {
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
