import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RemoteId, VersionHealth } from '@portal/shared-contracts';
import { promote } from './release/actions';
import type { SenderShare } from './release/guard';
import { emptyManifest } from './release/manifest';
import { publishRemote } from './release/publish';
import { FsReleaseStore } from './release/store';

const created: string[] = [];

export async function tempDir(prefix = 'portal-deploy-'): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes every folder `tempDir` made (called after each test file). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/** A remote build as Rspack leaves it: an mf-manifest.json, an entry and a chunk. */
export async function writeFakeRemoteBuild(dir: string, marker = 'v1'): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify({ id: 'mfe_auth', name: 'mfe_auth', marker }));
  await writeFile(path.join(dir, 'remoteEntry.js'), `/* ${marker} */ ${'var mfe_auth = {};\n'.repeat(200)}`);
  await writeFile(path.join(dir, '123.abcdef0123.js'), `console.log(${JSON.stringify(marker)});`);
}

/** A small repository: shared-contracts and one remote package with a build. */
export async function writeFakeRepo(root: string, marker = 'v1'): Promise<void> {
  await mkdir(path.join(root, 'shared-contracts'), { recursive: true });
  await writeFile(path.join(root, 'shared-contracts', 'package.json'), JSON.stringify({ version: '1.2.0' }));
  await mkdir(path.join(root, 'shell'), { recursive: true });
  await writeFile(path.join(root, 'shell', 'package.json'), JSON.stringify({ version: '2.0.0' }));
  await mkdir(path.join(root, 'mfe-auth'), { recursive: true });
  await writeFile(path.join(root, 'mfe-auth', 'package.json'), JSON.stringify({ name: '@portal/mfe-auth', version: '1.0.0' }));
  await writeFakeRemoteBuild(path.join(root, 'mfe-auth', 'dist'), marker);
  await writeFile(
    path.join(root, 'mfe-auth', 'dist', 'build-info.json'),
    JSON.stringify({ version: '1.0.0-abc12345', contractsVersion: '1.2.0', commit: 'abc12345', builtAt: new Date().toISOString() }),
  );
}

/** One version's health figures as the api answers them: page views and render errors, nothing else failing. */
export function versionHealth(remote: RemoteId, version: string, pageViews: number, renderErrors: number, senders: number | null = 40): VersionHealth {
  return {
    remote,
    version,
    pageViews,
    loadFailures: 0,
    renderErrors,
    errors: 0,
    loadFailureRate: 0,
    renderErrorRate: renderErrors / pageViews,
    errorRate: renderErrors / pageViews,
    lcpP75Ms: null,
    inpP75Ms: null,
    clsP75: null,
    loadP95Ms: null,
    firstSeen: '2026-11-25T12:00:00.000Z',
    lastSeen: '2026-11-25T12:05:00.000Z',
    senders,
  };
}

/**
 * One version's figures as the guard reads them (the api's `guardFiguresOver`): page views and render
 * errors from `senders` distinct senders, none of whom holds more than an even share.
 */
export function guardFigures(remote: RemoteId, version: string, pageViews: number, renderErrors: number, senders = 40, largest?: SenderShare[]) {
  const even = { pageViews: Math.ceil(pageViews / senders), failures: Math.ceil(renderErrors / senders) };
  return { remote, version, pageViews, loadFailures: 0, renderErrors, senders, largest: largest ?? [even] };
}

/**
 * A release store at `dir` with the shell's manifest and mfe-auth's builds 1.0.0 (stable) and 1.1.0
 * (published, not released): where the console's and the guard's tests start.
 */
export async function storeWithAuthBuilds(dir: string): Promise<FsReleaseStore> {
  const store = new FsReleaseStore(dir);
  await store.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
  for (const v of ['1.0.0', '1.1.0']) {
    const build = await tempDir();
    await writeFakeRemoteBuild(build, v);
    await publishRemote(store, 'mfe-auth', { dir: build, version: v, actor: 'ci' });
  }
  await promote(store, 'mfe-auth', '1.0.0', { actor: 'ci' });
  return store;
}
