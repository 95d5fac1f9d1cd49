import type postgres from 'postgres';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApiConfig } from '../env';
import { openDatabase } from './client';

// The real client, with every call's options recorded (it connects only on a first query, which
// these tests never make).
const calls = vi.hoisted(() => [] as { prepare?: boolean; connection?: Record<string, string> }[]);
vi.mock('postgres', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof postgres }>();
  const wrapped = ((url: string, options: { prepare?: boolean }) => {
    calls.push(options);
    return actual.default(url, options);
  }) as unknown as typeof postgres;
  return { ...actual, default: wrapped };
});

const URL = 'postgres://portal:secret@127.0.0.1:6432/portal';

describe('DATABASE_PGBOUNCER', () => {
  afterEach(() => {
    calls.length = 0;
  });

  it('is off unless set, and reads 1/true', () => {
    expect(loadApiConfig({ DATABASE_URL: URL }).databasePgbouncer).toBe(false);
    expect(loadApiConfig({ DATABASE_URL: URL, DATABASE_PGBOUNCER: '1' }).databasePgbouncer).toBe(true);
    expect(loadApiConfig({ DATABASE_URL: URL, DATABASE_PGBOUNCER: 'true' }).databasePgbouncer).toBe(true);
    expect(() => loadApiConfig({ DATABASE_PGBOUNCER: 'sometimes' })).toThrow(/DATABASE_PGBOUNCER/);
  });

  it('opens the PostgreSQL client with prepare: false (no named prepared statements)', async () => {
    const config = loadApiConfig({ DATABASE_URL: URL, DATABASE_PGBOUNCER: '1' });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgbouncer: config.databasePgbouncer, pgliteDir: '' });
    await database.close();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.prepare).toBe(false);
  });

  it('keeps prepared statements without it, the hot ones on a pool of their own that keeps their generic plans', async () => {
    const config = loadApiConfig({ DATABASE_URL: URL });
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgbouncer: config.databasePgbouncer, pgliteDir: '' });
    await database.close();
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.prepare)).toEqual([undefined, undefined]);
    expect(calls.map((c) => c.connection?.plan_cache_mode)).toEqual([undefined, 'force_generic_plan']);
  });
});
