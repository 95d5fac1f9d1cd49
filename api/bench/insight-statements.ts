/**
 * The insight statements of a seeded benchmark database, one by one (a script that prints figures,
 * not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/insight-statements.ts URL [shown,plans] [executions=5]
 *
 * On the database `bench/insights.ts --database URL` seeded (migrated on start), every insight
 * statement as its service sends it, in four views (the whole company `all`, the office Leeds
 * `office`, `none`, an office admin's two offices `admin`): a hash of its answer, its buffers and the
 * min / median execution of `explain (analyze, buffers, timing off)`. Labels: participation of the
 * month page 1, 100 and 200 (`pm1`, `pm100`, `pmlast`), of all time page 1 and 100 (`pa1`, `pa100`),
 * journey groups of the month page 1 (`gm1`) and of all time page 1 and 50 (`ga1`, `ga50`), the
 * dashboard summary (`sum`), trend and CO2 report; `shown` (e.g. `sum:office`) prints that plan, with
 * timings. The last line hashes every answer: a change that must not move an answer prints the same
 * hashes before and after on the same data. Buffers are the figure that does not move with the load.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { createApiContext } from '../src/create-context';
import type { Db } from '../src/db/client';
import { rows } from '../src/db/sql';
import { listFeedback } from '../src/modules/feedback/service';
import { allTimeRanking, co2Report, dashboardSummary, monthlyRanking, monthlyTrend } from '../src/modules/insights/service';
import { listGroups } from '../src/modules/journey-groups/service';
import { ALL_OFFICES, type OfficeFilter } from '../src/lib/offices';
import { benchConfig, quietLog } from './config';

const url = process.argv[2]!;
const show = (process.argv[3] ?? '').split(',').filter(Boolean);
const reps = Number(process.argv[4] ?? 5);
const ctx = await createApiContext(benchConfig(url), { log: quietLog });
const db = ctx.db;
const [c] = await rows<{ id: string }>(db, sql`select id from companies where name = 'Benchmark Commuters Ltd'`);
const companyId = c!.id;
const [o] = await rows<{ id: string }>(db, sql`select id from locations where company_id = ${companyId} and town = 'Leeds'`);
const [admin] = await rows<{ id: string }>(db, sql`select id from locations where company_id = ${companyId} and town <> 'Leeds' limit 1`);
// The busiest month, as bench/insights.ts reads it.
const [busiest] = await rows<{ month: string }>(db, sql`select to_char(month, 'YYYY-MM-DD') as month from company_monthly_stats where company_id = ${companyId} order by trips desc limit 1`);
const month = busiest!.month;
let captured: SQL[] = [];
const capturing = { execute: (q: SQL) => (captured.push(q), db.execute(q)) } as unknown as Db;
const filters: Record<string, OfficeFilter> = { all: ALL_OFFICES, office: { kind: 'office', id: o!.id }, none: { kind: 'none' }, admin: { kind: 'offices', ids: [o!.id, admin!.id] } };
const st: [string, (f: OfficeFilter) => Promise<unknown>][] = [
  ['pm1', (f) => monthlyRanking(capturing, companyId, f, month, 1, 10)],
  ['pm100', (f) => monthlyRanking(capturing, companyId, f, month, 100, 10)],
  ['pmlast', (f) => monthlyRanking(capturing, companyId, f, month, 200, 10)],
  ['pa1', (f) => allTimeRanking(capturing, companyId, f, 1, 10)],
  ['pa100', (f) => allTimeRanking(capturing, companyId, f, 100, 10)],
  ['gm1', (f) => listGroups(capturing, companyId, f, month, 1, 10)],
  ['ga1', (f) => listGroups(capturing, companyId, f, null, 1, 10)],
  ['ga50', (f) => listGroups(capturing, companyId, f, null, 50, 10)],
  ['sum', (f) => dashboardSummary(capturing, companyId, f, month)],
  ['trend', (f) => monthlyTrend(capturing, companyId, f, month)],
  ['co2', (f) => co2Report(capturing, companyId, f, month)],
];
const all = createHash('sha256');
{
  captured = [];
  const ans = await listFeedback(capturing, companyId, 1, 10);
  all.update(JSON.stringify(ans));
}
for (const [vn, f] of Object.entries(filters)) {
  for (const [label, run] of st) {
    captured = [];
    const ans = await run(f);
    const h = createHash('sha256').update(JSON.stringify(ans)).digest('hex').slice(0, 12);
    all.update(JSON.stringify(ans));
    const key = `${label}:${vn}`;
    const times: number[] = [];
    let buffers = '';
    let plan: string[] = [];
    for (let i = 0; i < reps; i++) {
      const timing = show.includes(key) && i === reps - 1 ? sql`on` : sql`off`;
      plan = (await rows<Record<string, string>>(db, sql`explain (analyze, buffers, costs off, timing ${timing}) ${captured[captured.length - 1]!}`)).map((r) => Object.values(r)[0]!);
      times.push(Number(plan.find((l) => l.startsWith('Execution Time'))!.replace(/^.*: /, '').replace(' ms', '')));
      buffers = plan.find((l) => l.includes('Buffers:'))?.trim() ?? '';
    }
    times.sort((a, b) => a - b);
    console.log(`${key.padEnd(14)} ${h} min ${times[0]!.toFixed(1)} med ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms  ${buffers}`);
    if (show.includes(key)) console.log(plan.join('\n'));
  }
}
console.log('all answers', all.digest('hex'));
await ctx.close();
process.exit(0);
