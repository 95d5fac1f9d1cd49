import { vitestConfig } from '@portal/build-config/vitest';

export default vitestConfig({
  environment: 'node',
  globalSetup: ['./vitest.global-setup.ts'],
  // Creating and migrating a database per file takes a few seconds on a busy machine.
  hookTimeout: 60_000,
  testTimeout: 30_000,
});
