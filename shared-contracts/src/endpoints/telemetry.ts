import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { defineEndpoint } from '../endpoint';
import { lazyGroup } from './lazy-group';
import { okSchema } from '../entities/common';
import { TELEMETRY_MESSAGES } from '../messages/telemetry';
import { REMOTE_IDS } from '../remotes';

// The shell's telemetry collector, fetched on every page, loads this module: it takes its texts and
// answers from the small modules that hold them, not the whole MESSAGES or every entity
// (tests/contracts-entries.test.mjs).
const TEXTS = { telemetry: TELEMETRY_MESSAGES.telemetry };

/**
 * Release health: what each remote version does in users' browsers. The shell sends batches of
 * events (anonymous, no personal data); the api keeps per-minute counts and latency histograms per
 * remote and version, and answers the figures a release decision is taken on (releases.ts).
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

/**
 * Why the shell runs this version. Overridden (development) and previewed remotes are never counted;
 * nor is anything from a browser in a preview (the api sees its cookie, docs/decisions/0046).
 */
export const TELEMETRY_REASONS = ['stable', 'canary', 'fallback', 'override', 'preview'] as const;
export type TelemetryReason = (typeof TELEMETRY_REASONS)[number];

export const TELEMETRY_VITALS = ['LCP', 'INP', 'CLS'] as const;
export type TelemetryVital = (typeof TELEMETRY_VITALS)[number];

const ms = lazySchema(() => z.number({ error: TEXTS.telemetry.badNumber }).check(
  z.gte(0, TEXTS.telemetry.badNumber),
  z.lte(TELEMETRY_LIMITS.maxMs, TEXTS.telemetry.badNumber),
));
const message = lazySchema(() => z.optional(z.string().check(z.maxLength(TELEMETRY_LIMITS.maxMessageChars, TEXTS.telemetry.messageTooLong(TELEMETRY_LIMITS.maxMessageChars)))));

const eventBase = lazySchema(() => z.object({
  remote: z.enum(REMOTE_IDS, { error: TEXTS.telemetry.unknownRemote }),
  version: z.string().check(z.regex(RELEASE_VERSION_PATTERN, TEXTS.telemetry.badVersion)),
  reason: z.enum(TELEMETRY_REASONS),
}));

/**
 * One event. A `load` is one page view of the remote (its module loaded, or not); render errors are
 * those the slot's error boundary caught; `error` is an unhandled error or rejection the shell
 * attributes to the remote; a vital belongs to the remote that owns the route.
 */
export const telemetryEventSchema = lazySchema(() => z.discriminatedUnion('kind', [
  z.extend(eventBase, { kind: z.literal('load'), ok: z.boolean(), ms }),
  z.extend(eventBase, { kind: z.literal('render-error'), message }),
  z.extend(eventBase, { kind: z.literal('error'), message }),
  z.extend(eventBase, {
    kind: z.literal('vital'),
    name: z.enum(TELEMETRY_VITALS),
    // LCP and INP in milliseconds, CLS unitless.
    value: z.number({ error: TEXTS.telemetry.badNumber }).check(
      z.gte(0, TEXTS.telemetry.badNumber),
      z.lte(TELEMETRY_LIMITS.maxMs, TEXTS.telemetry.badNumber),
    ),
  }),
]));
export type TelemetryEvent = z.infer<typeof telemetryEventSchema>;

export const telemetryBatchSchema = lazySchema(() => z.object({
  /**
   * A random id the shell draws for the browser session (never the user's id): the per-client rate
   * limit's key. Absent, the client is its address.
   */
  client: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/))),
  events: z
    .array(telemetryEventSchema).check(
      z.minLength(1, TEXTS.telemetry.noEvents),
      z.maxLength(TELEMETRY_LIMITS.eventsPerBatch, TEXTS.telemetry.tooManyEvents(TELEMETRY_LIMITS.eventsPerBatch)),
    ),
}));
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

export const telemetry = lazyGroup(() => ({
  ingest: defineEndpoint({
    id: 'telemetry.ingest',
    method: 'POST',
    path: '/api/telemetry',
    summary:
      "A batch of release-health events from the shell (sent with navigator.sendBeacon): anonymous, at most 20 events, rate-limited per client address; counted within a budget per sender (a client address, IPv6 by /64, or the signed-in user), only for versions release.json names; overridden remotes' events and implausible vitals are ignored",
    access: 'public',
    body: telemetryBatchSchema,
    maxBodyBytes: TELEMETRY_LIMITS.maxBodyBytes,
    response: okSchema,
    status: 202,
    errors: [429],
    tags: ['telemetry'],
  }),
} as const));
