import { z } from 'zod/mini';
import './zod-locale';
import { REMOTE_IDS, type RemoteId } from './remotes';
import { ADDED_REMOTE_AREAS, REMOTE_ID_MAX, REMOTE_ID_PATTERN } from './remote-id';

// The contracts version and a zod-free reader of /release.json live in release-manifest.ts (the
// shell's start-up runs them), which takes its types from here: the root exports both.

/**
 * What a remote the shell was not built with draws (docs/decisions/0050): its container name, its
 * feature's name and its pages. The release CLI copies it from remotes.json into each build it
 * publishes; the shell validates it again (remote-app.ts) before it adds a route.
 */
export const remoteAppSchema = z.object({
  mfName: z.string().check(z.minLength(1)),
  feature: z.string().check(z.minLength(1)),
  routes: z.array(
    z.object({
      path: z.string().check(z.minLength(1)),
      area: z.enum(ADDED_REMOTE_AREAS),
      module: z.string().check(z.minLength(1)),
      title: z.string().check(z.minLength(1)),
      nav: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
});
export type RemoteApp = z.infer<typeof remoteAppSchema>;

/**
 * A remote's key in release.json: one of the contracts' remotes or, for a remote this tree was not
 * built with (made by `pnpm create-remote --standalone` in a repository of its own), any id of a
 * remote's shape (length checked before the pattern). Such a remote's builds must say what they draw
 * (`app`, checked by `addedRemotesDrawSomething`), exactly as the shell's reader demands.
 */
export const releaseRemoteIdSchema = z.union([
  z.enum(REMOTE_IDS),
  z.string().check(z.maxLength(REMOTE_ID_MAX), z.regex(REMOTE_ID_PATTERN)),
]) as unknown as z.ZodMiniType<RemoteId>;

export const buildRefSchema = z.object({
  version: z.string().check(z.minLength(1)),
  /** URL path (same origin) or absolute URL of the build's mf-manifest.json. */
  entry: z.string().check(z.minLength(1)),
  contractsVersion: z.string(),
  publishedAt: z.optional(z.string()),
  /** Present for a remote added by `pnpm create-remote`: what a shell built without it needs to show it. */
  app: z.optional(remoteAppSchema),
});
export type BuildRef = z.infer<typeof buildRefSchema>;

export const remoteReleaseSchema = z.object({
  stable: buildRefSchema,
  canary: z.optional(z.nullable(z.extend(buildRefSchema, {
      percent: z.number().check(z.gte(0), z.lte(100)),
      companies: z._default(z.array(z.string()), []),
      /**
       * A guarded canary: the server compares its error rate with stable's every minute and aborts it
       * past the margin (points) once it has `minPageViews` from at least `minSenders` distinct senders
       * on each side (absent: the guard's default); promoted after `autoPromoteAfterMs` healthy.
       */
      guard: z.optional(z
        .object({
          marginPoints: z.number().check(z.gte(0), z.lte(100)),
          minPageViews: z.number().check(z.int(), z.gte(1)),
          minSenders: z.optional(z.number().check(z.int(), z.gte(1))),
          autoPromoteAfterMs: z.nullable(z.number().check(z.int(), z.positive())),
          since: z.string(),
        })),
    }))),
  /** Earlier stable versions, newest first, for rollback. */
  previous: z._default(z.array(buildRefSchema), []),
  updatedAt: z.string(),
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

/**
 * A change freeze (docs/decisions/0042): until `until`, the signed-in users of `companyId` get the
 * releases held in `remotes` (each remote's stable, canary and earlier stables as they were when the
 * freeze began) instead of the ones in force. A remote that was not released then takes what everyone gets.
 */
export const releaseFreezeSchema = z.object({
  companyId: z.string().check(z.minLength(1)),
  since: z.string(),
  until: z.string(),
  remotes: z.partialRecord(releaseRemoteIdSchema, remoteReleaseSchema),
}).check(z.refine((f) => addedRemotesDrawSomething(f.remotes), 'a remote the contracts do not list must say what it draws (app) in its stable build'));
export type ReleaseFreeze = z.infer<typeof releaseFreezeSchema>;

/**
 * A preview link (docs/decisions/0046), as the release store lists it: the link pins `version` of
 * `remote` for whoever opens it until `until`; a preview no longer listed is revoked. Never served.
 */
export const releasePreviewSchema = z.object({
  id: z.string().check(z.minLength(1)),
  remote: releaseRemoteIdSchema,
  version: z.string().check(z.minLength(1)),
  until: z.string(),
  createdAt: z.string(),
  by: z.optional(z.string()),
});
export type ReleasePreview = z.infer<typeof releasePreviewSchema>;

/** The preview this browser is in, as the portal server adds it to the release.json it answers (from the cookie). */
export const activePreviewSchema = z.object({
  id: z.string(),
  remote: releaseRemoteIdSchema,
  until: z.string(),
  build: buildRefSchema,
}).check(z.refine((p) => addedRemotesDrawSomething({ [p.remote]: { stable: p.build } }), 'a remote the contracts do not list must say what it draws (app) in its build'));
export type ActivePreview = z.infer<typeof activePreviewSchema>;

/** /release.json: what the shell loads at boot (never cached). */
export const releaseManifestSchema = z.object({
  schemaVersion: z.literal(1),
  shell: z.object({ version: z.string(), contractsVersion: z.string() }),
  /** Where a remote may be overridden from for development: origins, or `scheme://host:*` for any port (the deployment's CSP allows exactly these; docs/decisions/0016). */
  overrideOrigins: z._default(z.array(z.string()), []),
  remotes: z.partialRecord(releaseRemoteIdSchema, remoteReleaseSchema),
  /** The companies whose versions are frozen (absent: none). */
  freezes: z.optional(z.array(releaseFreezeSchema)),
  /** The preview links not yet expired nor revoked (kept in the store; the portal never serves them). */
  previews: z.optional(z.array(releasePreviewSchema)),
  /** Served only: the preview the asking browser is in (its cookie verified by the portal server). */
  preview: z.optional(activePreviewSchema),
}).check(z.refine((m) => addedRemotesDrawSomething(m.remotes), 'a remote the contracts do not list must say what it draws (app) in its stable build'));
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

/** Whether every remote of `remotes` that the contracts do not list carries its pages (docs/decisions/0050). */
export function addedRemotesDrawSomething(remotes: Partial<Record<string, { stable: { app?: unknown } }>>): boolean {
  return Object.entries(remotes).every(([id, release]) => (REMOTE_IDS as readonly string[]).includes(id) || release?.stable.app !== undefined);
}

export type VersionReason = 'stable' | 'canary' | 'override' | 'fallback' | 'preview';
export interface ResolvedRemote {
  remote: (typeof REMOTE_IDS)[number];
  version: string;
  entry: string;
  reason: VersionReason;
  /** Why a canary or override was not used, when it was not. */
  note?: string;
  /** The chosen build's descriptor, for a remote added after the shell was built. */
  app?: RemoteApp;
}
