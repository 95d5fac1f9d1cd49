import { ensurePgliteTemplate } from '@portal/api/db/template';

/**
 * The api's migrated PGlite template, written once before the files run (not by each of the files
 * that start the portal with the api embedded at the same time): see `embeddedDataDir`.
 */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
