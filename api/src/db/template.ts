import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { PGLITE_EXTENSIONS, TEMPLATE_START_PARAMS, templateDump } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';

/**
 * Creating a PGlite database runs initdb in WebAssembly (several seconds on a busy machine);
 * loading a dump of an already migrated one takes a fraction of that. Tests start every file's
 * database from such a dump, keyed by the migrations so a new migration makes a new template.
 */
export async function pgliteTemplatePath(): Promise<string> {
  // The dump format belongs to the PGlite build: a new version makes a new template too.
  return path.join(os.tmpdir(), `portal-api-pglite-${await migrationsHash(await pgliteVersion())}.tar`);
}

/** 16 hex digits of a hash of `salt` and every file of the committed migrations (names and contents). */
export async function migrationsHash(salt = ''): Promise<string> {
  const hash = createHash('sha256').update(salt);
  const files = (await fs.readdir(MIGRATIONS_FOLDER, { recursive: true })).map(String).sort();
  for (const f of files) {
    const full = path.join(MIGRATIONS_FOLDER, f);
    if ((await fs.stat(full)).isFile()) hash.update(f).update(await fs.readFile(full));
  }
  return hash.digest('hex').slice(0, 16);
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

/**
 * Makes `folder` the embedded database a first start would leave, migrated and empty, from the
 * template: for tests of what embeds the api (the portal server), which open a data folder of their
 * own. Loading the dump takes a fraction of creating a database and running every migration.
 */
export async function pgliteFolderFromTemplate(folder: string): Promise<void> {
  // The dump's bytes read once a process, and 16 MB of shared buffers for this session, which only
  // writes the files: the buffers are a start parameter, not written to the folder, so the api that
  // opens it later has initdb's 128 MB as after a first start.
  const dump = await templateDump(await ensurePgliteTemplate());
  const client = await PGlite.create(folder, { loadDataDir: dump, extensions: PGLITE_EXTENSIONS, startParams: TEMPLATE_START_PARAMS });
  await client.close();
}

/**
 * On a PostgreSQL server, the same idea: one database migrated once and copied by each test file
 * (`create database … template`, a copy of its files) instead of some 45 migrations per file. Its
 * name hashes the migrations, so a new migration makes a new template; it is kept on the server, as
 * the PGlite dump is kept in the temporary folder (the suite's own server is removed after the run).
 */
export async function pgTemplateName(): Promise<string> {
  return `portal_tpl_${await migrationsHash('postgres')}`;
}

/** The server URL with another database name. */
export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates the template database on the server of `serverUrl` if it is not there yet, and answers its
 * name. It is migrated under another name and renamed when complete, so a file never copies half a
 * template and concurrent callers need no lock: the one whose rename loses drops its copy. Nothing
 * stays connected to it (a database being copied must have no other session).
 */
export async function ensurePgTemplate(serverUrl: string): Promise<string> {
  const name = await pgTemplateName();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const found = await admin`select 1 from pg_database where datname = ${name}`;
    if (found.length > 0) return name;
    const building = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin.unsafe(`create database "${building}"`);
    try {
      await migrateDatabase({ kind: 'postgres', url: withDatabase(serverUrl, building) });
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
    } catch (err) {
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
      // Another run or worker made it meanwhile: theirs is as good.
      if ((err as { code?: string }).code === '42P04') return name;
      throw err;
    }
    return name;
  } finally {
    await admin.end();
  }
}
