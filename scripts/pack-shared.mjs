#!/usr/bin/env node
// `pnpm pack-shared <dir>`: packs the packages a remote builds against (shared-contracts, shared-ui,
// build-config, testing) into <dir> as npm tarballs, `portal-<package>-<version>.tgz`. pnpm pack
// rewrites their `workspace:` and `catalog:` versions into plain ones, so a remote in a repository of
// its own installs them (`pnpm create-remote --standalone <dir> ... --packages <dir>`). Publishing
// them to a registry instead is `pnpm publish` in each (docs/new-team-guide.md).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_PACKAGES } from './create-remote.mjs';

const REPO = path.resolve(import.meta.dirname, '..');

/** Packs the four packages into `dir`; returns the tarballs' paths. */
export function packShared(dir, { root = REPO } = {}) {
  mkdirSync(dir, { recursive: true });
  return SHARED_PACKAGES.map((folder) => {
    execFileSync('pnpm', ['pack', '--pack-destination', dir], { cwd: path.join(root, folder), stdio: ['ignore', 'ignore', 'inherit'] });
    const { version } = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    return path.join(dir, `portal-${folder}-${version}.tgz`);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Name the folder to pack into: pnpm pack-shared <dir>');
    process.exit(1);
  }
  for (const file of packShared(path.resolve(dir))) console.log(file);
}
