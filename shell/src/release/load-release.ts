import { releaseManifestSchema, type ReleaseManifest } from '@portal/shared-contracts/release';

/**
 * /release.json, never from a cache (a stale manifest is how users end up on old remote code).
 * A missing or broken manifest does not blank the page: every remote slot then says unavailable.
 */
export async function loadReleaseManifest(fetchFn: typeof fetch = fetch, attempts = 2): Promise<ReleaseManifest | null> {
  for (let i = 1; i <= attempts; i++) {
    try {
      const res = await fetchFn('/release.json', { cache: 'no-store', credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const parsed = releaseManifestSchema.safeParse(await res.json());
      if (!parsed.success) {
        console.error('release.json does not match its schema; no remote will load', parsed.error.issues);
        return null;
      }
      return parsed.data;
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
