import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { isoDateTime, okSchema } from '../entities';
import { MESSAGES } from '../messages';
import { REMOTE_IDS } from '../remotes';
import { queryInt } from './shared';

/**
 * Release health: what each remote version does in users' browsers. The shell sends batches of
 * events (anonymous, no personal data); the api keeps per-minute counts and latency histograms per
 * remote and version, and answers the figures a release decision is taken on.
 */

/** The release store's alphabet for versions (they become URL path segments and folder names). */
export const RELEASE_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,127}$/;

export const TELEMETRY_LIMITS = {
  /** Events in one batch. */
  eventsPerBatch: 20,
  /** Bytes of one batch's JSON body (20 events with long error messages fit well under it). */
  maxBodyBytes: 32 * 1024,
  /** An error message as sent; the api keeps at most `storedMessageChars` of it, personal data removed. */
  maxMessageChars: 1000,
  storedMessageChars: 200,
  /** Milliseconds: a load or a vital above ten minutes is not a measurement. */
  maxMs: 600_000,
  maxCls: 100,
  /** The window of `GET /api/releases/health`: up to the 30 days the api keeps. */
  maxWindowMinutes: 30 * 24 * 60,
  defaultWindowMinutes: 60,
} as const;

/** Why the shell runs this version. Overridden (development) remotes are never counted. */
export const TELEMETRY_REASONS = ['stable', 'canary', 'fallback', 'override'] as const;
export type TelemetryReason = (typeof TELEMETRY_REASONS)[number];

export const TELEMETRY_VITALS = ['LCP', 'INP', 'CLS'] as const;
export type TelemetryVital = (typeof TELEMETRY_VITALS)[number];

const ms = z.number({ error: MESSAGES.telemetry.badNumber }).finite().min(0, MESSAGES.telemetry.badNumber).max(TELEMETRY_LIMITS.maxMs, MESSAGES.telemetry.badNumber);
const message = z.string().max(TELEMETRY_LIMITS.maxMessageChars, MESSAGES.telemetry.messageTooLong(TELEMETRY_LIMITS.maxMessageChars)).optional();

const eventBase = z.object({
  remote: z.enum(REMOTE_IDS, { error: MESSAGES.telemetry.unknownRemote }),
  version: z.string().regex(RELEASE_VERSION_PATTERN, MESSAGES.telemetry.badVersion),
  reason: z.enum(TELEMETRY_REASONS),
});

/**
 * One event. A `load` is one page view of the remote (its module loaded, or not); render errors are
 * those the slot's error boundary caught; `error` is an unhandled error or rejection the shell
 * attributes to the remote; a vital belongs to the remote that owns the route.
 */
export const telemetryEventSchema = z.discriminatedUnion('kind', [
  eventBase.extend({ kind: z.literal('load'), ok: z.boolean(), ms }),
  eventBase.extend({ kind: z.literal('render-error'), message }),
  eventBase.extend({ kind: z.literal('error'), message }),
  eventBase.extend({
    kind: z.literal('vital'),
    name: z.enum(TELEMETRY_VITALS),
    // LCP and INP in milliseconds, CLS unitless.
    value: z.number({ error: MESSAGES.telemetry.badNumber }).finite().min(0, MESSAGES.telemetry.badNumber).max(TELEMETRY_LIMITS.maxMs, MESSAGES.telemetry.badNumber),
  }),
]);
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

export const telemetryBatchSchema = z.object({
  /**
   * A random id the shell draws for the browser session (never the user's id): the per-client rate
   * limit's key. Absent, the client is its address.
   */
  client: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
  events: z
    .array(telemetryEventSchema)
    .min(1, MESSAGES.telemetry.noEvents)
    .max(TELEMETRY_LIMITS.eventsPerBatch, MESSAGES.telemetry.tooManyEvents(TELEMETRY_LIMITS.eventsPerBatch)),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

/** The figures of one remote version over a window. Rates are shares of page views (0..1). */
export const versionHealthSchema = z.object({
  remote: z.enum(REMOTE_IDS),
  version: z.string(),
  pageViews: z.number().int(),
  loadFailures: z.number().int(),
  renderErrors: z.number().int(),
  errors: z.number().int(),
  loadFailureRate: z.number(),
  renderErrorRate: z.number(),
  /** Load failures plus render errors per page view: what a guarded canary is judged on. */
  errorRate: z.number(),
  lcpP75Ms: z.number().nullable(),
  inpP75Ms: z.number().nullable(),
  clsP75: z.number().nullable(),
  loadP95Ms: z.number().nullable(),
  firstSeen: isoDateTime,
  lastSeen: isoDateTime,
});
export type VersionHealth = z.infer<typeof versionHealthSchema>;

export const releaseHealthSchema = z.object({
  windowMinutes: z.number().int(),
  from: isoDateTime,
  to: isoDateTime,
  versions: z.array(versionHealthSchema),
});
export type ReleaseHealth = z.infer<typeof releaseHealthSchema>;

export const telemetry = {
  ingest: defineEndpoint({
    id: 'telemetry.ingest',
    method: 'POST',
    path: '/api/telemetry',
    summary:
      "A batch of release-health events from the shell (sent with navigator.sendBeacon): anonymous, at most 20 events, rate-limited per client; overridden remotes' events are ignored",
    access: 'public',
    body: telemetryBatchSchema,
    maxBodyBytes: TELEMETRY_LIMITS.maxBodyBytes,
    response: okSchema,
    status: 202,
    errors: [429],
    tags: ['telemetry'],
  }),
} as const;

/** The release platform's calls for the back office. */
export const releases = {
  health: defineEndpoint({
    id: 'releases.health',
    method: 'GET',
    path: '/api/releases/health',
    summary: "Every remote version's figures over the last `minutes` (default 60): page views, load failure and render error rates, p75 LCP and INP, p95 load time",
    access: ['SuperAdmin'],
    query: z.object({
      minutes: queryInt(1, TELEMETRY_LIMITS.maxWindowMinutes, MESSAGES.telemetry.badMinutes).default(TELEMETRY_LIMITS.defaultWindowMinutes),
    }),
    response: releaseHealthSchema,
    tags: ['releases'],
  }),
} as const;
