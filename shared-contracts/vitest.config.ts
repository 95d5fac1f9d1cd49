import { defineConfig } from 'vitest/config';

// Pure schemas and helpers: no DOM needed.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
