import { z } from 'zod/mini';
import { pageQuerySchema } from '../entities/common';

// Query and path shapes several endpoint groups use.
export const idParams = z.object({ id: z.string() });
export const searchQuery = z.extend(pageQuerySchema, { search: z.optional(z.string().check(z.trim(), z.maxLength(100))) });

/**
 * A whole number in a query string: digits only, so "", " 5", "1e1" and "-0" are refused rather
 * than coerced. In-process callers may pass a number.
 */
export const queryInt = (min: number, max: number, message: string) =>
  z.pipe(z
    .union([z.number(), z.pipe(z.string().check(z.maxLength(6, { message, abort: true }), z.regex(/^\d+$/, message)), z.transform(Number))], { error: message }), z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message)));
