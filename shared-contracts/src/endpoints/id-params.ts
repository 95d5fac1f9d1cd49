import { z } from 'zod/mini';

/** The `{id}` of a path: a module of its own, so that the session's company lookup needs nothing else. */
export const idParams = z.object({ id: z.string() });
