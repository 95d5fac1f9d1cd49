import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../env';
import { PGLITE_EXTENSIONS } from './client';
import { nameKey } from '@portal/shared-contracts';
import { settleGroupNameKeys } from './group-name-keys';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * Migration 0017 on a database that already holds text typed in either Unicode form: every row is
 * kept, names come out in NFC, and journey groups that were two names by the old rule (lower case
 * only) and are one by the new are told apart by a suffix rather than lost. Runs on PGlite, and on
 * the PostgreSQL server when DATABASE_URL is set.
 */
const ALL = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const AT = ALL.findIndex((m) => m.sql.some((s) => s.includes('users_names_nfc')));

interface Db {
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function openDatabase(): Promise<Db> {
  const url = loadApiConfig().databaseUrl;
  if (!url) {
    const pg = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    return {
      exec: async (text) => void (await pg.exec(text)),
      query: async <T>(text: string, params?: unknown[]) => (await pg.query<T>(text, params)).rows,
      close: () => pg.close(),
    };
  }
  const name = `portal_mig_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = postgres(target.toString(), { max: 1, onnotice: () => {} });
  return {
    exec: async (text) => void (await db.unsafe(text)),
    query: async <T>(text: string, params?: unknown[]) => (await db.unsafe(text, params as never[])) as unknown as T[],
    close: async () => {
      await db.end();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const NFD = (s: string) => s.normalize('NFD');
let db: Db;

beforeAll(async () => {
  expect(AT).toBeGreaterThan(0);
  db = await openDatabase();
  for (const m of ALL.slice(0, AT)) for (const statement of m.sql) if (statement.trim()) await db.exec(statement);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('migration 0017 on text typed before it', () => {
  it('keeps every row, puts names in NFC, and tells apart the groups that became one name', async () => {
    const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
    await db.exec(`
      insert into companies (id, name, email, phone_number) values
        ('00000000-0000-4000-8000-000000000001', ${q(NFD('Café Co'))}, 'a@a.test', '1'),
        ('00000000-0000-4000-8000-000000000002', 'Globex', 'g@g.test', '2');
      insert into locations (company_id, address_line1, address_line2, town, postal_code)
        values ('00000000-0000-4000-8000-000000000001', ${q(NFD('1 Rue Émile'))}, null, ${q(NFD('Orléans'))}, 'X1');
      insert into users (id, email, password_hash, name, role, company_id, first_name, last_name, employee_number)
        values ('00000000-0000-4000-8000-0000000000a1', 'zoe@a.test', '!', ${q(NFD('Zoë Adams'))}, 'Employee', '00000000-0000-4000-8000-000000000001', ${q(NFD('Zoë'))}, 'Adams', 'E-1');
      insert into feedbacks (company_id, employee_id, feedback_text)
        values ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', ${q(NFD('Très bien'))});
      insert into journey_groups (company_id, name, meeting_points, created_at) values
        ('00000000-0000-4000-8000-000000000001', 'Café Riders', array[${q(NFD('Gare de Lyon'))}, ${q(NFD('Hôtel'))}], now() - interval '3 days'),
        ('00000000-0000-4000-8000-000000000001', ${q(NFD('Café Riders'))}, '{}', now() - interval '2 days'),
        ('00000000-0000-4000-8000-000000000001', 'Café Riders (2)', '{}', now() - interval '1 day'),
        ('00000000-0000-4000-8000-000000000001', 'Leeds', '{}', now()),
        ('00000000-0000-4000-8000-000000000002', ${q(NFD('Café Riders'))}, '{}', now());
    `);
    // Two names by the old rule wherever the database's \`lower\` leaves "É" (a C collation: the test
    // clusters', PGlite's); one where it lowers it, which then refuses the second, as it did before.
    await db.exec(`insert into journey_groups (company_id, name, created_at) values ('00000000-0000-4000-8000-000000000002', 'CAFÉ RIDERS', now() + interval '1 minute') on conflict do nothing`);
    for (const statement of ALL[AT]!.sql) if (statement.trim()) await db.exec(statement);
    await settleGroupNameKeys(db.query);
    expect(await settleGroupNameKeys(db.query)).toBe(0);

    const groups = await db.query<{ company_id: string; name: string; meeting_points: string[] }>(
      'select company_id, name, meeting_points from journey_groups order by company_id, created_at',
    );
    expect(groups.map((g) => [g.company_id.slice(-1), g.name]).slice(0, 5)).toEqual([
      ['1', 'Café Riders'],
      ['1', 'Café Riders (3)'],
      ['1', 'Café Riders (2)'],
      ['1', 'Leeds'],
      ['2', 'Café Riders'],
    ]);
    if (groups.length === 6) expect(groups[5]!.name).toBe('CAFÉ RIDERS (2)');
    // Every key is the api's, and one per name in a company.
    const keys = await db.query<{ company_id: string; name: string; name_key: string }>('select company_id, name, name_key from journey_groups');
    for (const g of keys) expect(g.name_key).toBe(nameKey(g.name));
    expect(new Set(keys.map((g) => `${g.company_id} ${g.name_key}`)).size).toBe(keys.length);
    for (const g of groups) expect(g.name).toBe(g.name.normalize('NFC'));
    expect(groups[0]!.meeting_points).toEqual(['Gare de Lyon', 'Hôtel']);

    const [person] = await db.query<{ first_name: string; name: string; search_text: string }>("select first_name, name, search_text from users where email = 'zoe@a.test'");
    expect(person).toEqual({ first_name: 'Zoë', name: 'Zoë Adams', search_text: expect.stringContaining('zoë adams') });
    const [company] = await db.query<{ name: string }>("select name from companies where id = '00000000-0000-4000-8000-000000000001'");
    expect(company!.name).toBe('Café Co');
    const [office] = await db.query<{ address_line1: string; town: string }>('select address_line1, town from locations');
    expect(office).toEqual({ address_line1: '1 Rue Émile', town: 'Orléans' });
    const [feedback] = await db.query<{ feedback_text: string }>('select feedback_text from feedbacks');
    expect(feedback!.feedback_text).toBe('Très bien');
    // The grams counted for the search are those of the NFC text.
    const [gram] = await db.query<{ n: string | number }>("select coalesce(sum(n), 0) as n from employee_search_gram_counts where gram = 'ë'");
    expect(Number(gram!.n)).toBe(1);
  });

  it('then refuses a second name of a company in either form and any case, and keeps names in NFC on every write', async () => {
    const again = (name: string) =>
      db.exec(`insert into journey_groups (company_id, name, name_key) values ('00000000-0000-4000-8000-000000000002', '${name}', '${nameKey(name)}')`).then(
        () => 'inserted',
        (err: { code?: string }) => err.code ?? String(err),
      );
    expect(await again('Café Riders')).toBe('23505');
    expect(await again(NFD('CAFÉ RIDERS'))).toBe('23505');
    expect(await again('Other riders')).toBe('inserted');
    await db.exec(`update users set last_name = '${NFD('Ádams')}' where email = 'zoe@a.test'`);
    const [person] = await db.query<{ last_name: string }>("select last_name from users where email = 'zoe@a.test'");
    expect(person!.last_name).toBe('Ádams');
  });
});
