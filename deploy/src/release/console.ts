import type { ReleaseConsolePort } from '@portal/api';
import { abortCanary, canary, freeze, promote, rollback, unfreeze } from './actions';
import { createPreview, linkOf, previewsWithMakers, revokePreview } from './preview';
import { ReleaseStoreError, type ReleaseStore } from './store';

/**
 * The release console's port (docs/decisions/0020-release-console.md): the release CLI's own
 * actions on the store this portal serves release.json from, so a change made in the console is
 * what `pnpm release status` reads next, and a CLI change is what the console reads next. A
 * ReleaseStoreError (the state refuses, or another release won the write) becomes the api's
 * refusal, answered 409 with the same sentence the CLI prints.
 */
export function releaseConsolePort(
  store: ReleaseStore,
  storeUrl: string | null,
  refused: (message: string) => Error,
  /** After a change: the portal takes the history into the audit log at once rather than within the minute. */
  changed: () => Promise<void> = async () => {},
  /** Where preview links point and the key they are signed with (docs/decisions/0046). */
  preview: { secret: () => Promise<string>; publicUrl: string } | null = null,
): ReleaseConsolePort {
  const previewing = () => {
    if (!preview) throw refused('preview links are not set up on this server');
    return preview;
  };
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err) {
      if (err instanceof ReleaseStoreError) throw refused(err.message);
      throw err;
    }
    await changed();
  };
  return {
    readManifest: () => store.readManifest(),
    readHistory: async () => (await store.readHistory()).map((e) => ({ ...e, from: e.from ?? null, by: e.by ?? null, note: e.note ?? null })),
    listVersions: (remote) => store.listVersions(remote),
    canary: (remote, version, percent, companies, actor) => run(() => canary(store, remote, version, percent, companies, { actor, storeUrl })),
    promote: (remote, version, actor) => run(() => promote(store, remote, version, { actor, storeUrl })),
    rollback: (remote, actor) => run(() => rollback(store, remote, { actor, storeUrl })),
    abort: (remote, actor) => run(() => abortCanary(store, remote, { actor, storeUrl })),
    freeze: (companyId, until, actor) => run(() => freeze(store, companyId, until, { actor })),
    unfreeze: (companyId, actor) => run(() => unfreeze(store, companyId, { actor })),
    async listPreviews() {
      const p = previewing();
      const listed = await previewsWithMakers(store);
      if (listed.length === 0) return [];
      const secret = await p.secret();
      return listed.map((l) => ({ ...l, by: l.by ?? null, link: linkOf(secret, p.publicUrl, l) }));
    },
    async createPreview(remote, version, expiresMs, actor) {
      const p = previewing();
      let made: Awaited<ReturnType<typeof createPreview>> | null = null;
      await run(async () => {
        made = await createPreview(store, remote, version, expiresMs, { actor, secret: await p.secret(), publicUrl: p.publicUrl, storeUrl });
      });
      const { preview: listed, link } = made!;
      return { ...listed, by: listed.by ?? null, link };
    },
    revokePreview: (id, actor) => run(() => revokePreview(store, id, { actor })),
  };
}
