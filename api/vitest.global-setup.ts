import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate } from './src/db/template';
import { loadApiConfig } from './src/env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template this run's global setup wrote ('' on a PostgreSQL server). */
    pgliteTemplate: string;
  }
}

/** Builds the migrated PGlite template once per run (not needed on a PostgreSQL server). */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', loadApiConfig().databaseUrl ? '' : await ensurePgliteTemplate());
}
