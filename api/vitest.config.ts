import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    // Creating and migrating a database per file takes a few seconds on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
