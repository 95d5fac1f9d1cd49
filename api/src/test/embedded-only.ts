import { describe } from 'vitest';

/**
 * A suite that starts the api on the embedded database whatever the stage (DATABASE_URL ''): the
 * PGlite stage runs it, and the PostgreSQL stage skips it, where it would only run a second time, the same.
 */
export const describeEmbeddedOnly = describe.skipIf(Boolean(process.env.DATABASE_URL));
