// A production build of the shell bundles react-router's production files: its package exports name
// only the development build, whose dev warnings (ENABLE_DEV_WARNINGS) would otherwise ship.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createConfig, reactRouterProduction } from '../build-config/src/create-config.mjs';

const shell = path.resolve(import.meta.dirname, '..', 'shell');

test("react-router's imports lead to its production files, which carry no development warnings", () => {
  const alias = reactRouterProduction(shell);
  assert.deepEqual(Object.keys(alias).sort(), ['react-router$', 'react-router/dom$']);
  for (const file of Object.values(alias)) assert.match(file, /[\\/]react-router[\\/]dist[\\/]production[\\/]/);
  const dir = path.dirname(alias['react-router$']);
  const code = readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  assert.match(code, /ENABLE_DEV_WARNINGS = false/);
  assert.doesNotMatch(code, /ENABLE_DEV_WARNINGS = true/);
});

test('the production configuration uses them, the development one keeps the package as it is', () => {
  const prod = createConfig({ dir: shell, kind: 'host', name: 'shell', port: 3000, argv: { mode: 'production' } });
  const dev = createConfig({ dir: shell, kind: 'host', name: 'shell', port: 3000, argv: { mode: 'development' } });
  assert.deepEqual(prod.resolve.alias, reactRouterProduction(shell));
  assert.equal(dev.resolve.alias, undefined);
});
