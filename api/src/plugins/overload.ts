import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../lib/http-error';

export interface OverloadLimits {
  /** Mean event-loop delay over one sample above which new requests are turned away. */
  maxEventLoopDelayMs: number;
  sampleIntervalMs: number;
  /** What the answer's Retry-After asks a client to wait. */
  retryAfterSeconds: number;
}

/**
 * A mean delay of a second means every request waits a second before it even starts; past that,
 * answering 503 at once is kinder than queueing. The delay is a mean over the sample, so a loop that
 * stays busy trips it long before a single slow task does. Utilisation is not checked: the embedded
 * database works on this thread, and one large import would read as saturation.
 */
export const OVERLOAD_LIMITS: OverloadLimits = { maxEventLoopDelayMs: 1000, sampleIntervalMs: 1000, retryAfterSeconds: 10 };

/**
 * The guard switched off (a limit of 0 checks nothing), for tests whose answers must all be the
 * handlers'. A high limit is not enough: a sample in which a starved loop recorded no delay at all
 * reads as an infinite delay, and a busy test machine starves it.
 */
export const OVERLOAD_OFF: Partial<OverloadLimits> = { maxEventLoopDelayMs: 0 };

class OverloadedError extends HttpError {
  constructor() {
    super(503, MESSAGES.common.overloaded);
  }
}

/**
 * Answers 503 `{ success: false, message }` with Retry-After while the event loop is overloaded;
 * the error handler words it like every other refusal.
 */
export const overloadGuard = fp<Partial<OverloadLimits>>(
  async (fastify, options) => {
    const limits = { ...OVERLOAD_LIMITS, ...options };
    await fastify.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      sampleInterval: limits.sampleIntervalMs,
      retryAfter: limits.retryAfterSeconds,
      customError: OverloadedError,
    });
  },
  { name: 'portal-overload-guard' },
);
