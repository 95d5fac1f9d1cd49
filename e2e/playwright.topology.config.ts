import { defineConfig } from '@playwright/test';
import baseConfig from './playwright.config';

/**
 * The journeys against the production topology on loopback (deploy/topology): nginx from portal.conf,
 * two api instances on one PostgreSQL, the remotes in an S3 bucket. `pnpm exec playwright test -c
 * playwright.topology.config.ts` after `pnpm build`; npm test's "topology" stage runs it.
 */
export default defineConfig({
  ...baseConfig,
  testDir: './topology',
  // One topology for the run (its global setup starts one): its journeys one at a time.
  workers: 1,
  projects: [{ name: 'topology' }],
  globalSetup: './topology/global-setup.ts',
  outputDir: './artifacts/topology-results',
  reporter: [['list'], ['html', { outputFolder: './artifacts/topology-report', open: 'never' }]],
  use: { ...baseConfig.use, viewport: { width: 1280, height: 800 } },
});
