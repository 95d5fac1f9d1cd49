import type { FastifyRequest } from 'fastify';

/** Where a call came from, for the audit trail, rate-limit keys and a session's record. */
export interface ClientMeta {
  ip: string;
  userAgent?: string | undefined;
}

export function clientMeta(req: Pick<FastifyRequest, 'ip' | 'headers'>): ClientMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}
