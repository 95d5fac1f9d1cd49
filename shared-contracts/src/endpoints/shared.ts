import { z } from 'zod';
import { pageQuerySchema } from '../entities';

// Query and path shapes several endpoint groups use.
export const idParams = z.object({ id: z.string() });
export const searchQuery = pageQuerySchema.extend({ search: z.string().trim().max(100).optional() });

/**
 * A whole number in a query string: digits only, so "", " 5", "1e1" and "-0" are refused rather
 * than coerced. In-process callers may pass a number.
 */
export const queryInt = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().max(6, { message, abort: true }).regex(/^\d+$/, message).transform(Number)], { error: message })
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));
