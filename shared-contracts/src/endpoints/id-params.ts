import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';

/** The `{id}` of a path: a module of its own, so that the session's company lookup needs nothing else. */
export const idParams = lazySchema(() => z.object({ id: z.string() }));
