import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { useTestApp } from '../../test/test-support';
import { acmeAndGlobex, makeEmployee, postTrip } from '../../test/trips-world';
import { retentionPass } from './job';
import { RETENTION } from './retention';

const t = useTestApp();
const DAY = 86_400_000;
let acme: string;

beforeEach(async () => {
  await t.reset();
  acme = (await acmeAndGlobex(t.ctx.db)).acme;
});

const count = async (table: string) => (await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const pass = (now: Date) => retentionPass(t.ctx.db, t.ctx.database.kind, now);

describe('the retention schedule', () => {
  it('is written down for every table of the database', async () => {
    const doc = readFileSync(new URL('../../../../docs/retention.md', import.meta.url), 'utf8');
    const tables = await rows<{ name: string }>(
      t.ctx.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '\_\_%' order by 1`,
    );
    const missing = tables.map((r) => r.name).filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('deletes each kind of row once past its time, and not a day before', async () => {
    const db = t.ctx.db;
    const now = new Date('2031-06-15T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
    const pat = await makeEmployee(db, acme, 'Pat', 'Passenger');
    for (const [days, kind] of [[RETENTION.authEventsDays + 1, 'old'], [RETENTION.authEventsDays - 1, 'recent']] as const) {
      await db.execute(sql`insert into auth_events (kind, user_id, created_at) values (${kind}, ${pat.id}, ${ago(days)})`);
    }
    for (const days of [RETENTION.mailDays + 1, RETENTION.mailDays - 1]) {
      await db.execute(sql`insert into mail_outbox ("to", subject, text, kind, status, created_at) values ('a@b.test', 's', 't', 'k', 'sent', ${ago(days)})`);
    }
    // A pending mail is never deleted, however old: it is still to be delivered.
    await db.execute(sql`insert into mail_outbox ("to", subject, text, kind, status, created_at) values ('a@b.test', 's', 't', 'k', 'pending', ${ago(1000)})`);
    for (const days of [RETENTION.resetTokensDays + 1, RETENTION.resetTokensDays - 1]) {
      await db.execute(sql`insert into password_reset_tokens (user_id, token_hash, expires_at) values (${pat.id}, ${`h${days}`}, ${ago(days)})`);
    }
    for (const years of [RETENTION.auditYears + 0.01, RETENTION.auditYears - 0.01]) {
      await db.execute(sql`insert into audit_log (actor_name, action, summary, target_kind, created_at) values ('x', 'company.updated', 's', 'company', ${ago(years * 365.25)})`);
    }
    const audits = await count('audit_log');
    await db.execute(sql`update sessions set expires_at = ${ago(1)}`);
    const report = await pass(now);
    expect(report).toMatchObject({ erased: 0, failed: 0 });
    expect(await rows(db, sql`select kind from auth_events`)).toEqual([{ kind: 'recent' }]);
    expect(await count('mail_outbox')).toBe(2);
    expect(await count('password_reset_tokens')).toBe(1);
    expect(await count('audit_log')).toBe(audits - 1);
    expect(await count('sessions')).toBe(0);
  });

  it('erases an employee whose request is due, and a leaver two years after they left, keeping the figures', async () => {
    const db = t.ctx.db;
    const dan = await makeEmployee(db, acme, 'Dan', 'Driver', { car: true });
    const pat = await makeEmployee(db, acme, 'Pat', 'Passenger');
    const lee = await makeEmployee(db, acme, 'Lee', 'Leaver');
    expect((await postTrip(t.app, dan.token, { passengerIds: [pat.id] })).statusCode).toBe(201);
    const asked = await t.app.inject({ method: 'POST', url: '/api/me/erasure-request', headers: { authorization: `Bearer ${pat.token}` } });
    const dueAt = new Date(JSON.parse(asked.body).dueAt as string);
    await db.execute(sql`update users set is_active = false, deactivated_at = now() - interval '2 years 1 day' where id = ${lee.id}`);
    const totals = async () => (await rows(db, sql`select trips, distance_hundredths, passenger_hundredths, participants from company_monthly_stats`));
    const before = await totals();
    // A day before it is due, nothing happens to Pat; Lee, gone two years, is erased.
    expect(await pass(new Date(dueAt.getTime() - DAY))).toMatchObject({ erased: 1, failed: 0 });
    expect(await rows(db, sql`select 1 from users where id = ${pat.id}`)).toHaveLength(1);
    expect(await rows(db, sql`select 1 from users where id = ${lee.id}`)).toHaveLength(0);
    // The answer's dueAt is to the millisecond, the stored one to the microsecond: a second later it is due.
    expect(await pass(new Date(dueAt.getTime() + 1000))).toMatchObject({ erased: 1, failed: 0 });
    expect(await rows(db, sql`select 1 from users where id = ${pat.id}`)).toHaveLength(0);
    expect(await totals()).toEqual(before);
    const erasures = await rows<{ actor_name: string; target_label: string }>(db, sql`select actor_name, target_label from audit_log where action = 'employee.erased'`);
    expect(erasures).toEqual([
      { actor_name: MESSAGES.dataRights.retentionActor, target_label: MESSAGES.dataRights.erasedName },
      { actor_name: MESSAGES.dataRights.retentionActor, target_label: MESSAGES.dataRights.erasedName },
    ]);
    // The anonymous records are never erased again.
    expect(await pass(new Date(dueAt.getTime() + 3 * 365 * DAY))).toMatchObject({ erased: 0, failed: 0 });
  });
});
