import { z } from 'zod/mini';
import '../zod-locale';

// The smallest answers and shapes, a module of their own so that a module needing only them (the
// telemetry calls, which the shell's collector sends from every page) does not compile every entity.
// entities/session.ts and entities.ts re-export them.

export const isoDateTime = z.string();

// ---------------------------------------------------------------- answers
export const okSchema = z.object({ success: z.literal(true), message: z.string() });

// ---------------------------------------------------------------- pages
export const pageQuerySchema = z.object({
  pageNumber: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
