import { ENDPOINTS, MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import { notReadyBecause } from './service';

const H = ENDPOINTS.health;

/** What a probe may wait before asking again (503 answers). */
const RETRY_AFTER_SECONDS = '5';

export const healthModule = apiModule('health', [
  // The process answers: nothing else is looked at, so a slow database never restarts a live process.
  implement(H.live, async () => ({ success: true as const, message: MESSAGES.health.live, status: 'live' as const })),
  implement(H.ready, async (_req, reply, ctx) => {
    const problem = await notReadyBecause(ctx);
    // Probes are never cached by a proxy between the balancer and the api.
    reply.header('cache-control', 'no-store');
    if (problem) throw new HttpError(503, problem, undefined, { 'retry-after': RETRY_AFTER_SECONDS, 'cache-control': 'no-store' });
    return { success: true as const, message: MESSAGES.health.ready, status: 'ready' as const };
  }),
]);
