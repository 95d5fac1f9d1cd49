import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../env';
import { bearer, json, registerEmployer, useTestApp } from '../test/test-support';
import { sessions, users } from './schema';
import { isUniqueViolation, preparedRows, rows } from './sql';

const t = useTestApp();

interface PreparedRow {
  statement: string;
  generic_plans: number | string;
  custom_plans: number | string;
}

const preparedLike = (fragment: string) =>
  rows<PreparedRow>(t.ctx.db, sql`select statement, generic_plans, custom_plans from pg_prepared_statements where statement like ${`%${fragment}%`}`);

/** Every column kind the api reads: uuid, text, null, boolean, integer, timestamps. */
const SAMPLE = (email: string) =>
  sql`select u.id, u.email, u.first_name, u.is_active, u.created_at, s.expires_at, s.remember, 7::int as seven, null::text as nothing
      from users u left join sessions s on s.user_id = u.id where u.email = ${email} order by s.expires_at`;

// PGlite's own mechanism. On PostgreSQL the hot statements run on a pool of their own, which the
// PostgreSQL stage's pgbouncer-startup test checks (its plan cache mode), and pg_prepared_statements
// shows only the connection that asks.
const onPostgres = Boolean(loadApiConfig().databaseUrl);

describe.skipIf(onPostgres)('named statements on the embedded PGlite', () => {
  it('parses the session check once: /me answers the same on every call and the statement is kept and reused', async () => {
    const erin = await registerEmployer(t.app, 'erin@statements.test');
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(erin.token) });
      expect(res.statusCode, res.body).toBe(200);
      answers.push(json(res));
    }
    expect(answers[3]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ success: true });
    const [lookup, ...more] = await preparedLike('"sessions"."token_hash" = any($1::text[])');
    expect(more).toEqual([]);
    // One generic plan, made once and kept: never planned again for a call's values.
    expect(Number(lookup!.generic_plans)).toBeGreaterThanOrEqual(4);
    expect(Number(lookup!.custom_plans)).toBe(0);
    // Only the named statement: the next unnamed one is planned for its values as before.
    expect((await rows<{ plan_cache_mode: string }>(t.ctx.db, sql`show plan_cache_mode`))[0]?.plan_cache_mode).toBe('auto');
  });

  it('revokes at once: a session ended between two calls of the kept statement answers 401', async () => {
    const nina = await registerEmployer(t.app, 'nina@statements.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(nina.token) })).statusCode).toBe(200);
    await t.ctx.db.delete(sessions).where(eq(sessions.userId, nina.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts/me', headers: bearer(nina.token) });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ success: false });
  });

  it('answers a kept statement exactly as an unnamed one: the same rows, types and nulls, first call and later', async () => {
    await registerEmployer(t.app, 'olga@statements.test');
    const plain = await rows(t.ctx.db, SAMPLE('olga@statements.test'));
    expect(plain).toHaveLength(1);
    expect(await preparedRows(t.ctx.db, SAMPLE('olga@statements.test'))).toEqual(plain);
    expect(await preparedRows(t.ctx.db, SAMPLE('olga@statements.test'))).toEqual(plain);
    expect(await preparedRows(t.ctx.db, SAMPLE('nobody@statements.test'))).toEqual([]);
    expect(await preparedLike('u.email = $1')).toHaveLength(1);
  });

  it('reports a kept statement\'s error with its SQLSTATE and goes on answering', async () => {
    const insert = (email: string) => preparedRows<{ id: string }>(t.ctx.db, sql`insert into users (email, password_hash, name, role) values (${email}, 'x', 'Dup', 'Employee') returning id`);
    await insert('dup@statements.test');
    const err = await insert('dup@statements.test').catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(await insert('dup2@statements.test')).toHaveLength(1);
    const bad = await preparedRows(t.ctx.db, sql`select id from users where id = ${'not-a-uuid'}`).catch((e: unknown) => e);
    expect(JSON.stringify(bad, Object.getOwnPropertyNames(bad)) + String((bad as { cause?: unknown }).cause)).toMatch(/uuid/);
    expect(await preparedRows(t.ctx.db, SAMPLE('dup2@statements.test'))).toHaveLength(1);
  });

  it('runs a named statement inside a transaction on the transaction, seeing its own uncommitted rows', async () => {
    let inside: unknown[] = [];
    const outcome = await t.ctx.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'tx@statements.test', passwordHash: 'x', name: 'Tx', role: 'Employee' });
        inside = await preparedRows(tx, SAMPLE('tx@statements.test'));
        tx.rollback();
      })
      .then(() => 'committed', () => 'rolled back');
    expect(outcome).toBe('rolled back');
    expect(inside).toHaveLength(1);
    expect(await preparedRows(t.ctx.db, SAMPLE('tx@statements.test'))).toEqual([]);
  });
});
