import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

/**
 * Creating a PGlite database runs initdb in WebAssembly (several seconds on a busy machine);
 * loading a dump of an already migrated one takes a fraction of that. Tests start every file's
 * database from such a dump, keyed by the migrations so a new migration makes a new template.
 */
export async function pgliteTemplatePath(): Promise<string> {
  // The dump format belongs to the PGlite build: a new version makes a new template too.
  const hash = createHash('sha256').update(await pgliteVersion());
  const files = (await fs.readdir(MIGRATIONS_FOLDER, { recursive: true })).map(String).sort();
  for (const f of files) {
    const full = path.join(MIGRATIONS_FOLDER, f);
    if ((await fs.stat(full)).isFile()) hash.update(f).update(await fs.readFile(full));
  }
  return path.join(os.tmpdir(), `portal-api-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * Found through `require.resolve`, not `import.meta.resolve`: vitest's global setup (which writes
 * the template) cannot run `import.meta.resolve` while its test files (which read it) can, so the two
 * named different files and no test file ever found the template.
 */
async function pgliteVersion(): Promise<string> {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    let dir = path.dirname(entry);
    while (dir !== path.dirname(dir)) {
      const pkg = path.join(dir, 'package.json');
      const text = await fs.readFile(pkg, 'utf8').catch(() => '');
      if (text.includes('"@electric-sql/pglite"')) return (JSON.parse(text) as { version: string }).version;
      dir = path.dirname(dir);
    }
  } catch {
    // fall through
  }
  return 'unknown';
}

/** Writes the template if it is not there yet (atomically: concurrent runs never read half a file). */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = await pgliteTemplatePath();
  try {
    await fs.access(file);
    return file;
  } catch {
    // not built yet
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrateDatabase({ kind: 'pglite', client });
    const dump = await client.dumpDataDir('none');
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(tmp, file);
  } finally {
    await client.close();
  }
  return file;
}
