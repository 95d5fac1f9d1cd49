import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';

/**
 * Probes for a load balancer or an orchestrator (deploy/k8s): public, never rate-limited, no
 * session work. `live` says the process answers; `ready` says this instance may take traffic (its
 * database answers, every committed migration is applied, it is not shutting down), and answers
 * 503 `{ success: false, message }` otherwise.
 */
export const healthAnswerSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.enum(['live', 'ready']),
}));
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

export const health = {
  live: defineEndpoint({
    id: 'health.live',
    method: 'GET',
    path: '/api/health/live',
    summary: 'Liveness: the process answers (no database call)',
    access: 'public',
    response: healthAnswerSchema,
    // A malformed URL is refused before routing, as on every path (no other caller mistake exists here).
    errors: [400],
    tags: ['health'],
  }),
  ready: defineEndpoint({
    id: 'health.ready',
    method: 'GET',
    path: '/api/health/ready',
    summary: 'Readiness: the database answers, every migration is applied and the instance is not shutting down; 503 otherwise',
    access: 'public',
    response: healthAnswerSchema,
    // A malformed URL is refused before routing, as on every path (no other caller mistake exists here).
    errors: [400],
    tags: ['health'],
  }),
} as const;
