/**
 * Processor time of the per-request layers of `POST /api/trips` taken one at a time, in this
 * process alone (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/request-layers.ts [--n 200000]
 *
 * Each layer runs `--n` times on a trip as `bench/ingest.ts` sends it, after a warm-up, and its
 * processor time (`process.cpuUsage`, so not the time waiting for a core) is printed in µs a call:
 * the JSON parse of the body, the NUL and surrogate guard, the body's zod validation, the session
 * token's hash, and the answer's serialiser. A profile of a loaded server spreads the time of the
 * samples taken while the process waited on frames near a native call (a socket write, the HTTP
 * parser); these figures do not depend on that.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import type { z } from 'zod';
import { fastSerializer } from '../src/plugins/fast-serializer';
import { rejectNulCharacters } from '../src/plugins/text-guard';
import { zodValidatorCompiler } from '../src/plugins/validation';
import { hashToken, newToken } from '../src/lib/tokens';
import { benchTrip } from './bench-trip';

const { values } = parseArgs({ options: { n: { type: 'string', default: '200000' } } });
const N = Number(values.n);

const riders = Array.from({ length: 3000 }, () => randomUUID());
const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
const bodies = Array.from({ length: 1000 }, (_, k) => JSON.stringify(benchTrip(k, 1000, riders, today, `ingest-${k}`).body));
const parsed = bodies.map((b) => JSON.parse(b) as unknown);
const tokens = Array.from({ length: 1000 }, () => newToken());
const ep = ENDPOINTS.mobile.recordTrip;
const validate = zodValidatorCompiler({ schema: ep.body as z.core.$ZodType, httpPart: 'body', method: 'POST', url: '/api/trips' });
const serialise = fastSerializer(ep.response as z.core.$ZodType);
const answer = {
  success: true,
  message: MESSAGES.trips.recorded,
  created: true,
  trip: {
    id: randomUUID(),
    clientTripId: 'ingest-1',
    driverId: randomUUID(),
    startedAt: new Date(today).toISOString(),
    distanceMiles: 12.34,
    passengerIds: riders.slice(0, 2),
    journeyGroupId: null,
    createdAt: new Date().toISOString(),
    review: 'counted',
    flagReasons: [],
  },
};

let sink = 0;
async function measure(name: string, fn: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < Math.min(N, 20_000); i++) {
    const r = fn(i);
    if (r instanceof Promise) await r;
  }
  const start = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const r = fn(i);
    if (r instanceof Promise) await r;
    else sink += r ? 1 : 0;
  }
  const used = process.cpuUsage(start);
  console.log(`  ${((used.user + used.system) / N).toFixed(2).padStart(7)} µs  ${name}`);
}

console.log(`processor µs a call (${N} calls each; load average ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}):`);
await measure('JSON.parse of the body', (i) => JSON.parse(bodies[i % 1000]!));
await measure('NUL and surrogate guard (preValidation)', (i) => rejectNulCharacters({ params: {}, query: {}, body: parsed[i % 1000] } as never));
await measure('body validation (the contract schema, zod)', (i) => validate(parsed[i % 1000]));
await measure('session token hash', (i) => hashToken(tokens[i % 1000]!));
await measure('answer serialiser', () => serialise(answer));
console.log(sink > 0 ? '' : ' ');
