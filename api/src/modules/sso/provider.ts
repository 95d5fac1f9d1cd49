import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import type { ApiConfig } from '../../env';
import { isLoopbackUrl } from '../../env';

/**
 * A company's OpenID provider as `openid-client` (v6, certified) uses it: its discovery document and
 * JWKS, kept for an hour per issuer and client so a sign-in does not fetch them again; the library
 * fetches the JWKS again itself when a token names a key it does not hold (a rotated key).
 */

export interface ProviderClient {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const KEEP_MS = 60 * 60 * 1000;
/** Seconds a discovery, JWKS or token request may take. */
const TIMEOUT_SECONDS = 5;

const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

function cacheKey(p: ProviderClient): string {
  return createHash('sha256').update(JSON.stringify([p.issuer, p.clientId, p.clientSecret])).digest('hex');
}

/**
 * Plain http is accepted only from a provider on this machine outside production: the tests' and the
 * demo's in-process provider. `openid-client` refuses it otherwise, as it should.
 */
export function insecureAllowed(config: Pick<ApiConfig, 'production'>, issuer: string): boolean {
  return !config.production && isLoopbackUrl(issuer);
}

/** An address a provider on the public internet does not have: loopback, private, link-local. */
function privateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  const kind = isIP(h);
  if (kind === 6) return true;
  if (kind !== 4) return false;
  const [a, b] = h.split('.').map(Number) as [number, number];
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}

/**
 * Whether the api may fetch this issuer at all: https (http only as `insecureAllowed` says); in
 * production neither loopback nor an address literal of a private network, so an employer cannot
 * point the server's requests at the machines around it by naming them.
 */
export function issuerAllowed(config: Pick<ApiConfig, 'production'>, issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return false;
  }
  if (url.protocol === 'http:') return insecureAllowed(config, issuer);
  if (url.protocol !== 'https:') return false;
  if (config.production && (isLoopbackUrl(issuer) || privateAddress(url.hostname))) return false;
  return true;
}

/** Discovery (and, later, the JWKS) of one provider and client; a failed discovery is not kept. */
export function providerConfig(config: Pick<ApiConfig, 'production'>, p: ProviderClient): Promise<oidc.Configuration> {
  const key = cacheKey(p);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.config;
  const loading = oidc.discovery(new URL(p.issuer), p.clientId, { client_secret: p.clientSecret }, oidc.ClientSecretBasic(p.clientSecret), {
    execute: [
      ...(insecureAllowed(config, p.issuer) ? [oidc.allowInsecureRequests] : []),
      // The ID token's signature is checked against the provider's JWKS too, not only its claims: by
      // default the library trusts a token endpoint's answer over TLS without (OIDC Core 3.1.3.7).
      oidc.enableNonRepudiationChecks,
    ],
    timeout: TIMEOUT_SECONDS,
  });
  cache.set(key, { at: Date.now(), config: loading });
  loading.catch(() => {
    if (cache.get(key)?.config === loading) cache.delete(key);
  });
  return loading;
}

/** Forgets a provider (its settings changed or were removed). */
export function forgetProvider(p: ProviderClient): void {
  cache.delete(cacheKey(p));
}

export { oidc };
