import { startPortal } from './support/portal-process';

/** One portal for the whole run; tests find it through PORTAL_URL and PORTAL_LOG. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const portal = await startPortal();
  process.env.PORTAL_URL = portal.url;
  process.env.PORTAL_LOG = portal.logFile;
  return () => portal.stop();
}
