import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { isoDateTime } from '../entities/common';
import { RELEASE_FREEZE_MESSAGES } from '../messages/release-freezes';
import { FREEZE_LIMITS, isCompanyId, parseFreezeUntil } from '../release-freeze';
import { REMOTE_IDS } from '../remotes';

const M = RELEASE_FREEZE_MESSAGES.releaseFreeze;

/**
 * Change freezes (docs/decisions/0042): a super admin freezes any company from the release console,
 * an employer its own from Company Settings. Both run in the portal server that owns the release
 * store, as the console's actions do (nginx sends /api/releases/console and /api/releases/freeze there).
 */

/** The end of a freeze: an ISO date or date-time, ahead of now and at most FREEZE_LIMITS.maxDays away. */
const untilSchema = lazySchema(() => z.string({ error: M.badUntil }).check(
  z.maxLength(40, M.badUntil),
  z.superRefine((value, ctx) => {
    const parsed = parseFreezeUntil(value);
    if ('problem' in parsed) ctx.issues.push({ code: 'custom', message: parsed.problem, input: value });
  }),
));
export const freezeBodySchema = lazySchema(() => z.object({ until: untilSchema }));
export type FreezeBody = z.infer<typeof freezeBodySchema>;

export const freezeParams = lazySchema(() => z.object({
  companyId: z.string().check(z.refine(isCompanyId, M.badCompany)),
}));

/** What a freeze holds of one remote: its stable and, when it had one, its canary and share. */
export const heldRemoteSchema = lazySchema(() => z.object({
  remote: z.enum(REMOTE_IDS),
  stable: z.string(),
  canary: z.nullable(z.object({ version: z.string(), percent: z.number() })),
}));

export const freezeViewSchema = lazySchema(() => z.object({
  companyId: z.string(),
  since: isoDateTime,
  until: isoDateTime,
  held: z.array(heldRemoteSchema),
}));
export type FreezeView = z.infer<typeof freezeViewSchema>;

/** A freeze as the release console lists it, with the company's name (null for an id no company has). */
export const consoleFreezeSchema = lazySchema(() => z.extend(freezeViewSchema, { companyName: z.nullable(z.string()) }));
export type ConsoleFreeze = z.infer<typeof consoleFreezeSchema>;

/** Company Settings' view: the company's freeze in force, if any, and how long one may last. */
export const companyFreezeSchema = lazySchema(() => z.object({
  freeze: z.nullable(freezeViewSchema),
  maxDays: z.number().check(z.int()),
}));
export type CompanyFreeze = z.infer<typeof companyFreezeSchema>;

export { FREEZE_LIMITS };

/** The console's answer after a freeze or an unfreeze: every freeze in force. */
export const consoleFreezesSchema = lazySchema(() => z.object({ freezes: z.array(consoleFreezeSchema) }));
export type ConsoleFreezes = z.infer<typeof consoleFreezesSchema>;

const EMPLOYER_SIDE = ['Employer', 'Admin'] as const;

export const releaseFreezes = lazyGroup(() => ({
  list: defineEndpoint({
    id: 'releaseFreezes.list',
    method: 'GET',
    path: '/api/releases/console/freezes',
    summary: 'Every change freeze in force: the company, its end, and the versions it holds; read from the release store',
    access: ['SuperAdmin'],
    response: consoleFreezesSchema,
    tags: ['release-freezes'],
  }),
  freeze: defineEndpoint({
    id: 'releaseFreezes.freeze',
    method: 'PUT',
    path: '/api/releases/console/freezes/{companyId}',
    summary: `Freezes a company's versions until a date at most ${FREEZE_LIMITS.maxDays} days ahead (as \`pnpm release freeze\`); a company already frozen keeps what it holds, with the new end`,
    access: ['SuperAdmin'],
    params: freezeParams,
    body: freezeBodySchema,
    response: consoleFreezesSchema,
    errors: [409],
    tags: ['release-freezes'],
  }),
  unfreeze: defineEndpoint({
    id: 'releaseFreezes.unfreeze',
    method: 'DELETE',
    path: '/api/releases/console/freezes/{companyId}',
    summary: "Ends a company's freeze now (as `pnpm release unfreeze`)",
    access: ['SuperAdmin'],
    params: freezeParams,
    response: consoleFreezesSchema,
    errors: [409],
    tags: ['release-freezes'],
  }),
  mine: defineEndpoint({
    id: 'releaseFreezes.mine',
    method: 'GET',
    path: '/api/releases/freeze',
    summary: "The caller's company's change freeze, if one is in force",
    access: EMPLOYER_SIDE,
    response: companyFreezeSchema,
    tags: ['release-freezes'],
  }),
  freezeMine: defineEndpoint({
    id: 'releaseFreezes.freezeMine',
    method: 'PUT',
    path: '/api/releases/freeze',
    summary: "Freezes the caller's company's versions until a date (or moves the end of its freeze)",
    access: EMPLOYER_SIDE,
    body: freezeBodySchema,
    response: companyFreezeSchema,
    errors: [409],
    tags: ['release-freezes'],
  }),
  unfreezeMine: defineEndpoint({
    id: 'releaseFreezes.unfreezeMine',
    method: 'DELETE',
    path: '/api/releases/freeze',
    summary: "Ends the caller's company's freeze now",
    access: EMPLOYER_SIDE,
    response: companyFreezeSchema,
    errors: [409],
    tags: ['release-freezes'],
  }),
} as const));
