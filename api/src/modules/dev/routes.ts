import { z } from 'zod';
import { apiModule } from '../../lib/module';
import { readOutbox } from '../../mail/mailer';
import { authenticate } from '../../plugins/auth';

const outboxQuery = z.object({
  to: z.string().max(255).optional(),
  kind: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/**
 * `GET /api/dev/outbox?to=&kind=&limit=`: the mails kept when no SMTP server is configured, newest
 * first, for a signed-in super admin. Registered only when EXPOSE_OUTBOX=1, which the configuration
 * refuses unless PUBLIC_URL is a loopback address and NODE_ENV is not production (local runs and
 * end-to-end tests). The outbox holds live reset and invitation links: anyone reading it can take
 * over any account that asked for one, hence the super admin's session.
 */
export const devModule = apiModule('dev', [], async (fastify, { ctx }) => {
  if (!ctx.config.exposeOutbox) return;
  ctx.log.warn(
    { exposeOutbox: true, publicUrl: ctx.config.publicUrl },
    'EXPOSE_OUTBOX is on: GET /api/dev/outbox shows every kept mail, reset and invitation links included, to any super admin. For local runs and tests only.',
  );
  fastify.route({
    method: 'GET',
    url: '/api/dev/outbox',
    schema: { hide: true, querystring: outboxQuery },
    onRequest: authenticate(ctx, ['SuperAdmin']),
    handler: async (req) => {
      const q = req.query as z.output<typeof outboxQuery>;
      await ctx.mailer.flush();
      return { success: true, items: await readOutbox(ctx.db, q) };
    },
  });
});
