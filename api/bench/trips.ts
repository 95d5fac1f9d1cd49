/**
 * Recording trips (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/trips.ts [--drivers 50] [--riders 400] [--trips 600] [--concurrency 10] [--only pglite|postgres]
 *
 * For each database (in-memory PGlite; PostgreSQL from DATABASE_URL, or else a throwaway cluster)
 * one company with `--drivers` verified drivers and `--riders` passengers records `--trips` trips
 * through `POST /api/trips` (`app.inject`: session, validation, the trip's rules and roll-ups, no
 * socket), first one at a time (ms per trip), then `--concurrency` at a time (trips per second).
 * Each driver's j-th trip starts at 00:00 or 03:00 UTC, j / 2 days back, with one to three riders:
 * no trip of a driver overlaps another, some riders are on two trips at once (flagged).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_RATE_LIMITS } from '../src/env';
import { createTestApp, type TestApp } from '../src/test/testing';
import { quantile, seedDriversCompany } from './config';
import { withBenchDatabase } from './postgres';

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: '50' },
    riders: { type: 'string', default: '400' },
    trips: { type: 'string', default: '600' },
    concurrency: { type: 'string', default: '10' },
    only: { type: 'string' },
  },
});
const DRIVERS = Number(values.drivers);
const RIDERS = Number(values.riders);
const TRIPS = Number(values.trips);
const CONCURRENCY = Number(values.concurrency);
const DAY = 86_400_000;

interface World {
  drivers: { id: string; token: string }[];
  riders: string[];
}

function seed(t: TestApp): Promise<World> {
  return seedDriversCompany(t.ctx.db, { name: 'Trips Bench Ltd', domain: 'trips.bench', plate: 'TB', drivers: DRIVERS, riders: RIDERS });
}

let n = 0;
/** The next trip: driver by turn, their next free slot, riders by a fixed stride. */
function nextTrip(w: World) {
  const k = n++;
  const driver = w.drivers[k % w.drivers.length]!;
  const j = Math.floor(k / w.drivers.length);
  const today = Math.floor(Date.now() / DAY) * DAY;
  const want = 1 + (k % 3);
  const passengerIds = Array.from({ length: want }, (_, i) => w.riders[(k * 7 + i * 131) % w.riders.length]!);
  return {
    token: driver.token,
    body: {
      clientTripId: `bench-${k}`,
      startedAt: new Date(today - (1 + Math.floor(j / 2)) * DAY + (j % 2) * 3 * 3_600_000).toISOString(),
      distanceMiles: 3 + (k % 25),
      passengerIds: [...new Set(passengerIds)],
    },
  };
}

async function post(t: TestApp, w: World, statuses: Map<number, number>): Promise<number> {
  const { token, body } = nextTrip(w);
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/trips', headers: { authorization: `Bearer ${token}` }, payload: body });
  const ms = performance.now() - started;
  const review = res.statusCode === 201 ? (JSON.parse(res.body) as { trip: { review?: string } }).trip.review ?? 'counted' : String(res.statusCode);
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  reviews.set(review, (reviews.get(review) ?? 0) + 1);
  return ms;
}
const reviews = new Map<string, number>();

async function run(label: string) {
  // The per-driver minute limit would answer most of these 429: here it measures the recording.
  const t = await createTestApp({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS, tripsPerDriverMinute: Number.MAX_SAFE_INTEGER } } });
  try {
    const w = await seed(t);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 20; i++) await post(t, w, statuses);
    statuses.clear();
    reviews.clear();
    const times: number[] = [];
    for (let i = 0; i < TRIPS; i++) times.push(await post(t, w, statuses));
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(`${label}: one at a time, ${TRIPS} trips: mean ${mean.toFixed(1)} ms, p50 ${quantile(times, 0.5).toFixed(1)}, p95 ${quantile(times, 0.95).toFixed(1)}, max ${times.at(-1)!.toFixed(1)} ms`);
    const started = performance.now();
    let left = TRIPS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left-- > 0) await post(t, w, statuses);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`${label}: ${CONCURRENCY} at a time, ${TRIPS} trips: ${(TRIPS / seconds).toFixed(0)} trips/s`);
    console.log(`${label}: answers ${JSON.stringify(Object.fromEntries(statuses))}, reviews ${JSON.stringify(Object.fromEntries(reviews))}`);
  } finally {
    await t.close();
  }
}

if (values.only !== 'postgres') {
  delete process.env.DATABASE_URL;
  await run('PGlite');
}
if (values.only !== 'pglite') {
  await withBenchDatabase('portal_bench_trips', process.env.DATABASE_URL, async (url) => {
    // createTestApp makes a database of its own on the server DATABASE_URL names.
    process.env.DATABASE_URL = url;
    await run('PostgreSQL');
  });
}
