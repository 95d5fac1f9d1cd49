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
