/** Origin of a URL, or null when there is no separate one. */
export function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The page may run script only from this origin and the release store. Styles allow inline
 * `<style>` because Radix's scroll lock (react-remove-scroll) injects one while a dialog is open.
 */
export function contentSecurityPolicy(storeOrigin: string | null): string {
  const store = storeOrigin ? ` ${storeOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${store}`,
    `style-src 'self' 'unsafe-inline'${store}`,
    "img-src 'self' data:",
    `font-src 'self'${store}`,
    `connect-src 'self'${store}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(storeOrigin: string | null, https: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(storeOrigin),
    'x-content-type-options': 'nosniff',
    // The reset page carries its token in the URL: never leak it to another site.
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
