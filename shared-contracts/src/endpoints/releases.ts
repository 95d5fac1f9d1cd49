import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { isoDateTime } from '../entities/common';
import { RELEASE_PREVIEW_MESSAGES } from '../messages/release-previews';
import { RELEASE_CHECK_MESSAGES, TELEMETRY_MESSAGES } from '../messages/telemetry';
import { isPreviewId, parsePreviewExpires, PREVIEW_LIMITS } from '../release-preview';
import { REMOTE_IDS } from '../remotes';
import { pageQuerySchema, queryInt } from './shared';
import { RELEASE_VERSION_PATTERN, TELEMETRY_LIMITS } from './telemetry';

const TEXTS = { telemetry: TELEMETRY_MESSAGES.telemetry, releases: RELEASE_CHECK_MESSAGES, previews: RELEASE_PREVIEW_MESSAGES.releasePreview };

/**
 * The release platform's calls for the back office: the figures the telemetry events add up to, per
 * remote version, and the release console that acts on them.
 */

/** The figures of one remote version over a window. Rates are shares of page views (0..1). */
export const versionHealthSchema = lazySchema(() => z.object({
  remote: z.enum(REMOTE_IDS),
  version: z.string(),
  pageViews: z.number().check(z.int()),
  loadFailures: z.number().check(z.int()),
  renderErrors: z.number().check(z.int()),
  errors: z.number().check(z.int()),
  loadFailureRate: z.number(),
  renderErrorRate: z.number(),
  /** Load failures plus render errors per page view: what a guarded canary is judged on. */
  errorRate: z.number(),
  lcpP75Ms: z.nullable(z.number()),
  inpP75Ms: z.nullable(z.number()),
  clsP75: z.nullable(z.number()),
  loadP95Ms: z.nullable(z.number()),
  firstSeen: isoDateTime,
  lastSeen: isoDateTime,
  /**
   * How many distinct senders (a client address, IPv6 by /64, or a signed-in user) the counted page
   * views came from, over the half hours the window overlaps; null for a window longer than the 7
   * days senders are kept.
   */
  senders: z.nullable(z.number().check(z.int())),
  /**
   * The window in `bucketMinutes` steps, oldest first, only steps with page views (the release
   * console's trend charts): page views, and load failures plus render errors.
   */
  series: z.optional(z.array(z.object({ at: isoDateTime, pageViews: z.number().check(z.int()), failures: z.number().check(z.int()) }))),
}));
export type VersionHealth = z.infer<typeof versionHealthSchema>;

/** How many steps the health series of a window has at most. */
export const HEALTH_SERIES_POINTS = 60;

export const releaseHealthSchema = lazySchema(() => z.object({
  windowMinutes: z.number().check(z.int()),
  /** The step of each version's `series`: a minute for an hour's window, longer for longer ones. */
  bucketMinutes: z.optional(z.number().check(z.int())),
  from: isoDateTime,
  to: isoDateTime,
  /** A page of the versions with figures in the window: those release.json names first (stable, canary, rollback list). */
  versions: z.array(versionHealthSchema),
  totalCount: z.number().check(z.int()),
  pageNumber: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
  totalPages: z.number().check(z.int()),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
}));
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;

/** What the release history records (the release store's `history.jsonl`). */
export const RELEASE_HISTORY_ACTIONS = ['publish', 'stable', 'promote', 'canary', 'rollback', 'abort-canary', 'freeze', 'unfreeze', 'preview', 'revoke-preview', 'withdraw'] as const;
export type ReleaseHistoryAction = (typeof RELEASE_HISTORY_ACTIONS)[number];

export const releaseHistoryEntrySchema = lazySchema(() => z.object({
  at: isoDateTime,
  action: z.enum(RELEASE_HISTORY_ACTIONS),
  remote: z.string(),
  version: z.string(),
  /** The version in force before the change, when there was one. */
  from: z.nullable(z.string()),
  /** Who: a super admin's name and email, the CI's RELEASE_ACTOR or an operator's login, `release-guard`. */
  by: z.nullable(z.string()),
  note: z.nullable(z.string()),
}));
export type ReleaseHistoryEntry = z.infer<typeof releaseHistoryEntrySchema>;

const consoleBuildSchema = lazySchema(() => z.object({
  version: z.string(),
  contractsVersion: z.string(),
  publishedAt: z.nullable(isoDateTime),
}));

/** One remote as the release console shows it. */
export const consoleRemoteSchema = lazySchema(() => z.object({
  remote: z.enum(REMOTE_IDS),
  /** Null until the remote has a stable version. */
  stable: z.nullable(consoleBuildSchema),
  canary: z.nullable(z.extend(consoleBuildSchema, {
      percent: z.number(),
      /** The targeted companies, with their names (null for an id no company has). */
      companies: z.array(z.object({ id: z.string(), name: z.nullable(z.string()) })),
      guard: z.nullable(z
        .object({
          marginPoints: z.number(),
          minPageViews: z.number().check(z.int()),
          /** Distinct senders each side needs before the guard acts (absent in older releases: the default). */
          minSenders: z.optional(z.number().check(z.int())),
          autoPromoteAfterMs: z.nullable(z.number().check(z.int())),
          since: isoDateTime,
        })),
    })),
  /** The earlier stable versions, newest first: a rollback goes to the first. */
  previous: z.array(z.string()),
  /** Every version in the store, oldest first (what a canary may serve). */
  published: z.array(z.string()),
  /** When the remote's release last changed (null before it was released). */
  updatedAt: z.nullable(isoDateTime),
}));
export type ConsoleRemote = z.infer<typeof consoleRemoteSchema>;

export const RELEASE_CONSOLE_HISTORY_CAP = 50;

export const releaseConsoleSchema = lazySchema(() => z.object({
  shell: z.nullable(z.object({ version: z.string(), contractsVersion: z.string() })),
  remotes: z.array(consoleRemoteSchema),
  /** The latest changes first, at most `RELEASE_CONSOLE_HISTORY_CAP`. */
  history: z.array(releaseHistoryEntrySchema),
  historyTotal: z.number().check(z.int()),
}));
export type ReleaseConsole = z.infer<typeof releaseConsoleSchema>;

export const remoteParams = lazySchema(() => z.object({ remote: z.enum(REMOTE_IDS, { error: TEXTS.telemetry.unknownRemote }) }));

export const RELEASE_CONSOLE_LIMITS = { companies: 50 } as const;

export const canaryShareSchema = lazySchema(() => z.object({
  version: z.string().check(z.regex(RELEASE_VERSION_PATTERN, TEXTS.telemetry.badVersion)),
  percent: z.number({ error: TEXTS.releases.badPercent }).check(z.gte(0, TEXTS.releases.badPercent), z.lte(100, TEXTS.releases.badPercent)),
  companies: z._default(z
    .array(z.string().check(z.uuid(TEXTS.releases.badCompany))).check(z.maxLength(RELEASE_CONSOLE_LIMITS.companies, TEXTS.releases.badCompanies)), []),
}));
export type CanaryShare = z.infer<typeof canaryShareSchema>;

export const promoteSchema = lazySchema(() => z.object({
  /** The version to make stable; the canary's when left out. */
  version: z.optional(z.string().check(z.regex(RELEASE_VERSION_PATTERN, TEXTS.telemetry.badVersion))),
}));

/** A preview link in force (docs/decisions/0046), with its link: the signature is deterministic, so it is signed again. */
export const consolePreviewSchema = lazySchema(() => z.object({
  id: z.string(),
  remote: z.enum(REMOTE_IDS),
  version: z.string(),
  until: isoDateTime,
  createdAt: isoDateTime,
  by: z.nullable(z.string()),
  link: z.string(),
}));
export type ConsolePreview = z.infer<typeof consolePreviewSchema>;

/** Every preview in force, soonest end first; after a create, `created` is the new one. */
export const consolePreviewsSchema = lazySchema(() => z.object({
  previews: z.array(consolePreviewSchema),
  created: z.optional(consolePreviewSchema),
}));
export type ConsolePreviews = z.infer<typeof consolePreviewsSchema>;

export const createPreviewSchema = lazySchema(() => z.object({
  remote: z.enum(REMOTE_IDS, { error: TEXTS.telemetry.unknownRemote }),
  version: z.string({ error: TEXTS.telemetry.badVersion }).check(z.maxLength(64, TEXTS.telemetry.badVersion), z.regex(RELEASE_VERSION_PATTERN, TEXTS.telemetry.badVersion)),
  /** How long the link lasts: 30m, 24h, 7d (default), at most PREVIEW_LIMITS.maxDays days. */
  expires: z._default(
    z.string({ error: TEXTS.previews.badExpires(PREVIEW_LIMITS.maxDays) }).check(
      z.refine((v) => parsePreviewExpires(v) !== null, TEXTS.previews.badExpires(PREVIEW_LIMITS.maxDays)),
    ),
    PREVIEW_LIMITS.defaultExpires,
  ),
}));
export type CreatePreview = z.infer<typeof createPreviewSchema>;

export const previewParams = lazySchema(() => z.object({ id: z.string().check(z.refine(isPreviewId, TEXTS.previews.badId)) }));

/** The release platform's calls for the back office. */
export const releases = lazyGroup(() => ({
  health: defineEndpoint({
    id: 'releases.health',
    method: 'GET',
    path: '/api/releases/health',
    summary:
      "The figures of each remote version over the last `minutes` (default 60): page views and the distinct senders they came from, load failure and render error rates, p75 LCP and INP, p95 load time; a page at a time (`pageSize` default 50), the versions release.json names first",
    access: ['SuperAdmin'],
    query: z.object({
      minutes: z._default(queryInt(1, TELEMETRY_LIMITS.maxWindowMinutes, TEXTS.telemetry.badMinutes), TELEMETRY_LIMITS.defaultWindowMinutes),
      pageNumber: pageQuerySchema.shape.pageNumber,
      pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
    }),
    response: releaseHealthSchema,
    tags: ['releases'],
  }),
  console: defineEndpoint({
    id: 'releases.console',
    method: 'GET',
    path: '/api/releases/console',
    summary:
      "The release console: every remote's stable and canary versions, share, targeted companies, contracts versions, last change and guard, and the latest history; read from the release store (the same release.json the CLI changes)",
    access: ['SuperAdmin'],
    response: releaseConsoleSchema,
    tags: ['releases'],
  }),
  canary: defineEndpoint({
    id: 'releases.canary',
    method: 'PUT',
    path: '/api/releases/console/{remote}/canary',
    summary: 'Serves a published version of a remote to a sticky share of users and every user of the listed companies (as `pnpm release canary`); recorded in the history with the super admin',
    access: ['SuperAdmin'],
    params: remoteParams,
    body: canaryShareSchema,
    response: releaseConsoleSchema,
    errors: [409],
    tags: ['releases'],
  }),
  promote: defineEndpoint({
    id: 'releases.promote',
    method: 'POST',
    path: '/api/releases/console/{remote}/promote',
    summary: 'Makes the canary (or the named published version) the stable version for every company (as `pnpm release promote`)',
    access: ['SuperAdmin'],
    params: remoteParams,
    body: promoteSchema,
    response: releaseConsoleSchema,
    errors: [409],
    tags: ['releases'],
  }),
  rollback: defineEndpoint({
    id: 'releases.rollback',
    method: 'POST',
    path: '/api/releases/console/{remote}/rollback',
    summary: 'Goes back to the previous stable version and drops any canary (as `pnpm release rollback`)',
    access: ['SuperAdmin'],
    params: remoteParams,
    response: releaseConsoleSchema,
    errors: [409],
    tags: ['releases'],
  }),
  abort: defineEndpoint({
    id: 'releases.abort',
    method: 'POST',
    path: '/api/releases/console/{remote}/abort',
    summary: 'Ends the canary without promoting it (as `pnpm release abort-canary`)',
    access: ['SuperAdmin'],
    params: remoteParams,
    response: releaseConsoleSchema,
    errors: [409],
    tags: ['releases'],
  }),
  previews: defineEndpoint({
    id: 'releases.previews',
    method: 'GET',
    path: '/api/releases/console/previews',
    summary: 'The preview links in force (as `pnpm release previews`): remote, version, end, who made it, and the link itself',
    access: ['SuperAdmin'],
    response: consolePreviewsSchema,
    tags: ['releases'],
  }),
  createPreview: defineEndpoint({
    id: 'releases.createPreview',
    method: 'POST',
    path: '/api/releases/console/previews',
    summary: `Makes a signed link that pins a published version of one remote for whoever opens it, for \`expires\` (default ${PREVIEW_LIMITS.defaultExpires}, at most ${PREVIEW_LIMITS.maxDays}d), as \`pnpm release preview\`; recorded in the history with the super admin`,
    access: ['SuperAdmin'],
    body: createPreviewSchema,
    response: consolePreviewsSchema,
    errors: [409],
    tags: ['releases'],
  }),
  revokePreview: defineEndpoint({
    id: 'releases.revokePreview',
    method: 'DELETE',
    path: '/api/releases/console/previews/{id}',
    summary: 'Ends a preview link now (as `pnpm release revoke-preview`): whoever is in it loads what everyone gets on their next page, and the link says it was revoked',
    access: ['SuperAdmin'],
    params: previewParams,
    response: consolePreviewsSchema,
    errors: [409],
    tags: ['releases'],
  }),
} as const));
