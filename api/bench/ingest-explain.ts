/**
 * The plans of a batch's statements (a script that prints figures, not a test):
 *
 *   DATABASE_URL=... pnpm --filter @portal/api exec tsx bench/ingest-explain.ts [--trips 600] [--wave 13]
 *
 * Needs a server with auto_explain and pg_stat_statements preloaded. Records `--trips` trips as
 * bench/ingest-cpu.ts does, then one more wave with auto_explain logging every statement with its
 * analysis and triggers (to the server's log), and prints pg_stat_statements of the timed trips.
 */
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createApiContext } from '../src/create-context';
import { benchConfig, quietLog } from './config';
import { withBenchDatabase } from './postgres';
import { directIngest } from './direct-ingest';

const { values } = parseArgs({ options: { trips: { type: 'string', default: '600' }, wave: { type: 'string', default: '13' }, drivers: { type: 'string', default: '1000' }, riders: { type: 'string', default: '3000' } } });

await withBenchDatabase('portal_bench_ingest_explain', process.env.DATABASE_URL, async (url) => {
  const ctx = await createApiContext(benchConfig(url), { log: quietLog });
  const sqlc = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const { run } = await directIngest(ctx, { drivers: Number(values.drivers), riders: Number(values.riders) }, 'x');
    const wave = Number(values.wave);
    await run(300, wave);
    await sqlc`create extension if not exists pg_stat_statements`;
    await sqlc`select pg_stat_statements_reset()`;
    await run(Number(values.trips), wave);
    const top = await sqlc<{ calls: number; total: number; q: string }[]>`
      select calls::int, total_exec_time::float8 as total, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q
      from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc limit 16`;
    for (const t of top) console.log(`${t.total.toFixed(0).padStart(7)} ms ${String(t.calls).padStart(6)} calls ${(t.total / t.calls).toFixed(3).padStart(8)} ms  ${t.q}`);
    const fns = await sqlc<{ name: string; calls: number; self: number; total: number }[]>`
      select funcname as name, calls::int, self_time::float8 as self, total_time::float8 as total from pg_stat_user_functions order by total_time desc limit 6`;
    for (const f of fns) console.log(`fn ${f.name} ${f.calls} calls, self ${f.self.toFixed(0)} ms, total ${f.total.toFixed(0)} ms`);
    const triggers = await sqlc<{ tbl: string; name: string; def: string }[]>`
      select c.relname as tbl, t.tgname as name, left(pg_get_triggerdef(t.oid), 160) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relname in ('trips', 'trip_passengers', 'employee_monthly_stats', 'employee_trip_totals', 'company_monthly_stats') and not t.tgisinternal order by 1, 2`;
    for (const t of triggers) console.log(`trigger ${t.tbl}.${t.name}: ${t.def}`);
    const indexes = await sqlc<{ tbl: string; n: number }[]>`
      select tablename as tbl, count(*)::int as n from pg_indexes where tablename in ('trips', 'trip_passengers', 'employee_monthly_stats', 'employee_trip_totals') group by 1`;
    console.log(`indexes: ${indexes.map((i) => `${i.tbl} ${i.n}`).join(', ')}`);
    await sqlc`alter system set auto_explain.log_min_duration = 0`;
    await sqlc`select pg_reload_conf()`;
    await new Promise((r) => setTimeout(r, 300));
    await run(wave, wave);
    await sqlc`alter system reset auto_explain.log_min_duration`;
    await sqlc`select pg_reload_conf()`;
  } finally {
    await sqlc.end();
    await ctx.close?.();
  }
});
process.exit(0);
