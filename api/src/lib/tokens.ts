import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens are stored as SHA-256: a leaked table does not hand out live sessions or reset links.
 * Hashed on every request (the session check), in one call: the same digest as a `createHash`
 * object fed the token in UTF-8, without making the object (0.3 against 3.0 µs a token, `bench/request-layers.ts`).
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A password for the generated first super admin: 24 URL-safe characters (~144 bits). */
export function newPassword(): string {
  return randomBytes(18).toString('base64url');
}
