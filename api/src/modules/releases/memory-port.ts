import { CONTRACTS_VERSION, REMOTE_IDS, type ConsolePreview, type ReleaseHistoryEntry, type ReleaseManifest, type RemoteId } from '@portal/shared-contracts';
import { FREEZE_MESSAGES, freezeInForce } from '@portal/shared-contracts/release-freeze';
import { PREVIEW_MESSAGES } from '@portal/shared-contracts/release-preview';
import { canaryAlreadyOff, canaryIsOff, offCanaryPromotion } from '@portal/shared-contracts/release-state';
import { ReleaseRefused, type ReleaseConsolePort } from './port';

/**
 * A release store in memory for the api's own tests (the authorization matrix, the console's
 * answers): every remote released at 1.0.0 with 1.1.0 published. The real one is the portal
 * server's (`deploy/src/release/console.ts`), tested there against a store on disk.
 */
export function memoryReleaseConsole(): ReleaseConsolePort & { manifest: ReleaseManifest; history: ReleaseHistoryEntry[] } {
  const at = new Date().toISOString();
  const build = (remote: RemoteId, version: string) => ({ version, entry: `/remotes/${remote}/${version}/mf-manifest.json`, contractsVersion: CONTRACTS_VERSION });
  const manifest: ReleaseManifest = {
    schemaVersion: 1,
    shell: { version: '1.0.0', contractsVersion: CONTRACTS_VERSION },
    overrideOrigins: [],
    remotes: Object.fromEntries(REMOTE_IDS.map((r) => [r, { stable: build(r, '1.0.0'), canary: null, previous: [], updatedAt: at }])),
  };
  const history: ReleaseHistoryEntry[] = [];
  const published = ['1.0.0', '1.1.0'];
  const record = (e: Omit<ReleaseHistoryEntry, 'at' | 'note'>) => history.push({ at: new Date().toISOString(), note: null, ...e });
  // The real port signs each link (deploy/src/release/preview.ts); here a link only has to name its preview.
  let previews: ConsolePreview[] = [];
  let nextPreview = 0;
  const remoteOf = (remote: RemoteId) => manifest.remotes[remote]!;
  // The refusals are the sentences of deploy's actions (release/actions.ts), which the real port answers.
  const requirePublished = (remote: RemoteId, version: string) => {
    if (!published.includes(version)) throw new ReleaseRefused(`${remote} ${version} is not in the store (published: ${published.join(', ')})`);
  };
  return {
    manifest,
    history,
    readManifest: async () => manifest,
    readHistory: async () => [...history],
    listVersions: async () => [...published],
    async canary(remote, version, percent, companies, actor) {
      const r = remoteOf(remote);
      requirePublished(remote, version);
      if (r.stable.version === version) throw new ReleaseRefused(`${remote} ${version} is already the stable version`);
      r.canary = { ...build(remote, version), percent, companies };
      r.updatedAt = new Date().toISOString();
      record({ action: 'canary', remote, version, from: r.stable.version, by: actor });
    },
    async promote(remote, version, actor) {
      const r = remoteOf(remote);
      const target = version ?? r.canary?.version;
      if (!target) throw new ReleaseRefused(`${remote} has no canary to promote; name a version: pnpm release promote ${remote} <version>`);
      // Named or not, an aborted (share 0) canary gets a share again before it goes to everyone.
      if (r.canary?.version === target && canaryIsOff(r.canary)) throw new ReleaseRefused(offCanaryPromotion(remote, target));
      if (r.stable.version === target) throw new ReleaseRefused(`${remote} ${target} is already the stable version`);
      requirePublished(remote, target);
      const from = r.stable.version;
      manifest.remotes[remote] = {
        stable: build(remote, target),
        // Another version's canary carries on beside the new stable.
        canary: r.canary && r.canary.version !== target ? r.canary : null,
        previous: [r.stable, ...r.previous.filter((p) => p.version !== target && p.version !== from)],
        updatedAt: new Date().toISOString(),
      };
      record({ action: 'promote', remote, version: target, from, by: actor });
    },
    async rollback(remote, actor) {
      const r = remoteOf(remote);
      const [to, ...rest] = r.previous;
      if (!to) throw new ReleaseRefused(`${remote} has no earlier stable version to roll back to`);
      manifest.remotes[remote] = { stable: to, canary: null, previous: rest, updatedAt: new Date().toISOString() };
      record({ action: 'rollback', remote, version: to.version, from: r.stable.version, by: actor });
    },
    async abort(remote, actor) {
      const r = remoteOf(remote);
      if (!r.canary) throw new ReleaseRefused(`${remote} has no canary`);
      if (canaryIsOff(r.canary)) throw new ReleaseRefused(canaryAlreadyOff(remote, r.canary.version));
      // The version stays beside stable at share 0 for nobody, as the real store leaves it.
      r.canary = { ...r.canary, percent: 0, companies: [] };
      r.updatedAt = new Date().toISOString();
      record({ action: 'abort-canary', remote, version: r.stable.version, from: r.canary.version, by: actor });
    },
    async freeze(companyId, until, actor) {
      const kept = (manifest.freezes ?? []).filter((f) => freezeInForce(f));
      const existing = kept.find((f) => f.companyId === companyId);
      const end = new Date(until).toISOString();
      const held = existing?.remotes ?? structuredClone(manifest.remotes);
      manifest.freezes = [...kept.filter((f) => f !== existing), { companyId, since: existing?.since ?? new Date().toISOString(), until: end, remotes: held }];
      record({ action: 'freeze', remote: '*', version: companyId, from: existing?.until ?? null, by: actor });
    },
    async unfreeze(companyId, actor) {
      const found = (manifest.freezes ?? []).find((f) => f.companyId === companyId && freezeInForce(f));
      if (!found) throw new ReleaseRefused(FREEZE_MESSAGES.notFrozen(companyId));
      manifest.freezes = (manifest.freezes ?? []).filter((f) => f !== found);
      record({ action: 'unfreeze', remote: '*', version: companyId, from: found.until, by: actor });
    },
    listPreviews: async () => previews.filter((p) => Date.parse(p.until) > Date.now()),
    async createPreview(remote, version, expiresMs, actor) {
      if (!published.includes(version)) throw new ReleaseRefused(PREVIEW_MESSAGES.notPublished(remote, version));
      const id = (++nextPreview).toString(16).padStart(16, '0');
      const now = new Date();
      const until = new Date(now.getTime() + expiresMs).toISOString();
      const made: ConsolePreview = { id, remote, version, until, createdAt: now.toISOString(), by: actor, link: `http://portal.test/?preview=memory-${id}` };
      previews.push(made);
      record({ action: 'preview', remote, version, from: null, by: actor });
      return made;
    },
    async revokePreview(id, actor) {
      const found = previews.find((p) => p.id === id && Date.parse(p.until) > Date.now());
      if (!found) throw new ReleaseRefused(PREVIEW_MESSAGES.notFound(id));
      previews = previews.filter((p) => p !== found);
      record({ action: 'revoke-preview', remote: found.remote, version: found.version, from: null, by: actor });
    },
  };
}
