import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets kept in the database (a company's OpenID client secret, an ID token kept for logout) are
 * encrypted with AES-256-GCM under a key derived from SECRETS_KEY (HKDF-SHA-256), each with a fresh
 * 96-bit IV and bound to what it belongs to (`context`, e.g. the company id) as associated data: a
 * value copied to another row does not decrypt. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export interface Secrets {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';

export function createSecrets(keyMaterial: string): Secrets {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(keyMaterial, 'utf8'), Buffer.alloc(0), 'portal stored secrets v1', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key in force: SECRETS_KEY when set; for the embedded default (one process, PGlite in DATA_DIR)
 * a key generated once into `DATA_DIR/secrets.key` (mode 0600) and read back on later starts; with a
 * PostgreSQL server and no SECRETS_KEY, none (instances would not share a generated key), and single
 * sign-on says so when configured.
 */
export async function resolveSecretsKey(o: { secretsKey: string | undefined; databaseUrl: string | undefined; dataDir: string; pgliteDir: string }): Promise<string | undefined> {
  if (o.secretsKey) return o.secretsKey;
  if (o.databaseUrl || o.pgliteDir.startsWith('memory://')) return undefined;
  const file = path.join(o.dataDir, 'secrets.key');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(o.dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  // `wx`: a second process racing this one keeps the first key written.
  await fs.writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err;
  });
  return (await fs.readFile(file, 'utf8')).trim();
}
