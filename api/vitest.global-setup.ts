import type { TestProject } from 'vitest/node';
import { ensurePgTemplate, ensurePgliteTemplate } from './src/db/template';
import { loadApiConfig } from './src/env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template this run's global setup wrote ('' on a PostgreSQL server). */
    pgliteTemplate: string;
    /** The template database this run's global setup made on the PostgreSQL server ('' on PGlite). */
    pgTemplate: string;
  }
}

/**
 * Builds the migrated template once per run: a PGlite dump, or a database on the PostgreSQL server
 * that each file copies (`createTestApp`).
 */
export default async function setup(project: TestProject) {
  const { databaseUrl } = loadApiConfig();
  project.provide('pgliteTemplate', databaseUrl ? '' : await ensurePgliteTemplate());
  project.provide('pgTemplate', databaseUrl ? await ensurePgTemplate(databaseUrl) : '');
}
