// The vitest configuration of every package (types in vitest.d.mts): tests live beside their code
// under src/, a busy machine gets time, spies are restored between tests, and a package whose tests
// render gets jsdom, CSS Modules with readable class names and the one test setup of @portal/testing
// (jest-dom matchers, cleanup, jsdom shims). A package adds only what is its own.
//
// A package whose tests render runs a worker's files one after the other in one jsdom and one module
// graph (`isolate: false`, docs/decisions/0061-ci-front-stages.md): setting up jsdom and importing
// React, the testing library and the contracts afresh for every file was most of its time. A file
// that mocks a module (`vi.mock`) or changes a global it does not put back is named in `isolated`
// and keeps vitest's default, an environment and modules of its own.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Whether the package being tested (vitest runs in its folder) renders shared-ui components. */
function usesSharedUi() {
  const file = path.join(process.cwd(), 'package.json');
  if (!existsSync(file)) return false;
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  return Boolean(pkg.dependencies?.['@portal/shared-ui'] ?? pkg.devDependencies?.['@portal/shared-ui']);
}

export function vitestConfig({ environment, setupFiles = [], isolated = [], ...own }) {
  const dom = environment === 'jsdom';
  // shared-ui fetches a menu's, popover's or modal's code when one first opens; tests start warm.
  const overlays = dom && usesSharedUi() ? ['@portal/shared-ui/preload-overlays'] : [];
  const config = defineConfig({
    test: {
      environment,
      include: ['src/**/*.test.{ts,tsx}'],
      testTimeout: 15_000,
      restoreMocks: true,
      ...(dom ? { globals: true, isolate: false, css: { modules: { classNameStrategy: 'non-scoped' } } } : {}),
      // The portal's packages ship TypeScript sources: installed from their packed tarballs (a remote
      // built outside this repository) they are transformed like the package's own files.
      server: { deps: { inline: [/[\\/]node_modules[\\/]@portal[\\/]/, /^@portal\//] } },
      ...own,
      setupFiles: [...(dom ? ['@portal/testing/setup'] : []), ...overlays, ...[setupFiles].flat()],
    },
  });
  if (isolated.length === 0) return config;
  // A project extending the root config adds to its `include` (arrays are merged): each names its own.
  const { include, ...common } = config.test;
  return defineConfig({
    ...config,
    test: {
      ...common,
      projects: [
        { extends: true, test: { name: 'isolated', include: isolated, isolate: true } },
        { extends: true, test: { name: 'shared', include, exclude: isolated, isolate: false } },
      ],
    },
  });
}
