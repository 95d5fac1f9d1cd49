import { appProblem } from '@portal/shared-contracts/remote-app-check';
import { REMOTE_IDS, type RemoteId } from '@portal/shared-contracts/remotes';
import type { BuildRef, ReleaseManifest } from '@portal/shared-contracts/release';

// Fetched only when release.json names a remote this shell was not built with (docs/decisions/0050),
// so that the login page's start-up does not carry it.

const isBuiltIn = (id: string) => (REMOTE_IDS as readonly string[]).includes(id);

function problemOf(id: string, builds: readonly (BuildRef | null | undefined)[]): string | null {
  for (const b of builds) {
    if (!b) continue;
    const problem = b.app ? appProblem(id, b.app) : `${id}@${b.version} carries no descriptor`;
    if (problem) return problem;
  }
  return null;
}

/**
 * The manifest without the added remotes (and the preview of one) whose builds' descriptors are not
 * sound: every build that could be chosen (stable, canary, earlier stables, a freeze's copies) is
 * checked, so that whichever is chosen, and whichever it falls back to, can be shown.
 */
export function checkAddedRemotes(manifest: ReleaseManifest): { manifest: ReleaseManifest; warnings: string[] } {
  const warnings: string[] = [];
  const remotes = { ...manifest.remotes };
  for (const id of Object.keys(remotes) as RemoteId[]) {
    if (isBuiltIn(id)) continue;
    const held = (manifest.freezes ?? []).map((f) => f.remotes[id]);
    const builds = [remotes[id], ...held].flatMap((r) => (r ? [r.stable, r.canary, ...r.previous] : []));
    const problem = problemOf(id, builds);
    if (problem) {
      warnings.push(`${problem}: the remote is not shown.`);
      delete remotes[id];
    }
  }
  const out: ReleaseManifest = { ...manifest, remotes };
  const preview = manifest.preview;
  if (preview && !isBuiltIn(preview.remote)) {
    const problem = problemOf(preview.remote, [preview.build]);
    if (problem) {
      warnings.push(`preview ${preview.remote}@${preview.build.version}: ${problem}: not used.`);
      delete out.preview;
    }
  }
  return { manifest: out, warnings };
}
