import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCS_PATH } from '../app';
import { useTestApp } from '../test/test-support';
import { CLIENT_SCHEMA_FILE, generateClientTypes } from '../../openapi-client/generate';

/** The first line where two texts part, for a message a person can act on. */
function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((line, n) => line !== y[n]);
  const at = i === -1 ? Math.min(x.length, y.length) : i;
  return `line ${at + 1}: committed ${JSON.stringify(x[at] ?? '(end)')}, served document gives ${JSON.stringify(y[at] ?? '(end)')}`;
}

describe('the generated client', () => {
  const t = useTestApp();

  it('is what the served document generates today: a contract change shows up as a diff of openapi-client/schema.ts', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
    try {
      const fresh = path.join(dir, 'schema.ts');
      await writeFile(fresh, await generateClientTypes(JSON.parse(res.body) as object));
      const [committed, generated] = await Promise.all([readFile(CLIENT_SCHEMA_FILE, 'utf8'), readFile(fresh, 'utf8')]);
      expect(
        committed === generated,
        `openapi-client/schema.ts differs from the served document (${firstDifference(committed, generated)}). ` +
          'Run `pnpm --filter @portal/api run openapi:client`, and review the diff: a removed or changed field breaks the mobile app.',
      ).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
