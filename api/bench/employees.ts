/**
 * Employee list benchmark (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/employees.ts [--employees 100000] [--requests 500] [--only pglite|postgres]
 *
 * For each database (in-memory PGlite, then PostgreSQL: DATABASE_URL, or else a throwaway
 * cluster started from the machine's binaries like `scripts/test-pg.mjs` does) it seeds one
 * company with N demo employees, then times list + search requests through `app.inject` (the
 * whole api: auth, validation, SQL, serialisation; no socket), prints p50/p95/p99, shows the
 * query plans, and times a 10 000-row CSV import.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app';
import type { ApiContext } from '../src/context';
import { createApiContext } from '../src/create-context';
import { companies, employerUsers, users } from '../src/db/schema';
import { seedDemoEmployees } from '../src/demo/employees';
import { DEFAULT_RATE_LIMITS, loadApiConfig, type ApiConfig } from '../src/env';
import { hashPassword } from '../src/lib/passwords';
import { rows } from '../src/db/sql';
import { withBenchDatabase } from './postgres';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '500' },
    only: { type: 'string' },
  },
});
const EMPLOYEES = Number(values.employees);
const REQUESTS = Number(values.requests);

// ---------------------------------------------------------------- figures
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { n: s.length, mean: +mean.toFixed(2), p50: +q(50).toFixed(2), p95: +q(95).toFixed(2), p99: +q(99).toFixed(2), max: +s[s.length - 1]!.toFixed(2) };
}

/** Search terms as people type them: surnames, first names, fragments, emails, employee numbers, misses. */
function queries(n: number): string[] {
  const terms = [
    'smith', 'Jones', 'patel', 'wil', 'oliv', 'amelia', 'harr', 'brown', 'khan', "o'brien", 'E000123', 'E0451', 'e09',
    'grace.hall', 'evans.', 'murphy', 'zz-no-match', 'sophie', 'tho', 'wright', 'ali', 'begum', 'mac', '07700 9',
  ];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 5;
    const page = 1 + ((i * 7) % 50);
    if (kind === 0) out.push(`/api/employees?pageNumber=${page}&pageSize=10`);
    else if (kind === 1) out.push(`/api/employees?pageNumber=1&pageSize=10&status=${i % 2 ? 'active' : 'deactivated'}`);
    else if (kind === 4) out.push(`/api/employees/pending?pageNumber=1&pageSize=100`);
    else out.push(`/api/employees?pageNumber=1&pageSize=10&search=${encodeURIComponent(terms[i % terms.length]!)}`);
  }
  return out;
}

function csv(n: number, tag: string) {
  const lines = ['firstName,lastName,email,employeeNumber'];
  for (let i = 1; i <= n; i++) lines.push(`Import${i},Person${i},import.${tag}.${i}@bench.example,IMP-${tag}-${i}`);
  return Buffer.from(lines.join('\n') + '\n');
}
function multipart(content: Buffer) {
  const b = '----bench';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="employees.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${b}`,
  };
}

async function employerOf(ctx: ApiContext, app: Awaited<ReturnType<typeof createApp>>, name: string): Promise<{ companyId: string; token: string }> {
  const [c] = await ctx.db.insert(companies).values({ name, email: 'bench@bench.example', phoneNumber: '0113 496 0000', signUpState: 3 }).returning({ id: companies.id });
  const email = `employer.${c!.id.slice(0, 8)}@bench.example`;
  const [u] = await ctx.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword('Bench-pass-1'), name: 'Bench Employer', role: 'Employer', companyId: c!.id })
    .returning({ id: users.id });
  await ctx.db.insert(employerUsers).values({ userId: u!.id });
  const res = await app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password: 'Bench-pass-1' } });
  return { companyId: c!.id, token: (JSON.parse(res.body) as { token: string }).token };
}

async function plan(ctx: ApiContext, label: string, query: ReturnType<typeof sql>) {
  const lines = await rows<Record<string, string>>(ctx.db, sql`explain (analyze, costs off, timing on) ${query}`);
  const text = lines.map((l) => Object.values(l)[0]).join('\n');
  console.log(`\n  plan: ${label}\n${text.replace(/^/gm, '    ')}`);
}

async function run(kind: 'pglite' | 'postgres', config: ApiConfig) {
  console.log(`\n== ${kind} ==`);
  const ctx = await createApiContext(config, { log: { info() {}, warn() {}, error() {} } as never });
  const app = await createApp(ctx);
  try {
    const { companyId, token } = await employerOf(ctx, app, 'Benchmark Commuters Ltd');
    let t0 = performance.now();
    const seeded = await seedDemoEmployees(ctx.db, { companyId, count: EMPLOYEES, seed: 42 });
    console.log(`seed: ${seeded.created} employees (${seeded.active} active, ${seeded.deactivated} deactivated, ${seeded.pending} pending, ${seeded.drivers} drivers) in ${Math.round(performance.now() - t0)} ms`);
    t0 = performance.now();
    await ctx.db.execute(sql`vacuum analyze users`);
    await ctx.db.execute(sql`vacuum analyze vehicles`);
    console.log(`vacuum analyze: ${Math.round(performance.now() - t0)} ms`);

    const headers = { authorization: `Bearer ${token}` };
    // Warm up caches and the JIT-free path, then measure.
    for (const url of queries(50)) await app.inject({ method: 'GET', url, headers });
    const all: number[] = [];
    const byKind: Record<string, number[]> = { page: [], status: [], search: [], pending: [] };
    for (const [i, url] of queries(REQUESTS).entries()) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      all.push(ms);
      byKind[['page', 'status', 'search', 'search', 'pending'][i % 5]!]!.push(ms);
    }
    console.log(`list latency over ${REQUESTS} requests (ms):`, stats(all));
    for (const [k, v] of Object.entries(byKind)) console.log(`  ${k.padEnd(8)}`, stats(v));
    // The slowest searches, with their number of matches: broad terms cost what they match.
    const perTerm = new Map<string, { ms: number[]; total: number }>();
    for (const url of queries(REQUESTS).filter((u) => u.includes('search='))) {
      const term = decodeURIComponent(url.split('search=')[1]!);
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const e = perTerm.get(term) ?? { ms: [], total: (JSON.parse(res.body) as { totalCount: number }).totalCount };
      e.ms.push(performance.now() - s);
      perTerm.set(term, e);
    }
    const slow = [...perTerm.entries()].map(([term, e]) => ({ term, matches: e.total, ...stats(e.ms) })).sort((a, b) => b.p50 - a.p50);
    console.log('  searches by median time (ms):');
    for (const r of slow) console.log(`    ${JSON.stringify(r.term).padEnd(14)} matches ${String(r.matches).padStart(6)}  p50 ${r.p50}  max ${r.max}`);

    const base = sql`u.role = 'Employee' and u.is_approved = true and u.company_id = ${companyId}`;
    await plan(ctx, 'page (no search)', sql`select u.id from users u where ${base} order by lower(u.last_name), lower(u.first_name), u.id limit 10 offset 60`);
    await plan(ctx, 'count (no search)', sql`select count(*) from users u where ${base}`);
    await plan(ctx, "search 'smith'", sql`select count(*) from users u where ${base} and u.search_text like '%smith%'`);
    await plan(ctx, "search 'wil' (broad)", sql`select count(*) from users u where ${base} and u.search_text like '%wil%'`);
    await plan(ctx, "search 'wil' page", sql`select u.id from users u where ${base} and u.search_text like '%wil%' order by lower(u.last_name), lower(u.first_name), u.id limit 10`);
    await plan(ctx, "search 'E000123'", sql`select u.id from users u where ${base} and u.search_text like '%e000123%' order by lower(u.last_name), lower(u.first_name), u.id limit 10`);

    // CSV import of 10 000 rows into a second company (the table already holds the seeded rows).
    const importer = await employerOf(ctx, app, 'Import Target Ltd');
    const m = multipart(csv(10_000, kind));
    t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/employees/csv-import', payload: m.payload, headers: { 'content-type': m.contentType, authorization: `Bearer ${importer.token}` } });
    const importMs = performance.now() - t0;
    if (res.statusCode !== 201) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 500)}`);
    console.log(`\ncsv import: 10 000 rows (${(m.payload.length / 1024).toFixed(0)} KiB) in ${Math.round(importMs)} ms -> ${res.body}`);
    return { kind, list: stats(all), importMs: Math.round(importMs) };
  } finally {
    await app.close();
    await ctx.close();
  }
}

const base = loadApiConfig();
const common: Partial<ApiConfig> = {
  logLevel: 'silent',
  smtpUrl: undefined,
  superAdminEmail: 'root@bench.example',
  superAdminPassword: 'Bench-root-pass-1',
  rateLimits: { ...DEFAULT_RATE_LIMITS },
};
const results: unknown[] = [];
if (values.only !== 'postgres') {
  results.push(await run('pglite', { ...base, ...common, databaseUrl: undefined, pgliteDir: 'memory://' } as ApiConfig));
}
if (values.only !== 'pglite') {
  // A database of our own on that server, dropped afterwards.
  await withBenchDatabase('portal_bench', base.databaseUrl, async (databaseUrl) => {
    results.push(await run('postgres', { ...base, ...common, databaseUrl, pgliteDir: 'memory://' } as ApiConfig));
  });
}
console.log('\nsummary:', JSON.stringify(results, null, 2));
