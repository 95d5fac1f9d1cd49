import { expect, inject, it } from 'vitest';
import { describeEmbeddedOnly } from '../test/embedded-only';
import { pgliteTemplatePath } from './template';

describeEmbeddedOnly('the PGlite template of the test databases', () => {
  it('is the file the global setup wrote, found by the test files', async () => {
    // The global setup runs where `import.meta.resolve` does not: a path made from it named
    // another file, and every test file built its database from nothing.
    expect(inject('pgliteTemplate')).toBe(await pgliteTemplatePath());
  });
});
