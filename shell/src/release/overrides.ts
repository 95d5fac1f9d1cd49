import { REMOTE_IDS, type RemoteId } from '@portal/shared-contracts/remotes';
import type { ResolvedRemote } from '@portal/shared-contracts/release';
import { OVERRIDES_KEY } from './override-request';

/**
 * Local development of one remote against a deployed portal (DESIGN.md section 3):
 * `https://portal.example/?override=mfe-employees=http://localhost:3003` (repeatable) points that
 * remote at a dev server. A link is only a request: the override waits, pending, until the user
 * confirms it in the portal (anyone can send a link; only the user can agree to run its code), and
 * is then kept in localStorage until `?override-reset` or the banner's Reset. Only the sources the
 * deployment lists in release.json (its `overrideOrigins`: loopback where development overrides are
 * on, and its OVERRIDE_ORIGINS; the same list as its CSP) are accepted at all.
 * See docs/decisions/0016-development-overrides.md.
 */

export type Overrides = Partial<Record<RemoteId, string>>;

/** The value as an http(s) URL, or null for anything else. */
function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The manifest URL for an override value: a full URL, or an origin to which `/mf-manifest.json` is added. */
export function normaliseEntry(value: string): string | null {
  const url = httpUrl(value);
  if (!url) return null;
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/mf-manifest.json';
  return url.href;
}

const SOURCE = /^(https?):\/\/([^/:]+|\[[^\]]+\])(?::(\d+|\*))?\/?$/i;

/** True when the URL is from the source: an origin, or `scheme://host:*` for any port (as in a CSP). */
function fromSource(url: URL, source: string): boolean {
  const m = SOURCE.exec(source.trim());
  if (!m) return false;
  const [, scheme, host, port] = m;
  if (url.protocol !== `${scheme!.toLowerCase()}:` || url.hostname !== host!.toLowerCase()) return false;
  if (port === '*') return true;
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  return (url.port || defaultPort) === (port ?? defaultPort);
}

/** Whether the deployment accepts an override to this entry (its sources from release.json). */
export function isAllowedOverride(entry: string, sources: readonly string[]): boolean {
  const url = httpUrl(entry);
  return !!url && sources.some((source) => fromSource(url, source));
}

const isRemoteId = (v: string): v is RemoteId => (REMOTE_IDS as readonly string[]).includes(v);

/** Reads `override=<remote>=<url>` and `override-reset` from the page's query string. */
export function parseOverrideParams(search: string): { set: Overrides; reset: boolean; present: boolean } {
  const params = new URLSearchParams(search);
  const set: Overrides = {};
  for (const raw of params.getAll('override')) {
    const at = raw.indexOf('=');
    if (at < 1) continue;
    const id = raw.slice(0, at);
    const entry = normaliseEntry(raw.slice(at + 1));
    if (isRemoteId(id) && entry) set[id] = entry;
  }
  const reset = params.has('override-reset');
  return { set, reset, present: reset || params.has('override') };
}

export function readOverrides(storage: Storage): Overrides {
  try {
    const raw = JSON.parse(storage.getItem(OVERRIDES_KEY) ?? '{}') as Record<string, unknown>;
    const out: Overrides = {};
    for (const [k, v] of Object.entries(raw)) if (isRemoteId(k) && typeof v === 'string') out[k] = v;
    return out;
  } catch {
    return {};
  }
}

export function writeOverrides(storage: Storage, overrides: Overrides): void {
  try {
    if (Object.keys(overrides).length === 0) storage.removeItem(OVERRIDES_KEY);
    else storage.setItem(OVERRIDES_KEY, JSON.stringify(overrides));
  } catch {
    /* storage unavailable: overrides simply do not persist */
  }
}

/** The resolved versions with the allowed overrides applied; a refused one is reported and skipped. */
export function applyOverrides(
  resolved: Partial<Record<RemoteId, ResolvedRemote>>,
  overrides: Overrides,
  sources: readonly string[],
): {
  resolved: Partial<Record<RemoteId, ResolvedRemote>>;
  applied: RemoteId[];
  refused: { remote: RemoteId; entry: string }[];
  warnings: string[];
} {
  const out = { ...resolved };
  const applied: RemoteId[] = [];
  const refused: { remote: RemoteId; entry: string }[] = [];
  const warnings: string[] = [];
  for (const [id, entry] of Object.entries(overrides) as [RemoteId, string][]) {
    if (!isAllowedOverride(entry, sources)) {
      warnings.push(`Override of ${id} to ${entry} refused: this deployment accepts overrides only from ${sources.join(', ') || 'nowhere'}.`);
      refused.push({ remote: id, entry });
      continue;
    }
    out[id] = { remote: id, version: 'override', entry, reason: 'override', note: `overridden to ${entry}` };
    applied.push(id);
  }
  return { resolved: out, applied, refused, warnings };
}

/** The overrides a page starts with: those kept from earlier confirmations, and those a link asks for. */
export interface OverrideRequest {
  kept: Overrides;
  /** From this page's link, not applied until the user confirms them (`confirmOverrides`). */
  pending: Overrides;
  /** The link had override parameters (the shell then removes them from the address bar). */
  present: boolean;
}

/**
 * Reads the link's parameters against what this browser keeps: `override-reset` forgets the kept
 * overrides; `override=...` adds pending ones (an entry already kept is not asked about again).
 */
export function takeOverrideRequest(search: string, storage: Storage): OverrideRequest {
  const params = parseOverrideParams(search);
  if (params.reset) writeOverrides(storage, {});
  const kept = params.reset ? {} : readOverrides(storage);
  const pending: Overrides = {};
  for (const [id, entry] of Object.entries(params.set) as [RemoteId, string][]) if (kept[id] !== entry) pending[id] = entry;
  return { kept, pending, present: params.present };
}

/** The user said yes: the pending overrides join the kept ones (the next load applies them). */
export function confirmOverrides(storage: Storage, pending: Overrides): void {
  writeOverrides(storage, { ...readOverrides(storage), ...pending });
}
