import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { json } from '../test/test-support';
import { errorHandler } from './errors';
import { OVERLOAD_OFF, overloadGuard, type OverloadLimits } from './overload';

function blockFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The event loop can do nothing else meanwhile.
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function guarded(limits: Partial<OverloadLimits>) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(errorHandler);
  await app.register(overloadGuard, limits);
  app.get('/ping', async () => ({ ok: true }));
  await app.ready();
  return app;
}

/** Waits (the loop free) until the guard's state satisfies `until`, for at most `ms`. */
async function waitFor(app: Awaited<ReturnType<typeof guarded>>, until: (load: ReturnType<typeof app.eventLoopLoad>) => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!until(app.eventLoopLoad()) && Date.now() < deadline) await pause(5);
  return app.eventLoopLoad();
}

describe('overload guard', () => {
  it('answers 503 with Retry-After and a message while the event loop stays held up, and serves again once it is free', async () => {
    const app = await guarded({ maxEventLoopDelayMs: 20, sampleIntervalMs: 100, sustainedSamples: 2, retryAfterSeconds: 7 });
    try {
      expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);

      // Busy for several samples in a row: every tick of the loop comes 60 ms late.
      const until = performance.now() + 800;
      while (performance.now() < until && !app.eventLoopLoad().shedding) {
        blockFor(60);
        await new Promise((r) => setImmediate(r));
      }
      expect(app.eventLoopLoad().shedding).toBe(true);
      const busy = await app.inject({ method: 'GET', url: '/ping' });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('7');
      expect(json(busy)).toEqual({ success: false, message: MESSAGES.common.overloaded });

      // A sample without a block clears it.
      expect((await waitFor(app, (load) => !load.shedding)).shedding).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('serves the request after one long task: a loop held once, longer than a sample, is free again', async () => {
    // The embedded database building a large report holds the loop this way once.
    const app = await guarded({ maxEventLoopDelayMs: 50, sampleIntervalMs: 200, sustainedSamples: 2 });
    try {
      blockFor(700);
      // The sample after the block saw it...
      const load = await waitFor(app, (l) => l.overloadedSamples > 0, 1000);
      expect(load.overloadedSamples).toBe(1);
      expect(load.delayMs).toBeGreaterThan(50);
      // ...and the request that waited behind it is answered.
      expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('sheds after one long task when a single sample is enough', async () => {
    // The same block as above, counted: proves the sampler sees a loop held longer than a sample.
    const app = await guarded({ maxEventLoopDelayMs: 50, sampleIntervalMs: 200, sustainedSamples: 1 });
    try {
      blockFor(700);
      await waitFor(app, (l) => l.overloadedSamples > 0, 1000);
      expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('switched off, answers even while the loop is held again and again', async () => {
    const app = await guarded({ ...OVERLOAD_OFF, sampleIntervalMs: 5 });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 40; i++) {
        blockFor(30);
        await new Promise((r) => setImmediate(r));
        statuses.add((await app.inject({ method: 'GET', url: '/ping' })).statusCode);
      }
      expect([...statuses]).toEqual([200]);
      expect(app.eventLoopLoad().shedding).toBe(false);
    } finally {
      await app.close();
    }
  });
});
