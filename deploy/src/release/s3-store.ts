import { hostname } from 'node:os';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { CONTRACTS_VERSION, releaseManifestSchema, type ReleaseManifest, type RemoteId } from '@portal/shared-contracts';
import { exists } from '../files';
import { contentTypeFor } from './content-type';
import {
  BUILD_INFO_FILE,
  HISTORY_FILE,
  MANIFEST_FILE,
  ReleaseStoreError,
  assertRemote,
  assertVersion,
  buildInfoSchema,
  historyEntrySchema,
  listFiles,
  readBuildInfoFile,
  type BuildInfo,
  type HistoryEntry,
  type ReleaseStore,
  type StoredFile,
} from './store';

export { contentTypeFor };

/** A published file never changes: browsers and CDNs keep it for a year without asking again. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** release.json and the history change with every release: always revalidated. */
export const REVALIDATE_CACHE = 'no-cache';

/** Written first when a version is published, and never removed: a second publisher of the same version is refused. */
const CLAIM_FILE = '.publishing';
/** How many times a conditional write is tried (with a fresh read each time) before giving up. */
const DEFAULT_ATTEMPTS = 5;
/** The history is retried this many times more than release.json. */
const HISTORY_ATTEMPTS_FACTOR = 4;
/** Uploads of one build in flight at once. */
const UPLOAD_CONCURRENCY = 8;

export interface S3Location {
  bucket: string;
  /** Key prefix of the store, '' or ending with '/'. */
  prefix: string;
}

/** `s3://bucket/some/prefix` -> { bucket, prefix: 'some/prefix/' }. */
export function parseS3Url(url: string): S3Location {
  // Read by hand: URL parsing would resolve "a/../b" into "b" without a word.
  const match = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/i.exec(url.trim());
  if (!match) throw new ReleaseStoreError(`"${url}" is not an s3://bucket/prefix URL`);
  const segments = (match[2] ?? '').split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..')) throw new ReleaseStoreError(`"${url}": the prefix may not hold "." or ".." segments`);
  return { bucket: match[1]!, prefix: segments.length ? `${segments.join('/')}/` : '' };
}

export interface S3StoreOptions extends S3Location {
  /** An S3-compatible server's URL (then addressed path-style); unset means AWS itself. */
  endpoint?: string;
  region?: string;
  /** Unset: the SDK's default chain (AWS_* variables, the web identity of a pod, an instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Tries of a conditional write of release.json or the history before a release gives up. */
  attempts?: number;
  client?: S3Client;
}

export function createS3Client(o: Pick<S3StoreOptions, 'endpoint' | 'region' | 'credentials'>): S3Client {
  const config: S3ClientConfig = {
    region: o.region ?? 'us-east-1',
    ...(o.credentials ? { credentials: o.credentials } : {}),
  };
  if (o.endpoint) {
    config.endpoint = o.endpoint;
    config.forcePathStyle = true;
    // Many S3-compatible servers reject the SDK's newer default checksums (CRC32 headers and
    // aws-chunked trailers); Content-MD5-free plain uploads work on all of them.
    config.requestChecksumCalculation = 'WHEN_REQUIRED';
    config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  return new S3Client(config);
}

function status(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

const isMissing = (err: unknown) => status(err) === 404;
/**
 * The object changed since it was read (412), another conditional write to it was in flight (409),
 * or it was deleted meanwhile (404 on If-Match): read again and retry.
 */
const isConflict = (err: unknown) => [404, 409, 412].includes(status(err) ?? 0);

/**
 * The release store on S3-compatible object storage: `<prefix><remote>/<version>/...`,
 * `<prefix>release.json`, `<prefix>history.jsonl`, the same layout as the folder store, so the
 * bucket can be served as `/remotes/` by nginx or a CDN.
 *
 * A version is visible once its build-info.json is written, last; release.json and the history are
 * replaced by conditional writes (If-Match on the ETag read, If-None-Match: * when creating), so
 * concurrent releases never overwrite each other's change.
 */
export class S3ReleaseStore implements ReleaseStore {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private readonly attempts: number;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
    this.client = options.client ?? createS3Client(options);
  }

  get location(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  key(...parts: string[]): string {
    return `${this.prefix}${parts.join('/')}`;
  }

  private versionKey(remote: RemoteId, version: string, file: string): string {
    assertRemote(remote);
    assertVersion(version);
    return this.key(remote, version, file);
  }

  private async getText(key: string): Promise<{ text: string; etag: string } | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const text = (await res.Body?.transformToString('utf-8')) ?? '';
      if (!res.ETag) throw new ReleaseStoreError(`${this.location}: the object store answered ${key} without an ETag`);
      return { text, etag: res.ETag };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /**
   * Read, change, write only if nobody wrote in between; on a conflict read again and reapply.
   * Returns the value `change` produced on the attempt that landed.
   */
  private async conditionalReplace<T>(
    key: string,
    cacheControl: string,
    change: (current: string | null) => Promise<{ body: string; result: T }>,
    attempts: number,
    giveUp: () => string,
  ): Promise<T> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const current = await this.getText(key);
      const { body, result } = await change(current?.text ?? null);
      try {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: key,
            Body: body,
            ContentType: contentTypeFor(key),
            CacheControl: cacheControl,
            ...(current ? { IfMatch: current.etag } : { IfNoneMatch: '*' }),
          }),
        );
        return result;
      } catch (err) {
        if (!isConflict(err)) throw err;
        // Someone else's write landed first: back off a little (more each time) and start over.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
      }
    }
    throw new ReleaseStoreError(giveUp());
  }

  async hasVersion(remote: RemoteId, version: string): Promise<boolean> {
    return this.exists(this.versionKey(remote, version, BUILD_INFO_FILE));
  }

  async listVersions(remote: RemoteId): Promise<string[]> {
    assertRemote(remote);
    const base = this.key(remote, '');
    const versions: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: base, ...(token ? { ContinuationToken: token } : {}) }),
      );
      for (const o of page.Contents ?? []) {
        const rest = o.Key?.slice(base.length).split('/');
        // Only finished publishes: a version counts once its build record is written.
        if (rest?.length === 2 && rest[1] === BUILD_INFO_FILE && rest[0]) versions.push(rest[0]);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return versions.sort();
  }

  async putBuild(remote: RemoteId, version: string, fromDir: string, info?: BuildInfo): Promise<void> {
    const claimKey = this.versionKey(remote, version, CLAIM_FILE);
    if (!(await exists(path.join(fromDir, 'mf-manifest.json')))) {
      throw new ReleaseStoreError(`${fromDir} holds no mf-manifest.json: build ${remote} first`);
    }
    if (await this.hasVersion(remote, version)) {
      throw new ReleaseStoreError(`${remote} ${version} is already in the store; a published version is never replaced`);
    }
    const recorded = info ?? (await readBuildInfoFile(path.join(fromDir, BUILD_INFO_FILE)));
    const record = buildInfoSchema.parse({ contractsVersion: CONTRACTS_VERSION, publishedAt: new Date().toISOString(), ...recorded, version });
    // Claim the version before uploading anything: of two publishers of one version, the second
    // stops here instead of overwriting the first one's files.
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: claimKey,
          Body: JSON.stringify({ at: new Date().toISOString(), host: hostname(), pid: process.pid }),
          ContentType: 'application/json',
          IfNoneMatch: '*',
        }),
      );
    } catch (err) {
      if (isConflict(err)) {
        throw new ReleaseStoreError(
          `${remote} ${version} is already in the store or being published by someone else; a published version is never replaced (use a new version)`,
        );
      }
      throw err;
    }
    const files = (await listFiles(fromDir)).filter((f) => f !== BUILD_INFO_FILE);
    try {
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const rel = files[next++]!;
          await this.client.send(
            new PutObjectCommand({
              Bucket: this.bucket,
              Key: this.key(remote, version, rel),
              Body: await readFile(path.join(fromDir, rel)),
              ContentType: contentTypeFor(rel),
              CacheControl: IMMUTABLE_CACHE,
              IfNoneMatch: '*',
            }),
          );
        }
      };
      await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, files.length) }, worker));
      // Written last: the version exists for readers from this moment on.
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.versionKey(remote, version, BUILD_INFO_FILE),
          Body: `${JSON.stringify(record, null, 2)}\n`,
          ContentType: contentTypeFor(BUILD_INFO_FILE),
          CacheControl: IMMUTABLE_CACHE,
          IfNoneMatch: '*',
        }),
      );
    } catch (err) {
      throw new ReleaseStoreError(
        `uploading ${remote} ${version} to ${this.location} failed (${err instanceof Error ? err.message : String(err)}); the version stays unpublished and reserved: publish under a new version`,
      );
    }
  }

  async readBuildInfo(remote: RemoteId, version: string): Promise<BuildInfo | null> {
    try {
      const got = await this.getText(this.versionKey(remote, version, BUILD_INFO_FILE));
      return got ? buildInfoSchema.parse(JSON.parse(got.text)) : null;
    } catch {
      return null;
    }
  }

  async openFile(remote: RemoteId, version: string, file: string): Promise<StoredFile | null> {
    const parts = file.split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.versionKey(remote, version, file) }));
      if (!res.Body) return null;
      return {
        // In Node the SDK hands the body over as the response stream itself.
        body: res.Body as Readable,
        contentType: res.ContentType ?? contentTypeFor(file),
        ...(res.ContentLength !== undefined ? { contentLength: res.ContentLength } : {}),
        ...(res.ETag ? { etag: res.ETag } : {}),
        ...(res.LastModified ? { lastModified: res.LastModified } : {}),
      };
    } catch (err) {
      // No such file, but a missing bucket is a fault of the store, not of the request.
      if (isMissing(err) && (err as S3ServiceException).name !== 'NoSuchBucket') return null;
      throw err;
    }
  }

  async readManifest(): Promise<ReleaseManifest | null> {
    const got = await this.getText(this.key(MANIFEST_FILE));
    return got ? releaseManifestSchema.parse(JSON.parse(got.text)) : null;
  }

  /** Replaces release.json whatever it holds; a release changing it uses updateManifest. */
  async writeManifest(manifest: ReleaseManifest): Promise<void> {
    const valid = releaseManifestSchema.parse(manifest);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(MANIFEST_FILE),
        Body: `${JSON.stringify(valid, null, 2)}\n`,
        ContentType: contentTypeFor(MANIFEST_FILE),
        CacheControl: REVALIDATE_CACHE,
      }),
    );
  }

  async updateManifest(change: (current: ReleaseManifest | null) => ReleaseManifest | Promise<ReleaseManifest>): Promise<ReleaseManifest> {
    return this.conditionalReplace(
      this.key(MANIFEST_FILE),
      REVALIDATE_CACHE,
      async (text) => {
        const current = text === null ? null : releaseManifestSchema.parse(JSON.parse(text));
        const next = releaseManifestSchema.parse(await change(current));
        return { body: `${JSON.stringify(next, null, 2)}\n`, result: next };
      },
      this.attempts,
      () =>
        `${MANIFEST_FILE} in ${this.location} was changed by another release at the same time, ${this.attempts} times in a row; nothing was changed: run the command again`,
    );
  }

  async appendHistory(entry: HistoryEntry): Promise<void> {
    const line = `${JSON.stringify(historyEntrySchema.parse(entry))}\n`;
    await this.conditionalReplace(
      this.key(HISTORY_FILE),
      REVALIDATE_CACHE,
      async (text) => ({ body: `${text ?? ''}${text && !text.endsWith('\n') ? '\n' : ''}${line}`, result: undefined }),
      // A history line follows a change that already landed: try harder than for the change itself.
      this.attempts * HISTORY_ATTEMPTS_FACTOR,
      () =>
        `the release history in ${this.location} kept changing (${this.attempts * HISTORY_ATTEMPTS_FACTOR} tries); this line was not recorded: ${line.trim()}`,
    );
  }

  async readHistory(): Promise<HistoryEntry[]> {
    const got = await this.getText(this.key(HISTORY_FILE));
    if (!got) return [];
    return got.text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => historyEntrySchema.parse(JSON.parse(l)));
  }
}
