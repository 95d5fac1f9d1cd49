import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** DOM snapshots and the network log in the traces of failures: off unless E2E_TRACE_SNAPSHOTS=1. */
const TRACE_SNAPSHOTS = process.env.E2E_TRACE_SNAPSHOTS === '1';

/**
 * Workers: 2 by default, each with its own portal (see global-setup.ts), so they share no state;
 * E2E_WORKERS=1 runs one. Two became the default after two green whole runs on the idle machine
 * (1 417 s and 1 386 s against 1 822 s with one; docs/decisions/0063). On a machine already loaded
 * by other work (load 17 and more) journeys' waits have timed out with two: use one there.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? '2') || 1);

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
 * remotes.json): with more than one worker, alone, after every other journey, so that no other
 * worker starts a portal or reads the contracts meanwhile. standalone-remote only reads the tree
 * (it packs the shared packages into a folder outside it, and checks that the shell's files and
 * remotes.json are unchanged): no other journey changes those, so it runs beside them, never beside
 * created-remote.
 */
const CHANGES_THE_TREE = ['created-remote.spec.ts'];

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
    // A failing journey keeps its trace: its actions with their arguments, errors and timings, the
    // console, the sources. Left out: the filmstrip (Chromium encoded a frame at every repaint) and,
    // unless E2E_TRACE_SNAPSHOTS=1, the DOM snapshots taken before and after every action with the
    // network log that serves them: both were made for every journey, passing ones included, for a
    // trace kept only on a failure, and each action waits for its snapshots (docs/decisions/0078).
    // The screenshot above stays.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: TRACE_SNAPSHOTS },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});
