import { readReleaseManifest } from '@portal/shared-contracts/release-manifest';
import type { ReleaseManifest } from '@portal/shared-contracts/release';

/**
 * /release.json, never from a cache (a stale manifest is how users end up on old remote code).
 * A missing or broken manifest does not blank the page: every remote slot then says unavailable.
 * Read without zod (it is on every page's path, the login page's included); the schema, with zod, is
 * fetched only to say what is wrong with a manifest that does not read.
 */
export async function loadReleaseManifest(fetchFn: typeof fetch = fetch, attempts = 2): Promise<ReleaseManifest | null> {
  for (let i = 1; i <= attempts; i++) {
    try {
      const res = await fetchFn('/release.json', { cache: 'no-store', credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const json: unknown = await res.json();
      const manifest = readReleaseManifest(json);
      if (!manifest) {
        const { releaseManifestSchema } = await import('@portal/shared-contracts/release');
        console.error('release.json does not match its schema; no remote will load', releaseManifestSchema.safeParse(json).error?.issues);
        return null;
      }
      return manifest;
    } catch (error) {
      if (i === attempts) {
        console.error('release.json could not be loaded; no remote will load', error);
        return null;
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return null;
}
