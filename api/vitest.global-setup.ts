import { ensurePgliteTemplate } from './src/db/template';
import { loadApiConfig } from './src/env';

/** Builds the migrated PGlite template once per run (not needed on a PostgreSQL server). */
export default async function setup() {
  if (!loadApiConfig().databaseUrl) await ensurePgliteTemplate();
}
