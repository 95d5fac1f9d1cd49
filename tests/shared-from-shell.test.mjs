// Remotes take React, the contracts and shared-ui's entries from the shell (`import: false`): their
// containers carry no copy of those, so the shell must provide each of them whatever its own code
// imports (docs/decisions/0025-remotes-take-shared-modules-from-the-shell.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createConfig } from '../build-config/src/create-config.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The federation plugin's options of a package's production build. */
function federationOptions(kind, dir, name) {
  const config = createConfig({ dir: path.join(root, dir), kind, name, port: 1, argv: { mode: 'production' } });
  const plugin = config.plugins.find((p) => p?.constructor?.name === 'ModuleFederationPlugin');
  return { config, options: plugin._options };
}

test('a remote takes React, the contracts and shared-ui from the shell and brings only what older shells lack', () => {
  const { options } = federationOptions('remote', 'mfe-auth', 'mfe_auth');
  const fromShell = Object.entries(options.shared).filter(([, c]) => c.import === false).map(([n]) => n);
  for (const name of ['react', 'react-dom', 'react/jsx-runtime', '@portal/shared-contracts/platform', '@portal/shared-ui/form']) {
    assert.ok(fromShell.includes(name), `${name} is not taken from the shell`);
    assert.equal(options.shared[name].singleton, true);
  }
  // Without a copy of its own the remote states the version it needs; the workspace's packages take any.
  assert.match(options.shared.react.requiredVersion, /^\^19\./);
  // Shells built before this rule did not provide these: a remote keeps its own copy of them.
  for (const name of ['@portal/shared-ui/data', '@portal/shared-ui']) assert.notEqual(options.shared[name]?.import, false, name);
});

test('the shell provides every shared module it is asked for, imported by its code or not', () => {
  const { config, options } = federationOptions('host', 'shell', 'shell');
  for (const c of Object.values(options.shared)) assert.notEqual(c.import, false);
  const remote = federationOptions('remote', 'mfe-auth', 'mfe_auth').options.shared;
  const fromShell = Object.keys(remote).filter((n) => remote[n].import === false);
  const provider = config.plugins.find((p) => p?.constructor?.name === 'SharedFromShellPlugin');
  assert.ok(provider, 'the shell build has no SharedFromShellPlugin');
  assert.deepEqual([...provider.names].sort(), [...fromShell].sort());
});
