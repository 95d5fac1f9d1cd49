import { describe, expect, inject, it } from 'vitest';
import { describeEmbeddedOnly } from '../test/embedded-only';
import { createTestApp } from '../test/testing';
import { applyMigrations } from './migrate';
import { pgTemplateName, pgliteTemplatePath } from './template';

describeEmbeddedOnly('the PGlite template of the test databases', () => {
  it('is the file the global setup wrote, found by the test files', async () => {
    // The global setup runs where `import.meta.resolve` does not: a path made from it named
    // another file, and every test file built its database from nothing.
    expect(inject('pgliteTemplate')).toBe(await pgliteTemplatePath());
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL template of the test databases', () => {
  it('is the database the global setup made, and a file copies it with every migration applied', async () => {
    expect(inject('pgTemplate')).toBe(await pgTemplateName());
    const t = await createTestApp();
    try {
      expect(await applyMigrations({ kind: 'postgres', url: t.ctx.config.databaseUrl! })).toEqual({ applied: 0 });
    } finally {
      await t.close();
    }
  });
});
