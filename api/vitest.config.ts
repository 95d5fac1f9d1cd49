import { vitestConfig } from '@portal/build-config/vitest';

/**
 * Files that keep modules of their own (a fresh import of the api, as vitest's default): they
 * `vi.mock` a module the others import, or count what a module does once per process. Every other
 * file shares its worker's modules with the files before it (docs/decisions/0058-api-suite-modules-shared.md):
 * importing the api afresh for each file was a third of the suite's time.
 */
const ISOLATED_FILES = [
  // vi.mock('../../lib/tokens')
  'src/modules/accounts/forgot-password.test.ts',
  // vi.mock('postgres')
  'src/db/pgbouncer.test.ts',
  // the plan_cache_mode refusal is said once per process (db/client.ts)
  'src/db/pgbouncer-startup.test.ts',
];

export default vitestConfig({
  environment: 'node',
  globalSetup: ['./vitest.global-setup.ts'],
  // Creating and migrating a database per file takes a few seconds on a busy machine.
  hookTimeout: 60_000,
  testTimeout: 30_000,
  // Two projects: `isolated` (these files) and `shared` (isolate: false), as the rendering packages.
  isolated: ISOLATED_FILES,
});
