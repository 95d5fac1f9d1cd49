import { z } from 'zod';
import { pageQuerySchema } from '../entities';

// Query and path shapes several endpoint groups use.
export const idParams = z.object({ id: z.string() });
export const searchQuery = pageQuerySchema.extend({ search: z.string().trim().max(100).optional() });
export const monthQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});
