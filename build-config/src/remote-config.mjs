// A remote's build is derived from its entry in shared-contracts `REMOTES`: the federation name, the
// dev server port and the exposed modules are written there once and read here.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createConfig } from './create-config.mjs';

/** `AdminUsersPage` -> `admin-users-page`: an exposed module's file is the kebab-case of its name. */
const fileOf = (name) => `./src/exposes/${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.tsx`;

/**
 * The remote's entry in the contracts it is built against (resolved from the remote's own package).
 * The contracts keep these facts as JSON, which remotes.ts imports, so that this config, run by Node
 * without a TypeScript loader, reads exactly what the shell is typed against.
 */
function remoteInfo(remote, dir) {
  const remotes = createRequire(path.join(dir, 'package.json'))('@portal/shared-contracts/remotes.json');
  const own = path.join(dir, REMOTE_JSON);
  if (existsSync(own)) return standaloneInfo(remote, JSON.parse(readFileSync(own, 'utf8')), remotes);
  const info = remotes[remote];
  if (!info) throw new Error(`${remote} is not in shared-contracts REMOTES (known: ${Object.keys(remotes).join(', ')})`);
  return info;
}

/**
 * A remote built outside this repository (`pnpm create-remote --standalone`) keeps its entry, the
 * shape of a remotes.json entry with its pages, in its own `remote.json`: the contracts it installs
 * were packed without it. Its id must not be one of theirs, and it must say which pages it draws,
 * since only they tell a shell it was not built with what to show (docs/decisions/0050).
 */
function standaloneInfo(remote, info, remotes) {
  if (remotes[remote]) throw new Error(`${remote} is a remote of the portal's contracts: a remote built on its own needs another name`);
  if (!info || typeof info.mfName !== 'string' || !Array.isArray(info.exposes) || !Array.isArray(info.routes) || info.routes.length === 0) {
    throw new Error(`${REMOTE_JSON} must give mfName, exposes and routes (its pages), as pnpm create-remote --standalone wrote it`);
  }
  return info;
}

/** The file a remote built outside this repository keeps its entry in. */
export const REMOTE_JSON = 'remote.json';

/**
 * The whole Rspack configuration of a remote, as its `rspack.config.mjs` default export:
 * `export default remoteConfig('mfe-auth', import.meta.dirname)`. Exposes `./LoginPage` from
 * `./src/exposes/login-page.tsx`, and so on for each module the contracts list.
 * @param {string} remote  a key of REMOTES
 * @param {string} dir     the remote's package folder (a copy elsewhere in the workspace works too)
 */
export function remoteConfig(remote, dir) {
  const info = remoteInfo(remote, dir);
  const exposes = Object.fromEntries(info.exposes.map((name) => [`./${name}`, fileOf(name)]));
  // A remote added after the shell was built names its pages; the build records them (build-info.json)
  // and publishing carries them into release.json, where the shell learns them (docs/decisions/0050).
  const app = info.routes ? { mfName: info.mfName, feature: info.feature, routes: info.routes } : undefined;
  return (env, argv) => createConfig({ dir, kind: 'remote', name: info.mfName, port: info.devPort, exposes, app, env, argv });
}
