import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { users } from './db/schema';
import type { Logger } from './lib/logger';
import { hashPassword } from './lib/passwords';
import { newPassword } from './lib/tokens';

/** Used when SUPERADMIN_EMAIL is not set. */
export const DEFAULT_SUPERADMIN_EMAIL = 'superadmin@portal.local';
const DEFAULT_SUPERADMIN_NAME = 'Super Admin';
const SEED_LOCK = 52_600_002;

export interface SeedResult {
  /** True only on the start that created the first super admin. */
  created: boolean;
  email?: string;
  /** Set when the password was generated (it was printed once, never stored in clear). */
  generatedPassword?: string;
}

/**
 * Creates the first super admin when there is none. Runs under an advisory lock so two instances
 * starting together create one account, and prints a generated password exactly once.
 */
export async function seedSuperAdmin(
  db: Db,
  options: {
    email: string | undefined;
    password: string | undefined;
    /** `password` already hashed (the tests seed the same account before each test and hash it once). */
    passwordHash?: string | undefined;
    log: Logger;
  },
): Promise<SeedResult> {
  const email = (options.email ?? DEFAULT_SUPERADMIN_EMAIL).toLowerCase();
  const password = options.password ?? newPassword();
  // Hash before taking the lock: the transaction stays short.
  const passwordHash = options.password !== undefined && options.passwordHash ? options.passwordHash : await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'SuperAdmin')).limit(1);
    if (existing.length > 0) return { created: false } satisfies SeedResult;
    const taken = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    if (taken.length > 0) {
      options.log.error({ email }, 'cannot create the first super admin: the email belongs to another account (set SUPERADMIN_EMAIL)');
      return { created: false } satisfies SeedResult;
    }
    await tx.insert(users).values({ email, passwordHash, name: DEFAULT_SUPERADMIN_NAME, role: 'SuperAdmin' });
    return { created: true, email } satisfies SeedResult;
  });
  if (!result.created) return result;
  if (options.password) {
    options.log.info({ email }, 'first super admin created from SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD');
    return result;
  }
  // The only time this password is ever shown: it is stored as an argon2id hash.
  options.log.warn(
    { email },
    `first super admin created. Email: ${email}  Password: ${password}  (shown once; change it after signing in)`,
  );
  return { ...result, generatedPassword: password };
}
