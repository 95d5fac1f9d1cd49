import { REMOTE_IDS, type RemoteId, type ResolvedRemote } from '@portal/shared-contracts';

/**
 * Local development of one remote against a deployed portal (DESIGN.md section 3):
 * `https://portal.example/?override=mfe-employees=http://localhost:3003` (repeatable) points that
 * remote at a dev server, kept in localStorage until `?override-reset` or the banner's Reset.
 * Only loopback origins and the deployment's `overrideOrigins` are accepted, so a crafted link
 * cannot make a user's portal run code from an arbitrary host.
 */
const OVERRIDES_KEY = 'portal.remoteOverrides';

export type Overrides = Partial<Record<RemoteId, string>>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

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

export function isAllowedOverride(entry: string, allowedOrigins: readonly string[]): boolean {
  const url = httpUrl(entry);
  if (!url) return false;
  if (LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost')) return true;
  return allowedOrigins.some((o) => {
    try {
      return new URL(o).origin === url.origin;
    } catch {
      return false;
    }
  });
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
  allowedOrigins: readonly string[],
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
    if (!isAllowedOverride(entry, allowedOrigins)) {
      warnings.push(`Override of ${id} to ${entry} refused: only loopback origins and the deployment's overrideOrigins are allowed.`);
      refused.push({ remote: id, entry });
      continue;
    }
    out[id] = { remote: id, version: 'override', entry, reason: 'override', note: `overridden to ${entry}` };
    applied.push(id);
  }
  return { resolved: out, applied, refused, warnings };
}
