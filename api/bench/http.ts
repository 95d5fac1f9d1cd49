/**
 * The api over HTTP at N concurrent connections (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/http.ts [--employees 100000] [--seconds 10] [--connections 50] [--sessions 50] [--only pglite|postgres] [--match 'miss|search'] [--skip 'exa, miss'] [--prof]
 *
 * For each database (in-memory PGlite, the embedded default; then PostgreSQL: DATABASE_URL's
 * server, or else a throwaway cluster) a child process migrates, makes one company of `--employees`
 * demo employees (`seedDemoEmployees`), signs its employer in `--sessions` times (each request
 * carries the next of those sessions' tokens, as many people signed in would), and serves the api beside a bare
 * Fastify answering a constant object. This process drives both with autocannon, one scenario after
 * the other at the same concurrency, and prints one table: requests/s, p50, p99 and each figure as a
 * share of bare Fastify's requests/s in the same run. `--prof` runs the server under `--cpu-prof`
 * (profiles in `bench/profiles/`).
 *
 * The employee list keeps its answers in memory until a write changes the company's version: its
 * scenarios run with nobody writing (what a reader gets then: answers from memory), then "miss"
 * (the server keeps no answers, `keepListAnswers(false)`: every read reads the version and then the
 * database, what a miss costs), and page 1 "writer" (a loop in the server's process changes one
 * employee's phone number after another, one statement at a time: a real write beside the readers),
 * then "status writer" (every list scenario beside a writer that deactivates and reactivates
 * employees, one statement each, about 10 a second: the reads after writes of a working day), then
 * "mixed writer" (the same beside a writer taking turns at a phone number, a vehicle, a join
 * request, its approval and a change of surname, about 10 a second).
 * `--match` runs only the scenarios whose name (with its ", miss", ", writer", ", status writer" or ", mixed writer") contains one of its
 * parts separated by `|`, and `--skip` leaves out those whose name contains one of its parts; bare
 * Fastify always runs, as the yardstick.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createApiContext } from '../src/create-context';
import { companies, employerUsers, users } from '../src/db/schema';
import { seedDemoEmployees } from '../src/demo/employees';
import { keepListAnswers } from '../src/modules/employees/list-cache';
import { rows } from '../src/db/sql';
import { createSession } from '../src/lib/sessions';
import { withBenchDatabase } from './postgres';
import { benchConfig, quietLog, serveBesideBareFastify } from './config';

const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    sessions: { type: 'string', default: '50' },
    only: { type: 'string' },
    match: { type: 'string' },
    skip: { type: 'string' },
    prof: { type: 'boolean', default: false },
    serve: { type: 'boolean', default: false },
  },
});

// ---------------------------------------------------------------- the servers (a forked child)
interface Served {
  api: number;
  bare: number;
  tokens: string[];
  seedMs: number;
}

/** Starts (`phone` or `miss`) or stops the server's writer; stopping answers the number of writes it made. */
function writer(child: ChildProcess, on: Variant | false): Promise<number> {
  return new Promise((resolve) => {
    const listen = (m: { writerStarted?: boolean; writes?: number }) => {
      if (on && m.writerStarted) resolve(0);
      else if (!on && m.writes !== undefined) resolve(m.writes);
      else return;
      child.off('message', listen);
    };
    child.on('message', listen);
    child.send({ writer: on });
  });
}

function serve(databaseUrl: string | undefined): Promise<{ child: ChildProcess } & Served> {
  const profDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'profiles');
  const execArgv = values.prof ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${profDir}`] : process.execArgv;
  const env = { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '' };
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--employees', String(values.employees), '--sessions', String(values.sessions)], { execArgv, env });
  return new Promise((resolve, reject) => {
    child.once('message', (m: Served) => resolve({ child, ...m }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function serveChild(): Promise<void> {
  const ctx = await createApiContext(benchConfig(process.env.BENCH_DATABASE_URL || undefined), { log: quietLog });
  const t0 = performance.now();
  const [c] = await ctx.db
    .insert(companies)
    .values({ name: 'Benchmark Commuters Ltd', email: 'hello@bench.example', phoneNumber: '0113 496 0000', signUpState: 3 })
    .returning({ id: companies.id });
  const [u] = await ctx.db
    .insert(users)
    .values({ email: 'employer@bench.example', passwordHash: 'not-used', name: 'Bench Employer', role: 'Employer', companyId: c!.id })
    .returning({ id: users.id });
  await ctx.db.insert(employerUsers).values({ userId: u!.id });
  await seedDemoEmployees(ctx.db, { companyId: c!.id, count: Number(values.employees), seed: 42 });
  // What autovacuum would have done on a live system.
  await ctx.db.execute(sql`vacuum analyze`);
  const seedMs = Math.round(performance.now() - t0);
  const tokens: string[] = [];
  for (let i = 0; i < Math.max(1, Number(values.sessions)); i++) tokens.push((await createSession(ctx.db, u!.id, true, { ip: '127.0.0.1' })).token);

  // The writer beside the readers: one employee's phone number after another, back to back.
  const ids = (await ctx.db.execute(sql`select id from users where company_id = ${c!.id} and role = 'Employee' and is_approved limit 1000`)) as unknown;
  const employeeIds = (Array.isArray(ids) ? ids : (ids as { rows: { id: string }[] }).rows).map((r: { id: string }) => r.id);
  let writing: Promise<number> | undefined;
  let joined = '';
  let joins = 0;
  let stop = false;
  process.on('message', (m: { writer?: Variant | false }) => {
    if (m.writer && !writing) {
      stop = false;
      const miss = m.writer === 'miss';
      const status = m.writer === 'status';
      const mixed = m.writer === 'mixed';
      keepListAnswers(!miss);
      writing = (async () => {
        let n = 0;
        while (!stop) {
          const id = employeeIds[(status ? Math.floor(n / 2) * 37 : mixed ? n * 37 : n) % employeeIds.length]!;
          if (miss) {
            // Misses without writes: wait for the stop.
            await new Promise((r) => setTimeout(r, 50));
            continue;
          }
          if (mixed) {
            // A company's day: about 10 writes a second, taking turns: a phone number, a vehicle's
            // colour, a join request (a pending employee), its approval, a change of surname.
            const t = performance.now();
            const surname = SURNAMES[n % SURNAMES.length]!;
            switch (n % 5) {
              case 0:
                await ctx.db.execute(sql`update users set phone_number = ${`0113 496 ${String(n % 10000).padStart(4, '0')}`}, updated_at = now() where id = ${id}`);
                break;
              case 1:
                await ctx.db.execute(sql`insert into vehicles (user_id, make, model, color, registration_number) values (${id}, 'Ford', 'Focus', ${`Colour ${n}`}, ${`BN${n}`})
                  on conflict (user_id) do update set color = excluded.color`);
                break;
              case 2:
                joined = (
                  await rows<{ id: string }>(
                    ctx.db,
                    sql`insert into users (email, password_hash, name, first_name, last_name, role, company_id, is_approved)
                      values (${`joiner${++joins}@bench.example`}, 'not-used', ${`Joe ${surname}`}, 'Joe', ${surname}, 'Employee', ${c!.id}, false) returning id`,
                  )
                )[0]!.id;
                break;
              case 3:
                await ctx.db.execute(sql`update users set is_approved = true, updated_at = now() where id = ${joined}`);
                break;
              default:
                await ctx.db.execute(sql`update users set last_name = ${surname}, updated_at = now() where id = ${id}`);
            }
            n++;
            await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - t))));
            continue;
          }
          if (status) {
            // An office's day: one employee deactivated, then reactivated, about 10 a second, each
            // as the api's deactivate and reactivate write it (lib/deactivation.ts, lifecycle.ts).
            const t = performance.now();
            if (n % 2 === 0)
              await ctx.db.execute(sql`update users set is_active = false, deactivation_reason = 'Left the company', deactivated_by = ${u!.id}::uuid, deactivated_at = now(), updated_at = now() where id = ${id}`);
            else await ctx.db.execute(sql`update users set is_active = true, deactivation_reason = null, deactivated_by = null, deactivated_at = null, updated_at = now() where id = ${id}`);
            n++;
            await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - t))));
            continue;
          }
          await ctx.db.execute(sql`update users set phone_number = ${`0113 496 ${String(n % 10000).padStart(4, '0')}`} where id = ${id}`);
          n++;
        }
        return n;
      })();
      process.send!({ writerStarted: true });
    } else if (m.writer === false && writing) {
      stop = true;
      keepListAnswers(true);
      void writing.then((writes) => {
        writing = undefined;
        process.send!({ writes });
      });
    }
  });
  await serveBesideBareFastify(ctx, { tokens, seedMs } satisfies Omit<Served, 'api' | 'bare'>);
}

// ---------------------------------------------------------------- load (this process)
interface Figures {
  db: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  share: number;
  failed: number;
  /** Writes a second of the writer beside the readers. */
  writes?: number;
}

/** Each request signed in with the next of `tokens` (none: no authorization header). */
function signedIn(tokens: string[]): autocannon.Request[] | undefined {
  if (!tokens.length) return undefined;
  let n = 0;
  return [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[n++ % tokens.length]}` } }) }];
}

async function load(base: string, path: string, tokens: string[] = []) {
  const r = await autocannon({
    url: base + path,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    timeout: 5,
    requests: signedIn(tokens),
  });
  // Only answers of 2xx count: a 503 of the overload guard is quick but is not the page.
  return { rps: Math.round(r['2xx'] / r.duration), p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors + r.timeouts };
}

/**
 * `miss`: nothing kept in memory; `phone`: a writer changing phone numbers back to back; `status`: a
 * writer deactivating and reactivating employees at about 10 writes a second; `mixed`: a writer
 * changing phone numbers, vehicles, joining, approving and renaming employees, about 10 a second.
 */
type Variant = 'miss' | 'phone' | 'status' | 'mixed';

/** The surnames the mixed writer gives joiners and renamed employees. */
const SURNAMES = ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson', 'Evans', 'Walker', 'Zephyr', 'Abbott'];

/** The scenario's name in a variant. */
function variantName(name: string, variant: Variant): string {
  return `${name}, ${variant === 'miss' ? 'miss' : variant === 'status' ? 'status writer' : variant === 'mixed' ? 'mixed writer' : 'writer'}`;
}

/** Name, path, and the variants with a writer beside the readers it runs again in. */
function scenarios(lastPage: number): [string, string, Variant[]][] {
  return [
    ['GET /api/accounts/me', '/api/accounts/me', []],
    ['employees, page 1', '/api/employees?pageNumber=1&pageSize=10', ['miss', 'phone', 'status', 'mixed']],
    ['employees, page 1, search=smi', '/api/employees?pageNumber=1&pageSize=10&search=smi', ['miss', 'status', 'mixed']],
    ['employees, page 1, search=sm', '/api/employees?pageNumber=1&pageSize=10&search=sm', ['miss', 'status', 'mixed']],
    ['employees, page 1, search=s', '/api/employees?pageNumber=1&pageSize=10&search=s', ['miss', 'status', 'mixed']],
    // Every employee's address is at example.com: a longer term that matches the whole list.
    ['employees, page 1, search=exa', '/api/employees?pageNumber=1&pageSize=10&search=exa', ['miss', 'status', 'mixed']],
    ['employees, page 5 000', '/api/employees?pageNumber=5000&pageSize=10', ['miss', 'status', 'mixed']],
    [`employees, last page (${lastPage})`, `/api/employees?pageNumber=${lastPage}&pageSize=10`, ['miss', 'status', 'mixed']],
  ];
}

/** Whether `--match` asks for the scenario (every one without it) and `--skip` does not leave it out. */
function wanted(name: string): boolean {
  const parts = (option: string | undefined) => option?.split('|').filter(Boolean) ?? [];
  const match = parts(values.match);
  if (parts(values.skip).some((p) => name.includes(p))) return false;
  return match.length === 0 || match.some((p) => name.includes(p));
}

function row(f: Figures) {
  const share = f.name.startsWith('bare') ? '' : `${(f.share * 100).toFixed(1)}%`;
  const writes = f.writes === undefined ? '' : `  ${f.writes} writes/s`;
  return `  ${f.db.padEnd(9)}${f.name.padEnd(44)}${String(f.rps).padStart(8)}${String(f.p50).padStart(7)}${String(f.p99).padStart(7)}${share.padStart(8)}${writes}${f.failed ? `  ${f.failed} not 2xx or timed out` : ''}`;
}

async function measure(db: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<Figures[]> {
  const server = await serve(databaseUrl);
  try {
    console.log(`${db}: ${values.employees} employees seeded and analysed in ${server.seedMs} ms`);
    const api = `http://127.0.0.1:${server.api}`;
    console.log(`${server.tokens.length} sessions: each request carries the next one's token`);
    const first = await fetch(`${api}/api/employees?pageNumber=1&pageSize=10`, { headers: { authorization: `Bearer ${server.tokens[0]}` } });
    // The page answers its total, not its number of pages: the last page of ten is the total's tenth, rounded up.
    const SCENARIOS = scenarios(Math.ceil(((await first.json()) as { totalCount: number }).totalCount / 10));
    // Warm-up: JIT, plan caches, buffers.
    for (const [, p] of SCENARIOS) await autocannon({ url: api + p, requests: signedIn(server.tokens), connections: 5, duration: 1, timeout: 5 });
    await autocannon({ url: `http://127.0.0.1:${server.bare}/hello`, connections: 5, duration: 1 });
    const bare = await load(`http://127.0.0.1:${server.bare}`, '/hello');
    const out: Figures[] = [{ db, name: 'bare Fastify GET /hello', share: 1, ...bare }];
    console.log(row(out[0]!));
    for (const [name, p] of SCENARIOS) {
      if (!wanted(name)) continue;
      const f = await load(api, p, server.tokens);
      out.push({ db, name, share: f.rps / bare.rps, ...f });
      console.log(row(out[out.length - 1]!));
    }
    for (const variant of ['miss', 'phone', 'status', 'mixed'] as const) {
      for (const [name, p, variants] of SCENARIOS) {
        if (!variants.includes(variant) || !wanted(variantName(name, variant))) continue;
        await writer(server.child, variant);
        const f = await load(api, p, server.tokens);
        const writes = await writer(server.child, false);
        out.push({ db, name: variantName(name, variant), share: f.rps / bare.rps, ...f, ...(variant !== 'miss' ? { writes: Math.round(writes / Number(values.seconds)) } : {}) });
        console.log(row(out[out.length - 1]!));
      }
    }
    return out;
  } finally {
    server.child.disconnect();
    await new Promise<void>((r) => server.child.once('exit', () => r()));
  }
}

async function main() {
  console.log(`${values.connections} connections, ${values.seconds} s a scenario; share = requests/s as a share of bare Fastify's in the same run`);
  const all: Figures[] = [];
  if (values.only !== 'postgres') all.push(...(await measure('pglite', undefined)));
  if (values.only !== 'pglite') {
    await withBenchDatabase('portal_bench_http', process.env.DATABASE_URL, async (url) => {
      all.push(...(await measure('postgres', url)));
    });
  }
  console.log(`\n  ${'database'.padEnd(9)}${'scenario'.padEnd(44)}${'2xx/s'.padStart(8)}${'p50'.padStart(7)}${'p99'.padStart(7)}${'share'.padStart(8)}   (ms)`);
  for (const f of all) console.log(row(f));
}

if (values.serve) await serveChild();
else await main();
