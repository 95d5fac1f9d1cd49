import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import '../zod-locale';
import { idSchema, okSchema, roleSchema } from './session';

// The entities the accounts endpoints answer (endpoints/accounts.ts, a shared entry the account
// pages load): a module of their own so that those pages do not compile every entity of the
// product. entities/index.ts re-exports them.

// ---------------------------------------------------------------- pages
/** Pages answer items, totalCount, hasPreviousPage, hasNextPage (both documents). */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    totalCount: z.number().check(z.int(), z.nonnegative()),
    pageNumber: z.number().check(z.int(), z.positive()),
    pageSize: z.number().check(z.int(), z.positive()),
    totalPages: z.number().check(z.int(), z.nonnegative()),
    hasPreviousPage: z.boolean(),
    hasNextPage: z.boolean(),
  });
/** A page of `T`, as `pageOf` answers it. */
export type Page<T> = z.infer<ReturnType<typeof pageOf<z.ZodMiniType<T>>>>;

// ---------------------------------------------------------------- answers
export const okWithIdSchema = lazySchema(() => z.extend(okSchema, { id: idSchema }));

// ---------------------------------------------------------------- users and admins (document 2)
export const userListItemSchema = lazySchema(() => z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.nullable(z.string()),
  /** Employer: the account that runs a company; Admin: an admin user an employer added to it. */
  role: z.enum(['Employee', 'Employer', 'Admin']),
  /** The company of an employee, or the company an employer user runs (null before setup). */
  companyId: z.nullable(idSchema),
  /** That company's name and ISO 3166-1 alpha-2 country (its people's phone numbers are written for it). */
  companyName: z.nullable(z.string()),
  companyCountry: z.nullable(z.string()),
}));
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * `offices`: the office ids an admin is limited to (docs/decisions/0051-office-administrators.md),
 * or null for the whole company (owners, unlimited admins, super admins).
 */
export const adminEntrySchema = lazySchema(() => z.object({ id: idSchema, name: z.string(), email: z.string(), role: roleSchema, offices: z.nullable(z.array(idSchema)) }));
export type AdminEntry = z.infer<typeof adminEntrySchema>;
