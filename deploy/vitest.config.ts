import { vitestConfig } from '@portal/build-config/vitest';

export default vitestConfig({
  environment: 'node',
  globalSetup: ['./vitest.global-setup.ts'],
  setupFiles: ['src/test-setup.ts'],
  testTimeout: 20_000,
  include: ['src/**/*.test.ts', 'topology/**/*.test.ts'],
});
