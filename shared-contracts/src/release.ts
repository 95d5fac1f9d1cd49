import { z } from 'zod';
import { REMOTE_IDS } from './remotes';

/** The version of this contracts package; a build records the one it was made against. */
export const CONTRACTS_VERSION = '1.0.0';
export const contractsMajor = (v: string) => Number.parseInt(v.split('.')[0] ?? '0', 10);

export const buildRefSchema = z.object({
  version: z.string().min(1),
  /** URL path (same origin) or absolute URL of the build's mf-manifest.json. */
  entry: z.string().min(1),
  contractsVersion: z.string(),
  publishedAt: z.string().optional(),
});
export type BuildRef = z.infer<typeof buildRefSchema>;

export const remoteReleaseSchema = z.object({
  stable: buildRefSchema,
  canary: buildRefSchema
    .extend({
      percent: z.number().min(0).max(100),
      companies: z.array(z.string()).default([]),
      /**
       * A guarded canary: the server compares its error rate with stable's every minute and aborts it
       * past the margin (points) once it has `minPageViews`; promoted after `autoPromoteAfterMs` healthy.
       */
      guard: z
        .object({
          marginPoints: z.number().min(0).max(100),
          minPageViews: z.number().int().min(1),
          autoPromoteAfterMs: z.number().int().positive().nullable(),
          since: z.string(),
        })
        .optional(),
    })
    .nullable()
    .optional(),
  /** Earlier stable versions, newest first, for rollback. */
  previous: z.array(buildRefSchema).default([]),
  updatedAt: z.string(),
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

/** /release.json: what the shell loads at boot (never cached). */
export const releaseManifestSchema = z.object({
  schemaVersion: z.literal(1),
  shell: z.object({ version: z.string(), contractsVersion: z.string() }),
  /** Where a remote may be overridden from for development: origins, or `scheme://host:*` for any port (the deployment's CSP allows exactly these; docs/decisions/0016). */
  overrideOrigins: z.array(z.string()).default([]),
  remotes: z.partialRecord(z.enum(REMOTE_IDS), remoteReleaseSchema),
});
export type ReleaseManifest = z.infer<typeof releaseManifestSchema>;

export type VersionReason = 'stable' | 'canary' | 'override' | 'fallback';
export interface ResolvedRemote {
  remote: (typeof REMOTE_IDS)[number];
  version: string;
  entry: string;
  reason: VersionReason;
  /** Why a canary or override was not used, when it was not. */
  note?: string;
}
