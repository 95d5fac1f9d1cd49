/**
 * Processor time of trip ingestion, without HTTP (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/ingest-cpu.ts [--drivers 1000] [--riders 3000] [--trips 6000] [--wave 50]
 *
 * On PostgreSQL (DATABASE_URL's server, or else a throwaway cluster) it migrates, seeds the company of
 * `bench/ingest.ts` and records `--trips` trips through `recordTrip` (the group commit of decision
 * 0064), `--wave` at a time, the trips made as `bench/ingest.ts` makes them. It prints the processor
 * time of the database's backends (from /proc, so not the time a process waited for a core) and of
 * this process, each a trip: figures that a machine shared with other work moves far less than the
 * HTTP figures, which are wall-clock times.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { createApiContext } from '../src/create-context';
import { benchConfig, quietLog } from './config';
import { withBenchDatabase } from './postgres';
import { directIngest } from './direct-ingest';
import { processorMs } from './proc';

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '1000' },
    riders: { type: 'string', default: '3000' },
    trips: { type: 'string', default: '6000' },
    wave: { type: 'string', default: '50' },
  },
});

await withBenchDatabase('portal_bench_ingest_cpu', process.env.DATABASE_URL, async (url) => {
  const ctx = await createApiContext(benchConfig(url), { log: quietLog });
  const sqlc = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const { run } = await directIngest(ctx, { drivers: Number(values.drivers), riders: Number(values.riders) }, 'cpu');
    await run(500, Number(values.wave)); // warm-up: connections, plans
    const pids = (await sqlc<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`).map((b) => b.pid);
    const trips = Number(values.trips);
    const db0 = processorMs(pids);
    const me0 = process.cpuUsage();
    const t0 = performance.now();
    await run(trips, Number(values.wave));
    const wall = performance.now() - t0;
    const me = process.cpuUsage(me0);
    const db = processorMs(pids) - db0;
    const [st] = await sqlc<{ n: number }[]>`select count(*)::int as n from trips`;
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `${trips} trips in ${Math.round(wall)} ms (${Math.round((1000 * trips) / wall)} a second), ${st!.n} stored; load ${load}\n` +
        `processor a trip: database ${(db / trips).toFixed(3)} ms (${pids.length} backends, ${db} ms), this process ${((me.user + me.system) / 1000 / trips).toFixed(3)} ms`,
    );
  } finally {
    await sqlc.end();
    await ctx.close?.();
  }
});
process.exit(0);
