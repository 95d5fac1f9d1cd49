import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Workers: 1 by default; E2E_WORKERS=2 runs two, each with its own portal (see global-setup.ts), so
 * they share no state. Not the default yet: on the shared machine at load 30 to 40, two workers
 * were no faster than one and five journeys of fourteen timed out (docs/decisions/0059).
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '1') || 1);

// In a worker: its own portal, by its slot (the same slot for a worker started after a failure).
const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined && process.env.PORTAL_URLS && process.env.PORTAL_LOGS) {
  const urls = JSON.parse(process.env.PORTAL_URLS) as string[];
  const logs = JSON.parse(process.env.PORTAL_LOGS) as string[];
  const i = Number(slot) % urls.length;
  process.env.PORTAL_URL = urls[i];
  process.env.PORTAL_LOG = logs[i];
}

/**
 * Journeys that change the repository's tree while they run (a remote generated into it, its
 * remotes.json; the shared packages packed): with more than one worker, alone, one at a time, after
 * every other journey, so that no other worker starts a portal or reads the contracts meanwhile.
 */
const CHANGES_THE_TREE = ['created-remote.spec.ts', 'standalone-remote.spec.ts'];

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  outputDir: './artifacts/results',
  workers: WORKERS,
  retries: 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report keeps each journey's duration, to find the longest.
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }], ['json', { outputFile: './artifacts/report.json' }]],
  projects:
    WORKERS > 1
      ? [
          { name: 'journeys', testIgnore: CHANGES_THE_TREE },
          { name: 'tree', testMatch: CHANGES_THE_TREE, workers: 1, dependencies: ['journeys'] },
        ]
      : undefined,
  use: {
    // Set by the global setup before the workers start, and per worker above.
    baseURL: process.env.PORTAL_URL,
    screenshot: 'on',
    trace: 'retain-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
