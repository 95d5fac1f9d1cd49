import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { json } from '../test-support';
import { errorHandler } from './errors';
import { overloadGuard } from './overload';

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
});
