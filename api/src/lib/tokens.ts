import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session and reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: a leaked table does not hand out live sessions or reset links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A password for the generated first super admin: 24 URL-safe characters (~144 bits). */
export function newPassword(): string {
  return randomBytes(18).toString('base64url');
}
