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
 * Where a remote's development server may run when it is overridden into this portal (DESIGN.md
 * section 3): any port on loopback. Only a deployment with development overrides on allows these.
 */
export const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

/**
 * The sources a remote may be overridden from in this deployment: loopback when its development
 * overrides are on, and its OVERRIDE_ORIGINS. The CSP allows exactly these, and release.json hands
 * the same list to the shell, which accepts no other override (`*` stands for any port).
 */
export function overrideSources(o: { devOverrides: boolean; overrideOrigins: readonly string[] }): string[] {
  return [...(o.devOverrides ? LOOPBACK_SOURCES : []), ...o.overrideOrigins];
}

/**
 * The page may run script only from this origin, the release store and the override sources (with
 * their hot-update sockets), and the inline scripts whose hashes are given (the portal server's
 * preload script, `'sha256-...'`). Styles allow inline `<style>` because Radix's scroll lock
 * (react-remove-scroll) injects one while a dialog is open.
 */
export function contentSecurityPolicy(storeOrigin: string | null, overrides: readonly string[] = [], scriptHashes: readonly string[] = []): string {
  const store = storeOrigin ? ` ${storeOrigin}` : '';
  const hashes = scriptHashes.map((h) => ` ${h}`).join('');
  const dev = overrides.map((o) => ` ${o}`).join('');
  const devSockets = overrides.map((o) => ` ${o.replace(/^http/, 'ws')}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${hashes}${store}${dev}`,
    `style-src 'self' 'unsafe-inline'${store}${dev}`,
    `img-src 'self' data:${dev}`,
    `font-src 'self'${store}${dev}`,
    `connect-src 'self'${store}${dev}${devSockets}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(storeOrigin: string | null, https: boolean, overrides: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(storeOrigin, overrides),
    'x-content-type-options': 'nosniff',
    // The reset page carries its token in the URL: never leak it to another site.
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
