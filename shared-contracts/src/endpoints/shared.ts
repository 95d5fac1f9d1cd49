import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { LIMITS } from '@portal/shared-contracts/constants';
import { searchText } from '../forms/text';
import { INPUT_MESSAGES } from '../messages/input';

// Query and path shapes several endpoint groups use.
export { idParams } from './id-params';

/**
 * A whole number in a query string: digits only, so "", " 5", "1e1" and "-0" are refused rather
 * than coerced; no more digits than `max` has are read. In-process callers may pass a number.
 */
export const queryInt = (min: number, max: number, message: string) =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.maxLength(String(max).length, { message, abort: true }), z.regex(/^\d+$/, message)), z.transform(Number))], {
      error: message,
    }),
    z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message)),
  ).register(z.globalRegistry, { description: `A whole number from ${min} to ${max}.` });

/**
 * Every list's paging, one rule (docs/api.md, "Paging"): `pageNumber` from 1 to LIMITS.maxPageNumber,
 * `pageSize` from 1 to LIMITS.maxPageSize (default LIMITS.pageSize). A page past the last one
 * answers no items with the list's true totals.
 */
export const pageQuerySchema = lazySchema(() => z.object({
  pageNumber: z._default(queryInt(1, LIMITS.maxPageNumber, INPUT_MESSAGES.input.pageNumberInvalid), 1),
  pageSize: z._default(queryInt(1, LIMITS.maxPageSize, INPUT_MESSAGES.input.pageSizeInvalid), LIMITS.pageSize),
}));
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A list's search: in NFC as the text it is compared with (forms/text.ts); nothing visible is no search. */
export const searchQuery = lazySchema(() => z.extend(pageQuerySchema, { search: z.optional(searchText(100)) }));
