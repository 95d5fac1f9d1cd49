import { sql } from 'drizzle-orm';
import { REMOTE_IDS, type ReleaseManifest } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';

/** A version release.json names, and as what. */
export interface PublishedVersion {
  remote: string;
  version: string;
  role: 'stable' | 'canary' | 'previous';
}

/**
 * The versions a manifest names: each remote's stable, its canary (an aborted one too: pages opened
 * before the abort still run it) and its rollback list, at most 12 a remote. Published versions all
 * (the release actions name only versions in the store); a version named twice counts as the first
 * of stable, canary, previous.
 */
export function publishedVersionsOf(manifest: ReleaseManifest | null): PublishedVersion[] {
  const out = new Map<string, PublishedVersion>();
  const add = (remote: string, version: string, role: PublishedVersion['role']) => {
    const key = `${remote}\u0000${version}`;
    if (!out.has(key)) out.set(key, { remote, version, role });
  };
  for (const remote of REMOTE_IDS) {
    const r = manifest?.remotes[remote];
    if (!r) continue;
    add(remote, r.stable.version, 'stable');
    if (r.canary) add(remote, r.canary.version, 'canary');
    for (const p of r.previous) add(remote, p.version, 'previous');
  }
  // A frozen company's users run the releases the freeze holds (docs/decisions/0042): their figures count too.
  for (const f of manifest?.freezes ?? []) {
    for (const remote of REMOTE_IDS) {
      const r = f.remotes[remote];
      if (!r) continue;
      add(remote, r.stable.version, 'stable');
      if (r.canary) add(remote, r.canary.version, 'canary');
    }
  }
  return [...out.values()];
}

/**
 * Makes `versions` the set whose telemetry is stored (docs/decisions/0029), in one statement: the
 * others stop being counted from now on (their figures so far stay). Idempotent, so every process
 * that owns the store may run it whenever it reads release.json.
 */
export async function recordPublishedVersions(db: Db, versions: readonly PublishedVersion[]): Promise<void> {
  try {
    await recordNow(db, versions);
  } finally {
    // This process counts the new set from its next batch on.
    known.delete(db);
  }
}

async function recordNow(db: Db, versions: readonly PublishedVersion[]): Promise<void> {
  await db.execute(sql`
    with wanted as (
      select w.remote, w.version, w.role from json_to_recordset(${JSON.stringify(versions)}::json) as w(remote text, version text, role text)
    ), gone as (
      delete from release_versions r where not exists (select 1 from wanted w where w.remote = r.remote and w.version = r.version) returning 1
    )
    insert into release_versions (remote, version, role)
    select w.remote, w.version, w.role from wanted w order by w.remote, w.version
    on conflict (remote, version) do update set role = excluded.role where release_versions.role <> excluded.role`);
}

/** How long a process takes the versions it read as current before it reads them again. */
export const PUBLISHED_READ_EVERY_MS = 2_000;
const known = new WeakMap<Db, { at: number; versions: Promise<Set<string>> }>();

/** Forgets the versions this process read (tests that empty the tables). */
export function forgetPublishedVersions(db: Db): void {
  known.delete(db);
}

/**
 * The versions whose telemetry is stored, as `remote\u0000version`, read at most every 2 s (at once
 * after this process recorded them): a batch naming none of them is answered without another
 * statement. The statement that counts a batch joins the table itself, so a stale read only ever
 * leaves a batch out, for at most those 2 s on an instance that did not record the change.
 */
export async function publishedSet(db: Db, now = Date.now()): Promise<Set<string>> {
  const found = known.get(db);
  if (found && now - found.at < PUBLISHED_READ_EVERY_MS) return found.versions;
  const versions = rows<{ remote: string; version: string }>(db, sql`select remote, version from release_versions`).then(
    (r) => new Set(r.map((v) => `${v.remote}\u0000${v.version}`)),
  );
  known.set(db, { at: now, versions });
  versions.catch(() => known.delete(db));
  return versions;
}
