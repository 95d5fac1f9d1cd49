import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DOCS_PATH } from '../app';
import { useTestApp } from '../test/test-support';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REDOCLY = path.join(API_DIR, 'node_modules', '.bin', 'redocly');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** Redocly's recommended lint of the served document, offline, with the exceptions api/.redocly.lint-ignore.yaml lists. */
async function lint(documentText: string): Promise<LintReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  try {
    await writeFile(path.join(dir, 'openapi.json'), documentText);
    await copyFile(path.join(API_DIR, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
    await copyFile(path.join(API_DIR, '.redocly.lint-ignore.yaml'), path.join(dir, '.redocly.lint-ignore.yaml'));
    const run = promisify(execFile);
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    // Redocly exits non-zero when it finds errors; the report on stdout says which.
    const out = await run(REDOCLY, ['lint', 'openapi.json', '--format=json'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024 }).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    return JSON.parse(out.stdout) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the OpenAPI document under Redocly recommended lint', () => {
  const t = useTestApp();

  it('has 0 errors and 0 warnings, the spec-caused ambiguous paths and the redirect-only callback listed as exceptions', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    expect(res.statusCode).toBe(200);
    const report = await lint(res.body);
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 15 });
  }, 60_000);
});
