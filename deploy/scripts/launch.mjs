#!/usr/bin/env node
/**
 * `node scripts/launch.mjs server` starts the portal server, `node scripts/launch.mjs release <args>`
 * runs the release CLI: the compiled build (scripts/build.mjs) under plain node while it is the
 * sources' own, otherwise the sources through tsx, as before there was a build. Either way in this
 * process (signals reach the server itself) and from deploy/, where `pnpm --filter @portal/deploy
 * exec` ran them. PORTAL_FROM_SOURCES=1 always takes the sources.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtEntry, ENTRIES } from './built.mjs';

const deployDir = path.resolve(import.meta.dirname, '..');
const [name, ...args] = process.argv.slice(2);
const source = ENTRIES[name];
if (!source) {
  console.error(`usage: node scripts/launch.mjs ${Object.keys(ENTRIES).join('|')} [arguments]`);
  process.exit(2);
}
process.chdir(deployDir);
let file = process.env.PORTAL_FROM_SOURCES === '1' ? null : builtEntry(name);
if (file) {
  // Stack traces name the sources, as under tsx (the build's map is read at the first one).
  process.setSourceMapsEnabled(true);
} else {
  // What `tsx <file>` does: TypeScript compiled as it is loaded (tsx's own `node --import tsx`).
  await import('tsx');
  file = path.join(deployDir, source);
}
// The entry sees the command line it would have had run directly (the CLI checks argv[1]).
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
