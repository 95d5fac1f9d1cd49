import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../../context';
import { readOutbox } from '../../mail/mailer';

const outboxQuery = z.object({
  to: z.string().max(255).optional(),
  kind: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/**
 * `GET /api/dev/outbox?to=&kind=&limit=`: the mails kept when no SMTP server is configured, newest
 * first. Registered only when EXPOSE_OUTBOX=1 (local runs and end-to-end tests), never otherwise.
 */
export const devRoutes: FastifyPluginAsync<{ ctx: ApiContext }> = async (fastify, { ctx }) => {
  if (!ctx.config.exposeOutbox) return;
  fastify.route({
    method: 'GET',
    url: '/api/dev/outbox',
    schema: { hide: true, querystring: outboxQuery },
    handler: async (req) => {
      const q = req.query as z.output<typeof outboxQuery>;
      await ctx.mailer.flush();
      return { success: true, items: await readOutbox(ctx.db, q) };
    },
  });
};
