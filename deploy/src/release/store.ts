import { randomBytes } from 'node:crypto';
import { constants as fsConstants, createReadStream } from 'node:fs';
import { appendFile, cp, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { CONTRACTS_VERSION, RELEASE_HISTORY_ACTIONS, REMOTE_IDS, releaseManifestSchema, remoteAppSchema, type ReleaseManifest, type RemoteId } from '@portal/shared-contracts';
import { isRemoteId } from '@portal/shared-contracts/remote-id';
import { z } from 'zod';
import { exists } from '../files';
import { contentTypeFor } from './content-type';

/** What a publish records next to the build (also what `build-info.json` in a dist holds). */
export const buildInfoSchema = z.object({
  name: z.string().optional(),
  version: z.string(),
  contractsVersion: z.string(),
  commit: z.string().optional(),
  builtAt: z.string().optional(),
  publishedAt: z.string().optional(),
  /** sha256 of the build's files, so a rebuilt but unchanged remote is recognised. */
  contentHash: z.string().optional(),
  /** A remote added by `pnpm create-remote`: its pages, which publishing copies into the build's release entry (docs/decisions/0050). */
  app: z.optional(remoteAppSchema),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;

export const HISTORY_ACTIONS = RELEASE_HISTORY_ACTIONS;
export const historyEntrySchema = z.object({
  at: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  remote: z.string(),
  version: z.string(),
  /** The version in force before the change, when there was one. */
  from: z.string().nullable().optional(),
  by: z.string().optional(),
  note: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** One file of a published build, opened for sending. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * The release store: immutable builds per remote and version, the manifest the shell boots from,
 * and an append-only history. The embedded implementation is a folder; an object-storage one only
 * has to implement this interface.
 */
export interface ReleaseStore {
  /** A description for logs, e.g. the folder or bucket. */
  readonly location: string;
  hasVersion(remote: RemoteId, version: string): Promise<boolean>;
  listVersions(remote: RemoteId): Promise<string[]>;
  /** Copies a build in as `<remote>/<version>`; refuses a version that already exists (builds are immutable). */
  putBuild(remote: RemoteId, version: string, fromDir: string, info?: BuildInfo): Promise<void>;
  readBuildInfo(remote: RemoteId, version: string): Promise<BuildInfo | null>;
  /**
   * A file of a build, `file` being its path inside the build (it may name folders), opened as a
   * stream; null when there is no such file.
   */
  openFile(remote: RemoteId, version: string, file: string): Promise<StoredFile | null>;
  /** The manifest in force, or null before anything was released. */
  readManifest(): Promise<ReleaseManifest | null>;
  /** Replaces the manifest atomically: a reader sees the old one or the new one, never half. */
  writeManifest(manifest: ReleaseManifest): Promise<void>;
  /**
   * Reads the manifest, applies `change` and writes the result, so that two releases changing it at
   * once never lose an update: the second sees the first's result (it waits, or reads again and
   * reapplies its change), or fails with a ReleaseStoreError saying nothing was changed. `change`
   * may run more than once and throws to refuse.
   */
  updateManifest(change: (current: ReleaseManifest | null) => ReleaseManifest | Promise<ReleaseManifest>): Promise<ReleaseManifest>;
  appendHistory(entry: HistoryEntry): Promise<void>;
  readHistory(): Promise<HistoryEntry[]>;
}

export class ReleaseStoreError extends Error {
  override name = 'ReleaseStoreError';
}

/** Versions become URL path segments and folder names: keep them to a safe alphabet. */
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,127}$/;

/**
 * A remote the store may hold: one of the contracts' or one of a remote's shape that this tree was not
 * built with (a remote from a repository of its own; publishing demands that its build say what it
 * draws, and release.json that its stable build does: docs/decisions/0050).
 */
export function assertRemote(remote: string): asserts remote is RemoteId {
  if (!(REMOTE_IDS as readonly string[]).includes(remote) && !isRemoteId(remote)) {
    throw new ReleaseStoreError(`Unknown remote "${remote}". Known remotes: ${REMOTE_IDS.join(', ')}, or mfe- and lower-case words for a remote built elsewhere`);
  }
}

export function assertVersion(version: string): void {
  if (!VERSION_PATTERN.test(version) || version.includes('..')) {
    throw new ReleaseStoreError(`Invalid version "${version}": use letters, digits, ".", "-", "_" or "+"`);
  }
}

export const BUILD_INFO_FILE = 'build-info.json';
export const MANIFEST_FILE = 'release.json';
export const HISTORY_FILE = 'history.jsonl';

/** How long a release waits for another one's change of release.json in the same folder. */
const LOCK_WAIT_MS = 15_000;
/** A lock older than this was left by a release that died mid-change (a change takes milliseconds). */
const STALE_LOCK_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every file under a build folder, as paths relative to it with `/`, sorted (what a publish copies and hashes). */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(path.join(dir, e.name), rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

/** The build record a build folder carries, or nothing usable. */
export async function readBuildInfoFile(file: string): Promise<Partial<BuildInfo>> {
  try {
    const parsed = buildInfoSchema.partial().safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Layout: `<root>/<remote>/<version>/...`, `<root>/release.json`, `<root>/history.jsonl`. */
export class FsReleaseStore implements ReleaseStore {
  readonly rootDir: string;

  constructor(rootDir: string) {
    this.rootDir = path.resolve(rootDir);
  }

  get location(): string {
    return this.rootDir;
  }

  versionDir(remote: RemoteId, version: string): string {
    assertRemote(remote);
    assertVersion(version);
    return path.join(this.rootDir, remote, version);
  }

  async hasVersion(remote: RemoteId, version: string): Promise<boolean> {
    return exists(this.versionDir(remote, version));
  }

  async listVersions(remote: RemoteId): Promise<string[]> {
    assertRemote(remote);
    try {
      const entries = await readdir(path.join(this.rootDir, remote), { withFileTypes: true });
      return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
    } catch {
      return [];
    }
  }

  async putBuild(remote: RemoteId, version: string, fromDir: string, info?: BuildInfo): Promise<void> {
    const target = this.versionDir(remote, version);
    if (!(await exists(path.join(fromDir, 'mf-manifest.json')))) {
      throw new ReleaseStoreError(`${fromDir} holds no mf-manifest.json: build ${remote} first`);
    }
    if (await exists(target)) {
      throw new ReleaseStoreError(`${remote} ${version} is already in the store; a published version is never replaced`);
    }
    // Copy beside the target under a hidden name, then rename: a half-copied build is never visible.
    const staging = path.join(this.rootDir, remote, `.incoming-${version}-${randomBytes(4).toString('hex')}`);
    await mkdir(path.dirname(staging), { recursive: true });
    try {
      await cp(fromDir, staging, { recursive: true, errorOnExist: true, force: false, mode: fsConstants.COPYFILE_EXCL });
      const recorded = info ?? (await readBuildInfoFile(path.join(fromDir, BUILD_INFO_FILE)));
      const record = buildInfoSchema.parse({
        contractsVersion: CONTRACTS_VERSION,
        publishedAt: new Date().toISOString(),
        ...recorded,
        version,
      });
      await writeFile(path.join(staging, BUILD_INFO_FILE), `${JSON.stringify(record, null, 2)}\n`);
      if (await exists(target)) {
        throw new ReleaseStoreError(`${remote} ${version} was published meanwhile; a published version is never replaced`);
      }
      await rename(staging, target);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  async readBuildInfo(remote: RemoteId, version: string): Promise<BuildInfo | null> {
    try {
      const raw = await readFile(path.join(this.versionDir(remote, version), BUILD_INFO_FILE), 'utf8');
      return buildInfoSchema.parse(JSON.parse(raw));
    } catch {
      return null;
    }
  }

  async openFile(remote: RemoteId, version: string, file: string): Promise<StoredFile | null> {
    const dir = this.versionDir(remote, version);
    const target = path.resolve(dir, file);
    if (!target.startsWith(dir + path.sep)) return null;
    const info = await stat(target).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(target), contentType: contentTypeFor(target), contentLength: info.size, lastModified: info.mtime };
  }

  async readManifest(): Promise<ReleaseManifest | null> {
    let raw: string;
    try {
      raw = await readFile(path.join(this.rootDir, MANIFEST_FILE), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    return releaseManifestSchema.parse(JSON.parse(raw));
  }

  async writeManifest(manifest: ReleaseManifest): Promise<void> {
    const valid = releaseManifestSchema.parse(manifest);
    await mkdir(this.rootDir, { recursive: true });
    const tmp = path.join(this.rootDir, `.${MANIFEST_FILE}.${process.pid}.${randomBytes(4).toString('hex')}`);
    await writeFile(tmp, `${JSON.stringify(valid, null, 2)}\n`);
    await rename(tmp, path.join(this.rootDir, MANIFEST_FILE));
  }

  async updateManifest(change: (current: ReleaseManifest | null) => ReleaseManifest | Promise<ReleaseManifest>): Promise<ReleaseManifest> {
    await mkdir(this.rootDir, { recursive: true });
    const unlock = await this.lockManifest();
    try {
      const next = releaseManifestSchema.parse(await change(await this.readManifest()));
      await this.writeManifest(next);
      return next;
    } finally {
      await unlock();
    }
  }

  /** One change of release.json at a time among the processes sharing this folder (an O_EXCL lock file). */
  private async lockManifest(): Promise<() => Promise<void>> {
    const lockFile = path.join(this.rootDir, `.${MANIFEST_FILE}.lock`);
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        const handle = await open(lockFile, 'wx');
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
        return () => rm(lockFile, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const held = await stat(lockFile).catch(() => null);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
        await rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new ReleaseStoreError(
          `another release is changing release.json in ${this.rootDir}; nothing was changed: run the command again (if no release is running, remove ${lockFile})`,
        );
      }
      await sleep(20 + Math.random() * 40);
    }
  }

  async appendHistory(entry: HistoryEntry): Promise<void> {
    const valid = historyEntrySchema.parse(entry);
    await mkdir(this.rootDir, { recursive: true });
    // One write per line with O_APPEND keeps concurrent appends whole.
    await appendFile(path.join(this.rootDir, HISTORY_FILE), `${JSON.stringify(valid)}\n`);
  }

  async readHistory(): Promise<HistoryEntry[]> {
    let raw: string;
    try {
      raw = await readFile(path.join(this.rootDir, HISTORY_FILE), 'utf8');
    } catch {
      return [];
    }
    return raw
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => historyEntrySchema.parse(JSON.parse(l)));
  }

  /** True when `relPath` (URL path below /remotes/) names a file inside a published build. */
  static isServablePath(relPath: string): boolean {
    const parts = relPath.replace(/^\/+/, '').split('/');
    if (parts.length < 3) return false;
    const [remote, version] = parts;
    if (!remote || !version) return false;
    if (!(REMOTE_IDS as readonly string[]).includes(remote) && !isRemoteId(remote)) return false;
    if (!VERSION_PATTERN.test(version)) return false;
    return parts.every((p) => p !== '' && p !== '.' && p !== '..' && !p.startsWith('.'));
  }
}
