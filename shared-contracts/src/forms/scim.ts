import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { SCIM_MESSAGES } from '../messages/scim';
import { trimmed } from './fields';

// SCIM provisioning: the token form of Company Settings (docs/decisions/0039-scim-provisioning.md).

const M = SCIM_MESSAGES.scim;

export const SCIM_LIMITS = {
  tokenNameMax: 80,
  tokensPerCompany: 20,
  /** The most users one list page answers (`count`); a larger `count` is served this many (RFC 7644, 3.4.2.4). */
  maxPageSize: 200,
  pageSize: 100,
  filterMax: 500,
  /** Operations in one PATCH request. */
  patchOperationsMax: 100,
  /** A SCIM request body: a user is a few hundred bytes. */
  bodyMax: 64 * 1024,
  /** Each text attribute of a user as stored. */
  nameMax: 100,
  emailMax: 254,
  externalIdMax: 255,
  employeeNumberMax: 50,
  departmentMax: 100,
  phoneMax: 30,
  /** An office's name as the provider sends it (`addresses[type eq "work"].formatted`): "1 Park Row, Leeds". */
  officeMax: 200,
} as const;

/** The path SCIM clients are given (RFC 7644, 3.13: the base URL ends here). */
export const SCIM_BASE_PATH = '/scim/v2';

export const scimTokenBodySchema = lazySchema(() => z.object({
  name: trimmed().check(z.minLength(1, M.nameRequired), z.maxLength(SCIM_LIMITS.tokenNameMax, M.nameTooLong(SCIM_LIMITS.tokenNameMax))),
}));
export type ScimTokenBody = z.input<typeof scimTokenBodySchema>;
