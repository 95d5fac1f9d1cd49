/**
 * Audit log benchmark (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/audit.ts [--entries 200000] [--companies 50] [--runs 20] [--postgres]
 *
 * On an in-memory PGlite (with --postgres: a database on DATABASE_URL's server, or on a throwaway
 * cluster started from the machine's binaries) it writes `--entries` audit rows over `--companies` companies (one a
 * minute back from now, 300 actors), then times the list through `app.inject` (auth, validation,
 * SQL, serialisation): the newest page (full, so counted), a deep page, one company, an actor
 * search, one day, and one company's CSV export; then the plans of the page queries.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/sql';
import { createTestApp, TEST_SUPERADMIN } from '../src/test/testing';
import { startPostgres } from './postgres';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '200000' },
    companies: { type: 'string', default: '50' },
    runs: { type: 'string', default: '20' },
    postgres: { type: 'boolean', default: false },
  },
});
const N = Number(values.entries);
const C = Number(values.companies);
const RUNS = Number(values.runs);

const pg = values.postgres && !process.env.DATABASE_URL ? await startPostgres() : null;
if (pg) process.env.DATABASE_URL = pg.url;
console.log(values.postgres ? `PostgreSQL${pg ? ` ${pg.version}, throwaway cluster` : ''}` : 'PGlite, in memory');
const t = await createTestApp();
const db = t.ctx.db;
const companyIds = Array.from({ length: C }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
const started = performance.now();
await db.execute(sql`
  insert into audit_log (created_at, actor_name, actor_email, actor_role, action, summary, company_id, company_name, target_kind, target_id, target_label)
  select now() - (g || ' minutes')::interval, 'Actor ' || (g % 300), 'actor' || (g % 300) || '@bench.test', 'Employer', 'employee.approved',
    'Employee approved: #' || g, (${`{${companyIds.join(',')}}`}::uuid[])[1 + g % ${C}], 'Bench Co', 'user', g::text, '#' || g
  from generate_series(1, ${N}) g`);
await db.execute(sql`vacuum analyze audit_log`);
console.log(`${N} entries over ${C} companies written in ${(performance.now() - started).toFixed(0)} ms`);

// The insert held the event loop (PGlite runs in this thread): let the overload guard see it free again.
await new Promise((r) => setTimeout(r, 2500));
const login = await t.app.inject({ method: 'POST', url: '/api/accounts/login', payload: TEST_SUPERADMIN });
const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);

async function time(label: string, url: string) {
  await t.app.inject({ url, headers });
  const ms: number[] = [];
  let res = await t.app.inject({ url, headers });
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    res = await t.app.inject({ url, headers });
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  const total = String(res.headers['content-type']).startsWith('text/csv') ? `${res.body.length} bytes` : `total ${(res.json() as { totalCount: number }).totalCount}`;
  console.log(`${label.padEnd(24)} p50 ${ms[Math.floor(RUNS / 2)]!.toFixed(1).padStart(7)} ms  max ${ms.at(-1)!.toFixed(1).padStart(7)} ms  (${res.statusCode}, ${total})`);
}

await time('newest page', '/api/audit-log');
await time('page 1000', '/api/audit-log?pageNumber=1000');
await time('one company', `/api/audit-log?companyId=${companyIds[3]}`);
await time('actor search', '/api/audit-log?actor=actor17%40');
await time('one day', `/api/audit-log?from=${day}&to=${day}`);
await time('one company, CSV', `/api/audit-log/export?companyId=${companyIds[3]}`);

for (const [label, where] of [
  ['newest page', sql``],
  ['one company', sql`where company_id = ${companyIds[3]}`],
] as const) {
  const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`explain select * from audit_log ${where} order by created_at desc, id desc limit 10`);
  console.log(`\nplan, ${label}:\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
}
await t.close();
pg?.stop();
