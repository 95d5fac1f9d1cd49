import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { json } from '../test/test-support';
import { errorHandler } from './errors';
import { OVERLOAD_OFF, overloadGuard } from './overload';

function blockFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The event loop can do nothing else meanwhile.
  }
}

describe('overload guard', () => {
  it('answers 503 with Retry-After and a message while the event loop is held up, and serves again once it is free', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    await app.register(overloadGuard, { maxEventLoopDelayMs: 20, sampleIntervalMs: 500, retryAfterSeconds: 7 });
    app.get('/ping', async () => ({ ok: true }));
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);

      blockFor(800);
      // The next sample of the loop's delay includes the block.
      const deadline = Date.now() + 3000;
      while (app.memoryUsage().eventLoopDelay <= 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const busy = await app.inject({ method: 'GET', url: '/ping' });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('7');
      expect(json(busy)).toEqual({ success: false, message: MESSAGES.common.overloaded });

      // A sample without a block clears it.
      while (app.memoryUsage().eventLoopDelay > 20 && Date.now() < deadline + 3000) await new Promise((r) => setTimeout(r, 5));
      expect((await app.inject({ method: 'GET', url: '/ping' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('switched off, answers even after samples in which the starved loop recorded no delay at all', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    await app.register(overloadGuard, { ...OVERLOAD_OFF, sampleIntervalMs: 5 });
    app.get('/ping', async () => ({ ok: true }));
    await app.ready();
    try {
      // A loop held longer than a sample, again and again: some samples have nothing in the delay
      // histogram, which the sampler reads as an infinite delay (a high limit would still trip).
      const statuses = new Set<number>();
      for (let i = 0; i < 40; i++) {
        blockFor(30);
        await new Promise((r) => setImmediate(r));
        statuses.add((await app.inject({ method: 'GET', url: '/ping' })).statusCode);
      }
      expect([...statuses]).toEqual([200]);
    } finally {
      await app.close();
    }
  });
});
