import type { ConsolePreview, ReleaseHistoryEntry, ReleaseManifest, RemoteId } from '@portal/shared-contracts';

/**
 * The release store's actions as the release console needs them. The api has no store of its own:
 * the process that owns one (the portal server, `deploy/src/release/console.ts`) hands this to
 * `apiPlugin`, implemented with the release CLI's own actions, so the console and the CLI change the
 * same release.json through the same code (docs/decisions/0020-release-console.md).
 */
export interface ReleaseConsolePort {
  /** release.json as it is now (null before anything was released). */
  readManifest(): Promise<ReleaseManifest | null>;
  /** Every recorded change, oldest first. */
  readHistory(): Promise<ReleaseHistoryEntry[]>;
  /** The versions of a remote in the store, oldest first. */
  listVersions(remote: RemoteId): Promise<string[]>;
  canary(remote: RemoteId, version: string, percent: number, companies: string[], actor: string): Promise<void>;
  promote(remote: RemoteId, version: string | undefined, actor: string): Promise<void>;
  rollback(remote: RemoteId, actor: string): Promise<void>;
  abort(remote: RemoteId, actor: string): Promise<void>;
  /** Freezes a company's versions until `until` (ISO; docs/decisions/0042), or moves the end of its freeze. */
  freeze(companyId: string, until: string, actor: string): Promise<void>;
  /** Ends a company's freeze now. */
  unfreeze(companyId: string, actor: string): Promise<void>;
  /** The preview links in force, each with its link (docs/decisions/0046). */
  listPreviews(): Promise<ConsolePreview[]>;
  /** Lists a preview of a published version for `expiresMs` and answers it with its link. */
  createPreview(remote: RemoteId, version: string, expiresMs: number, actor: string): Promise<ConsolePreview>;
  /** Takes a preview off the list: its link says it was revoked from then on. */
  revokePreview(id: string, actor: string): Promise<void>;
}

/**
 * The store said no: the state refuses the change (no canary to promote, no earlier stable, a version
 * that is not published) or another release changed release.json at the same moment. Nothing was
 * changed; the message says what to do. Answered 409.
 */
export class ReleaseRefused extends Error {
  override name = 'ReleaseRefused';
}
