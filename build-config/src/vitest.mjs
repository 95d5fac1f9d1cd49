// The vitest configuration of every package (types in vitest.d.mts): tests live beside their code
// under src/, a busy machine gets time, spies are restored between tests, and a package whose tests
// render gets jsdom, CSS Modules with readable class names and the one test setup of @portal/testing
// (jest-dom matchers, cleanup, jsdom shims). A package adds only what is its own.
import { defineConfig } from 'vitest/config';

export function vitestConfig({ environment, setupFiles = [], ...own }) {
  const dom = environment === 'jsdom';
  return defineConfig({
    test: {
      environment,
      include: ['src/**/*.test.{ts,tsx}'],
      testTimeout: 15_000,
      restoreMocks: true,
      ...(dom ? { globals: true, css: { modules: { classNameStrategy: 'non-scoped' } } } : {}),
      ...own,
      setupFiles: [...(dom ? ['@portal/testing/setup'] : []), ...[setupFiles].flat()],
    },
  });
}
