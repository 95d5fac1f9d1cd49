import { monitorEventLoopDelay } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import { MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../lib/http-error';

export interface OverloadLimits {
  /** Mean event-loop delay over one sample above which the sample counts as overloaded. */
  maxEventLoopDelayMs: number;
  sampleIntervalMs: number;
  /** How many overloaded samples in a row turn new requests away. */
  sustainedSamples: number;
  /** What the answer's Retry-After asks a client to wait. */
  retryAfterSeconds: number;
}

/**
 * A mean delay of a second means every request waits a second before it even starts; past that,
 * answering 503 at once is kinder than queueing. Only a delay that lasts sheds load: two samples in a
 * row. One long task (the embedded database building a large report runs on this thread) holds the
 * loop once and leaves it free; turning the next request away for it would refuse a server that is no
 * longer busy. Utilisation is not checked either, for the same reason: one large import would read
 * as saturation.
 */
export const OVERLOAD_LIMITS: OverloadLimits = { maxEventLoopDelayMs: 1000, sampleIntervalMs: 1000, sustainedSamples: 2, retryAfterSeconds: 10 };

/** The guard switched off (a limit of 0 checks nothing), for tests whose answers must all be the handlers'. */
export const OVERLOAD_OFF: Partial<OverloadLimits> = { maxEventLoopDelayMs: 0 };

/** What the guard saw in its last sample. */
export interface EventLoopLoad {
  /** The last sample's mean event-loop delay. */
  delayMs: number;
  /** How many samples in a row, up to the last, were over the limit. */
  overloadedSamples: number;
  /** Whether new requests are being turned away. */
  shedding: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventLoopLoad(): EventLoopLoad;
  }
}

class OverloadedError extends HttpError {
  constructor() {
    super(503, MESSAGES.common.overloaded);
  }
}

/** The delay histogram's resolution: a tick every 10 ms, whose lateness is what it records. */
const RESOLUTION_MS = 10;

/**
 * Answers 503 `{ success: false, message }` with Retry-After while the event loop stays overloaded;
 * the error handler words it like every other refusal.
 */
export const overloadGuard = fp<Partial<OverloadLimits>>(
  async (fastify, options) => {
    const limits = { ...OVERLOAD_LIMITS, ...options };
    const checking = limits.maxEventLoopDelayMs > 0;
    const sustained = Math.max(1, limits.sustainedSamples);
    const interval = Math.max(RESOLUTION_MS, limits.sampleIntervalMs);
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    let delayMs = 0;
    let overloadedSamples = 0;
    let sampledAt = performance.now();

    const sample = () => {
      const now = performance.now();
      // A loop held for the whole sample may have let the histogram record nothing; the sampler's own
      // lateness is then the delay (a mean over nothing is not a delay, let alone an infinite one).
      const late = Math.max(0, now - sampledAt - interval);
      sampledAt = now;
      delayMs = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : late;
      histogram.reset();
      overloadedSamples = checking && delayMs > limits.maxEventLoopDelayMs ? overloadedSamples + 1 : 0;
    };
    const timer = setInterval(sample, interval);
    timer.unref();

    const shedding = () => checking && overloadedSamples >= sustained;
    fastify.decorate('eventLoopLoad', (): EventLoopLoad => ({ delayMs, overloadedSamples, shedding: shedding() }));

    fastify.addHook('onRequest', (_request, reply, done) => {
      if (!shedding()) {
        done();
        return;
      }
      void reply.header('Retry-After', String(limits.retryAfterSeconds));
      done(new OverloadedError());
    });

    fastify.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      histogram.disable();
      done();
    });
  },
  { name: 'portal-overload-guard' },
);
