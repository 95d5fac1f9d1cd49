import type { FullConfig } from '@playwright/test';
import { buildDeploy, databaseTemplate, releaseTemplate, startPortal } from './support/portal-process';

/**
 * One portal per worker for the whole run, started side by side: tests find theirs through
 * PORTAL_URL and PORTAL_LOG, which playwright.config.ts picks in each worker from PORTAL_URLS and
 * PORTAL_LOGS by the worker's slot. A portal's database, release store, canaries and freezes are
 * then its worker's alone, so files running at the same time never see each other's changes.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const count = Math.max(1, config.workers);
  const began = Date.now();
  // The server and the release CLI compiled once (when the build stage has not already).
  console.log(`[e2e] portal server and release CLI compiled in ${(await buildDeploy()).toFixed(1)}s`);
  // The built remotes released once for the run; every fresh portal copies that store.
  const template = await releaseTemplate();
  process.env.E2E_RELEASE_TEMPLATE = template.store;
  console.log(`[e2e] built remotes released in ${((Date.now() - began) / 1000).toFixed(1)}s`);
  // The database migrated and seeded once for the run; every fresh portal copies it.
  let database: Awaited<ReturnType<typeof databaseTemplate>>;
  try {
    database = await databaseTemplate();
  } catch (err) {
    await template.remove();
    throw err;
  }
  process.env.E2E_DB_TEMPLATE = database.dir;
  console.log(`[e2e] database template made in ${((Date.now() - began) / 1000).toFixed(1)}s`);
  const settled = await Promise.allSettled(Array.from({ length: count }, () => startPortal()));
  const portals = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(portals.map((p) => p.stop()));
    await Promise.all([template.remove(), database.remove()]);
    throw failed.reason;
  }
  console.log(`[e2e] ${count} portal(s) started in ${((Date.now() - began) / 1000).toFixed(1)}s`);
  process.env.PORTAL_URLS = JSON.stringify(portals.map((p) => p.url));
  process.env.PORTAL_LOGS = JSON.stringify(portals.map((p) => p.logFile));
  process.env.PORTAL_URL = portals[0]!.url;
  process.env.PORTAL_LOG = portals[0]!.logFile;
  return async () => {
    await Promise.all(portals.map((p) => p.stop()));
    await Promise.all([template.remove(), database.remove()]);
  };
}
