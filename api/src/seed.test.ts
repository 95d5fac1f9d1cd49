import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { createApiContext } from './create-context';
import { users } from './db/schema';
import { loadApiConfig, type ApiConfig } from './env';
import type { Logger } from './lib/logger';
import { DEFAULT_SUPERADMIN_EMAIL } from './seed';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A persistent database (a PGlite folder, or a new database on the server) that two starts share. */
async function persistentConfig(): Promise<ApiConfig> {
  const base = loadApiConfig();
  const common = { ...base, superAdminEmail: undefined, superAdminPassword: undefined, logLevel: 'silent' as const };
  if (base.databaseUrl) {
    const name = `portal_seed_${randomBytes(5).toString('hex')}`;
    const admin = postgres(base.databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    cleanups.push(async () => {
      const a = postgres(base.databaseUrl!, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists "${name}" with (force)`);
      await a.end();
    });
    const url = new URL(base.databaseUrl);
    url.pathname = `/${name}`;
    return { ...common, databaseUrl: url.toString() };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-seed-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return { ...common, databaseUrl: undefined, dataDir: dir, pgliteDir: path.join(dir, 'db') };
}

function capture(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (o: object | string, m?: string) => lines.push(typeof o === 'string' ? o : `${JSON.stringify(o)} ${m ?? ''}`);
  return { lines, info: push, warn: push, error: push };
}

describe('first super admin', () => {
  it('is created with a generated password printed once, and neither recreated nor reprinted on the next start', async () => {
    const config = await persistentConfig();
    const log1 = capture();
    const first = await createApiContext(config, { log: log1 });
    expect(first.seed.created).toBe(true);
    const password = first.seed.generatedPassword!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(log1.lines.filter((l) => l.includes(password))).toHaveLength(1);
    expect(log1.lines.join('\n')).toContain(DEFAULT_SUPERADMIN_EMAIL);
    const app = await createApp(first);
    const login = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email: DEFAULT_SUPERADMIN_EMAIL, password } });
    expect(login.statusCode).toBe(200);
    await app.close();
    await first.close();

    const log2 = capture();
    const second = await createApiContext(config, { log: log2 });
    try {
      expect(second.seed.created).toBe(false);
      expect(log2.lines.join('\n')).not.toContain(password);
      const admins = await second.db.select().from(users).where(eq(users.role, 'SuperAdmin'));
      expect(admins).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
