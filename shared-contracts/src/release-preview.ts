/**
 * Preview links (docs/decisions/0046): the names the portal server, the release tool, the api and the
 * shell use alike. Plain constants, off the login page's path.
 */
import { RELEASE_PREVIEW_MESSAGES } from './messages/release-previews';

export const PREVIEW_MESSAGES = RELEASE_PREVIEW_MESSAGES.releasePreview;

/** The HttpOnly cookie that holds the signed link of the preview a browser is in. */
export const PREVIEW_COOKIE = 'portal_preview';
/** `/?preview=<signed link>`: the address a preview link opens. */
export const PREVIEW_PARAM = 'preview';
/** `/?preview-refused=<reason>`: where the portal sends a browser whose link or preview it refused. */
export const PREVIEW_REFUSED_PARAM = 'preview-refused';
/** Ends this browser's preview (clears the cookie) and goes back to the portal. */
export const PREVIEW_LEAVE_PATH = '/preview/leave';

/** How long a link may last; without `--expires`, DEFAULT_EXPIRES. */
export const PREVIEW_LIMITS = { maxDays: 30, defaultExpires: '7d', maxTokenLength: 600 } as const;

export const PREVIEW_REFUSALS = ['expired', 'revoked', 'invalid', 'unpublished'] as const;
export type PreviewRefusal = (typeof PREVIEW_REFUSALS)[number];

export const isPreviewRefusal = (v: unknown): v is PreviewRefusal => typeof v === 'string' && (PREVIEW_REFUSALS as readonly string[]).includes(v);

/** Preview ids: 16 lowercase hex characters (64 random bits). */
export const isPreviewId = (id: string): boolean => id.length === 16 && /^[0-9a-f]{16}$/.test(id);

/**
 * A link's life as the console and `--expires` give it: a whole number of minutes, hours or days
 * (30m, 24h, 7d), at most PREVIEW_LIMITS.maxDays days. Milliseconds, or null when not one.
 */
export function parsePreviewExpires(raw: string): number | null {
  const text = raw.trim();
  // Length before the pattern.
  if (text.length === 0 || text.length > 8) return null;
  const m = /^(\d{1,6})([mhd])$/i.exec(text);
  if (!m) return null;
  const ms = Number(m[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!.toLowerCase() as 'm' | 'h' | 'd'];
  return ms > 0 && ms <= PREVIEW_LIMITS.maxDays * 86_400_000 ? ms : null;
}
