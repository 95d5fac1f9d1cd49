import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_IDS, type BuildRef, type ReleaseManifest, type RemoteId } from '@portal/shared-contracts';
import { appProblem } from '@portal/shared-contracts/remote-app-check';
import { exists } from '../files';
import { REPO_ROOT } from '../paths';
import { releaseActor } from './actions';
import { emptyManifest, entryFor, setStable } from './manifest';
import { BUILD_INFO_FILE, ReleaseStoreError, assertRemote, buildInfoSchema, listFiles, type BuildInfo, type ReleaseStore } from './store';

export interface PublishOptions {
  /** Defaults to the version the build recorded (build-info.json), else `<package version>-<git commit>`. */
  version?: string;
  /** The build folder; defaults to `<repo>/<remote>/dist`. */
  dir?: string;
  /** An existing identical version is not an error (it is already published). */
  ifMissing?: boolean;
  /** Base URL of a remote store, written into manifest entries. */
  storeUrl?: string | null;
  repoRoot?: string;
  now?: Date;
  /** Recorded in the history; defaults to RELEASE_ACTOR or the OS user. */
  actor?: string;
}

export interface PublishResult {
  remote: RemoteId;
  version: string;
  /** False when the version was already in the store and nothing was copied. */
  published: boolean;
  build: BuildRef;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

function gitShortCommit(cwd: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

/** sha256 over every file of a build except the build record (which carries a timestamp). */
export async function hashBuild(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const rel of await listFiles(dir)) {
    if (rel === BUILD_INFO_FILE) continue;
    hash.update(rel).update('\0').update(await readFile(path.join(dir, rel))).update('\0');
  }
  return hash.digest('hex');
}

/** What a build folder says about itself, completed from the package and git when it says nothing. */
export async function describeBuild(remote: RemoteId, dir: string, repoRoot = REPO_ROOT): Promise<BuildInfo> {
  const recorded = buildInfoSchema.safeParse(await readJson(path.join(dir, BUILD_INFO_FILE)).catch(() => null));
  const contentHash = await hashBuild(dir);
  if (recorded.success) return { ...recorded.data, contentHash };
  const pkg = (await readJson(path.join(repoRoot, remote, 'package.json')).catch(() => ({}))) as { name?: string; version?: string };
  const contracts = (await readJson(path.join(repoRoot, 'shared-contracts', 'package.json'))) as { version: string };
  const commit = gitShortCommit(repoRoot);
  return {
    name: pkg.name,
    version: `${pkg.version ?? '0.0.0'}-${commit}`,
    contractsVersion: contracts.version,
    commit,
    contentHash,
  };
}

/** Copies one remote's build into the store. Never touches the manifest: releasing is a separate step. */
export async function publishRemote(store: ReleaseStore, remote: string, options: PublishOptions = {}): Promise<PublishResult> {
  assertRemote(remote);
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const dir = path.resolve(options.dir ?? path.join(repoRoot, remote, 'dist'));
  if (!(await exists(path.join(dir, 'mf-manifest.json')))) {
    throw new ReleaseStoreError(`No build of ${remote} at ${dir} (mf-manifest.json missing): run its build first`);
  }
  const info = await describeBuild(remote, dir, repoRoot);
  if (!(REMOTE_IDS as readonly string[]).includes(remote)) {
    // A remote built in a repository of its own: the shell learns it only from what its build says it draws.
    if (!info.app) {
      throw new ReleaseStoreError(`${remote} is not a remote of this portal's contracts, and its build does not say which pages it draws (build-info.json "app"): build it from a remote made by pnpm create-remote --standalone`);
    }
    const problem = appProblem(remote, info.app);
    if (problem) throw new ReleaseStoreError(`${problem}: fix its remote.json and build it again`);
  }
  const version = options.version ?? info.version;
  const now = options.now ?? new Date();
  let published = false;
  let publishedAt = now.toISOString();
  if (await store.hasVersion(remote, version)) {
    if (!options.ifMissing) {
      throw new ReleaseStoreError(`${remote} ${version} is already published; versions are immutable (use a new version)`);
    }
    const existing = await store.readBuildInfo(remote, version);
    if (existing?.contentHash && info.contentHash && existing.contentHash !== info.contentHash) {
      throw new ReleaseStoreError(`${remote} ${version} is already published with different content; use a new version`);
    }
    publishedAt = existing?.publishedAt ?? publishedAt;
  } else {
    await store.putBuild(remote, version, dir, { ...info, version, publishedAt });
    await store.appendHistory({ at: publishedAt, action: 'publish', remote, version, by: options.actor ?? releaseActor() });
    published = true;
  }
  return {
    remote,
    version,
    published,
    build: {
      version,
      entry: entryFor(remote, version, options.storeUrl ?? null),
      contractsVersion: info.contractsVersion,
      publishedAt,
      // What a shell built without this remote needs to show it (docs/decisions/0050).
      ...(info.app ? { app: info.app } : {}),
    },
  };
}

/** Remote packages of the repo that have a build: `mfe-*` folders with `dist/mf-manifest.json`. */
export async function builtRemotes(repoRoot = REPO_ROOT): Promise<RemoteId[]> {
  const out: RemoteId[] = [];
  for (const e of await readdir(repoRoot, { withFileTypes: true })) {
    if (!e.isDirectory() || !e.name.startsWith('mfe-')) continue;
    if (!(REMOTE_IDS as readonly string[]).includes(e.name)) continue;
    if (await exists(path.join(repoRoot, e.name, 'dist', 'mf-manifest.json'))) out.push(e.name as RemoteId);
  }
  return out;
}

export async function readShellInfo(repoRoot: string): Promise<ReleaseManifest['shell']> {
  const recorded = buildInfoSchema.safeParse(
    await readJson(path.join(repoRoot, 'shell', 'dist', BUILD_INFO_FILE)).catch(() => null),
  );
  if (recorded.success) return { version: recorded.data.version, contractsVersion: recorded.data.contractsVersion };
  const pkg = (await readJson(path.join(repoRoot, 'shell', 'package.json')).catch(() => ({}))) as { version?: string };
  const contracts = (await readJson(path.join(repoRoot, 'shared-contracts', 'package.json'))) as { version: string };
  return { version: `${pkg.version ?? '0.0.0'}-${gitShortCommit(repoRoot)}`, contractsVersion: contracts.version };
}

export interface EnsureOptions {
  repoRoot?: string;
  /** Make a freshly built version stable even when the remote already has a stable one. */
  promoteNew?: boolean;
  storeUrl?: string | null;
  log?: (line: string) => void;
  now?: Date;
  actor?: string;
}

export interface EnsureResult {
  remote: RemoteId;
  version: string;
  published: boolean;
  /** The version made stable by this call, if any. */
  madeStable: boolean;
}

/**
 * Used at start: every built remote of the repo is in the store, and is the stable version when
 * the remote has none (or, with `promoteNew`, whenever it is not already). A working-tree build
 * that differs from a published one of the same name gets the content hash appended, so a local
 * change is never refused as "already published" nor silently ignored.
 */
export async function ensureReleased(store: ReleaseStore, options: EnsureOptions = {}): Promise<EnsureResult[]> {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const shell = await readShellInfo(repoRoot);
  const publishes: PublishResult[] = [];

  for (const remote of await builtRemotes(repoRoot)) {
    const dir = path.join(repoRoot, remote, 'dist');
    const info = await describeBuild(remote, dir, repoRoot);
    let version = info.version;
    if (await store.hasVersion(remote, version)) {
      const existing = await store.readBuildInfo(remote, version);
      if (existing?.contentHash && existing.contentHash !== info.contentHash) {
        version = `${info.version}.${info.contentHash?.slice(0, 10) ?? 'changed'}`;
      }
    }
    const res = await publishRemote(store, remote, {
      version,
      dir,
      ifMissing: true,
      storeUrl: options.storeUrl ?? null,
      repoRoot,
      now,
      actor: options.actor,
    });
    if (res.published) log(`published ${remote} ${version}`);
    publishes.push(res);
  }

  // Decided on the manifest in force when it is written, so a release made meanwhile is kept.
  let madeStable: { remote: RemoteId; version: string; replaced: string | null; first: boolean }[] = [];
  await store.updateManifest((stored) => {
    let manifest: ReleaseManifest = { ...(stored ?? emptyManifest(shell)), shell };
    madeStable = [];
    for (const res of publishes) {
      const current = manifest.remotes[res.remote];
      if (!current || (options.promoteNew && current.stable.version !== res.version)) {
        const next = setStable(manifest, res.remote, res.build, now);
        manifest = next.manifest;
        madeStable.push({ remote: res.remote, version: res.version, replaced: next.replaced, first: !current });
      }
    }
    return manifest;
  });
  for (const m of madeStable) {
    await store.appendHistory({
      at: now.toISOString(),
      action: 'stable',
      remote: m.remote,
      version: m.version,
      from: m.replaced,
      by: options.actor ?? releaseActor(),
      note: m.first ? 'first release' : 'promoted at start (newly built)',
    });
    log(`${m.remote} ${m.version} is now stable${m.replaced ? ` (was ${m.replaced})` : ''}`);
  }
  return publishes.map((res) => ({
    remote: res.remote,
    version: res.version,
    published: res.published,
    madeStable: madeStable.some((m) => m.remote === res.remote),
  }));
}
