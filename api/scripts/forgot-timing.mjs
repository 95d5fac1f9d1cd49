#!/usr/bin/env node
/**
 * How long POST /api/accounts/forgot-password takes for a known and for an unknown address: the
 * answers must not tell them apart. Prints the median and the 90th percentile of N calls each
 * (default 200, interleaved, after a warm-up), in process on a fresh test database (in-memory
 * PGlite, or a new database on the server DATABASE_URL names). A benchmark: it prints, never asserts.
 *
 *   cd api && node --import tsx scripts/forgot-timing.mjs [calls]
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_RATE_LIMITS } from '../src/env.ts';
import { createTestApp } from '../src/test/testing.ts';

const calls = Number(process.argv[2] ?? 200);
const warmUp = 20;
const KNOWN = 'known-address@example.com';
const UNKNOWN = 'unknown-address@example.com';

const t = await createTestApp({
  config: { rateLimits: { ...DEFAULT_RATE_LIMITS, forgotPerAccount: Number.MAX_SAFE_INTEGER, forgotPerAddress: Number.MAX_SAFE_INTEGER } },
});
try {
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/register',
    payload: { email: KNOWN, password: 'Timing-pass-1', userName: 'Timing', role: 'Employer' },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);

  const timings = { known: [], unknown: [] };
  async function once(kind) {
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/accounts/forgot-password', payload: { email: kind === 'known' ? KNOWN : UNKNOWN } });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`forgot-password answered ${res.statusCode}: ${res.body}`);
    // The mail leaves in the background: let it go before the next call is timed.
    await t.ctx.mailer.flush();
    return elapsed;
  }
  for (let i = 0; i < warmUp; i++) {
    await once('known');
    await once('unknown');
  }
  for (let i = 0; i < calls; i++) {
    // Alternate which goes first, so neither profits from the other's warm caches.
    const order = i % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
    for (const kind of order) timings[kind].push(await once(kind));
  }

  const quantile = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  };
  const ms = (x) => `${x.toFixed(2)} ms`;
  console.log(`forgot-password, ${calls} calls each on ${t.ctx.database.kind} (after ${warmUp} warm-up calls each)`);
  for (const kind of ['known', 'unknown']) {
    console.log(`  ${kind.padEnd(8)} median ${ms(quantile(timings[kind], 0.5)).padStart(9)}   p90 ${ms(quantile(timings[kind], 0.9)).padStart(9)}`);
  }
  console.log(`  median difference (known - unknown): ${ms(quantile(timings.known, 0.5) - quantile(timings.unknown, 0.5))}`);
} finally {
  await t.close();
}
