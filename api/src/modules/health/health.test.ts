import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { json, type Res } from '../../test/test-support';
import { createTestApp, type TestApp } from '../../test/testing';
import { markShuttingDown } from './service';

const LIVE = '/api/health/live';
const READY = '/api/health/ready';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const get = (url: string, headers: Record<string, string> = {}): Promise<Res> => t.app.inject({ method: 'GET', url, headers });

  it('live: the process answers', async () => {
    const res = await get(LIVE);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.health.live, status: 'live' });
  });

  it('ready: the database answers and every migration is applied', async () => {
    const res = await get(READY);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.health.ready, status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('needs no session and ignores a token that names none', async () => {
    for (const url of [LIVE, READY]) {
      const res = await get(url, { authorization: 'Bearer not-a-session', cookie: '__Host-portal_session=nope' });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('is not rate-limited: a probe every few seconds from every balancer keeps answering', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => get(i % 2 ? LIVE : READY)));
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
  });

  it('ready: 503 with a message while a migration this build ships is not applied', async () => {
    const [row] = await rows<{ id: number; hash: string; created_at: string }>(
      t.ctx.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.ctx.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row!.id}`);
    try {
      const res = await get(READY);
      expect(res.statusCode).toBe(503);
      expect(json(res)).toEqual({ success: false, message: MESSAGES.health.migrationsPending });
      expect(res.headers['retry-after']).toBe('5');
      expect((await get(LIVE)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row!.id}, ${row!.hash}, ${row!.created_at})`);
    }
    expect((await get(READY)).statusCode).toBe(200);
  });

  it('ready: 503 from the moment the instance begins to shut down; live still answers', async () => {
    markShuttingDown(t.ctx);
    const res = await get(READY);
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ success: false, message: MESSAGES.health.shuttingDown });
    expect((await get(LIVE)).statusCode).toBe(200);
  });
});

describe('health probes without a database', () => {
  it('live answers without the database; ready says it cannot reach it', async () => {
    const t = await createTestApp();
    try {
      await t.ctx.database.close();
      const live = await t.app.inject({ method: 'GET', url: LIVE });
      expect(live.statusCode).toBe(200);
      const ready = await t.app.inject({ method: 'GET', url: READY });
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toEqual({ success: false, message: MESSAGES.common.databaseUnavailable });
    } finally {
      await t.app.close();
      await t.ctx.close().catch(() => {});
    }
  });
});
