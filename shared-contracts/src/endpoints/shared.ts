import { z } from 'zod';
import { pageQuerySchema } from '../entities';

// Query and path shapes several endpoint groups use.
export const idParams = z.object({ id: z.string() });
export const searchQuery = pageQuerySchema.extend({ search: z.string().trim().max(100).optional() });
