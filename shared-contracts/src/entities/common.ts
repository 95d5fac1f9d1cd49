import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import '../zod-locale';

// The smallest answers and shapes, a module of their own so that a module needing only them (the
// telemetry calls, which the shell's collector sends from every page) does not compile every entity.
// entities/session.ts and entities/index.ts re-export them.

export const isoDateTime = lazySchema(() => z.string());

// ---------------------------------------------------------------- answers
export const okSchema = lazySchema(() => z.object({ success: z.literal(true), message: z.string() }));

// The paging query (pageQuerySchema) is endpoints/shared.ts's: its messages are the api's.
