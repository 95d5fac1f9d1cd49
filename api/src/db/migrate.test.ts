import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../env';
import { MIGRATIONS_FOLDER } from './migrate';
import { describeEmbeddedOnly } from '../test/embedded-only';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHIPPED = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

/** `pnpm --filter @portal/api migrate`, as a process of its own: its exit code and output. */
function runMigrate(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/migrate-cli.ts'], {
    cwd: API_DIR,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

const appliedCount = (out: string) => Number(/migrate: (\d+) migrations? applied/.exec(out)?.[1] ?? NaN);

describeEmbeddedOnly('the migrate command on the embedded database', () => {
  it('migrates DATA_DIR, then finds it up to date', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrate-'));
    try {
      const first = await runMigrate({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(first.code, first.out).toBe(0);
      expect(first.out).toContain('is up to date');
      const again = await runMigrate({ DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(again.code, again.out).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

// The PostgreSQL stage (`pnpm test:pg`) only: PGlite has one connection in one process.
const stageUrl = loadApiConfig().databaseUrl;

describe.skipIf(!stageUrl)('several instances migrating one empty PostgreSQL database at once', () => {
  const name = `portal_migrate_${Date.now().toString(36)}`;
  let url: string;
  beforeAll(async () => {
    const admin = postgres(stageUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const u = new URL(stageUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    const admin = postgres(stageUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('applies each migration exactly once: three migrate commands started together', async () => {
    const runs = await Promise.all([1, 2, 3].map(() => runMigrate({ DATABASE_URL: url })));
    for (const r of runs) expect(r.code, r.out).toBe(0);
    // One of them did the work; the others waited for the lock and found nothing left to do.
    expect(runs.map((r) => appliedCount(r.out)).sort((a, b) => a - b)).toEqual([0, 0, SHIPPED.length]);

    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ hash: string; created_at: string }[]>`select hash, created_at from drizzle.__drizzle_migrations order by created_at`;
      expect(rows.map((r) => [r.hash, Number(r.created_at)])).toEqual(SHIPPED.map((m) => [m.hash, m.folderMillis]));
      // The schema is there: the last migration's objects exist.
      expect((await sql`select to_regclass('public.users') as t`)[0]!.t).toBe('users');
      // No advisory lock is left behind by the migrators.
      expect(await sql`select 1 from pg_locks where locktype = 'advisory'`).toHaveLength(0);
    } finally {
      await sql.end();
    }

    const later = await runMigrate({ DATABASE_URL: url });
    expect(later.code, later.out).toBe(0);
    expect(appliedCount(later.out)).toBe(0);
  }, 180_000);
});
