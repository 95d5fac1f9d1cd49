import { CONTRACTS_VERSION, REMOTE_IDS, type ReleaseHistoryEntry, type ReleaseManifest, type RemoteId } from '@portal/shared-contracts';
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
  const remoteOf = (remote: RemoteId) => manifest.remotes[remote]!;
  return {
    manifest,
    history,
    readManifest: async () => manifest,
    readHistory: async () => [...history],
    listVersions: async () => [...published],
    async canary(remote, version, percent, companies, actor) {
      if (!published.includes(version)) throw new ReleaseRefused(`${remote} ${version} is not in the store`);
      const r = remoteOf(remote);
      if (r.stable.version === version) throw new ReleaseRefused(`${remote} ${version} is already the stable version`);
      r.canary = { ...build(remote, version), percent, companies };
      record({ action: 'canary', remote, version, from: r.stable.version, by: actor });
    },
    async promote(remote, version, actor) {
      const r = remoteOf(remote);
      const target = version ?? r.canary?.version;
      if (!target) throw new ReleaseRefused(`${remote} has no canary to promote`);
      if (!published.includes(target)) throw new ReleaseRefused(`${remote} ${target} is not in the store`);
      if (r.stable.version === target) throw new ReleaseRefused(`${remote} ${target} is already the stable version`);
      const from = r.stable.version;
      manifest.remotes[remote] = { stable: build(remote, target), canary: null, previous: [r.stable, ...r.previous], updatedAt: new Date().toISOString() };
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
      const from = r.canary.version;
      r.canary = null;
      record({ action: 'abort-canary', remote, version: r.stable.version, from, by: actor });
    },
  };
}
