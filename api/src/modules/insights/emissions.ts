import { eq, sql } from 'drizzle-orm';
import { MESSAGES, type EmissionFactor, type EmissionSettings } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { rows } from '../../db/sql';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../lib/sessions';
import { recordCompanyAudit } from '../../lib/audit';
import { scopeOf } from '../../lib/tenancy';
import { factorsJsonSql, toFactors, type FactorRow } from '../../lib/emission-factors';

/**
 * A company's emission settings: whether its CO2 figures include well-to-tank, with the factors in
 * force (lib/emission-factors.ts).
 */

/** Every kind's factor in force for `month` (`YYYY-MM-01`), direct first. */
async function factorsFor(db: Db, month: string): Promise<EmissionFactor[]> {
  const [r] = await rows<{ factors: FactorRow[] | string }>(db, sql`select ${factorsJsonSql(sql`${month}::date`)} as factors`);
  return toFactors(r!.factors);
}

/** A company the caller may see: their own, or any for a super admin; else "not found". */
async function companySetting(db: Db, auth: AuthUser, companyId: string): Promise<boolean> {
  const scope = scopeOf(auth);
  if (!isUuid(companyId) || (scope !== null && scope !== companyId.toLowerCase())) throw notFound(MESSAGES.company.notFound);
  const [c] = await db.select({ includeWellToTank: companies.includeWellToTank }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound(MESSAGES.company.notFound);
  return c.includeWellToTank;
}

export async function getEmissionSettings(db: Db, auth: AuthUser, companyId: string, month: string): Promise<EmissionSettings> {
  const includeWellToTank = await companySetting(db, auth, companyId);
  return { includeWellToTank, factors: await factorsFor(db, month) };
}

export async function setEmissionSettings(db: Db, auth: AuthUser, companyId: string, includeWellToTank: boolean, month: string): Promise<EmissionSettings> {
  const before = await companySetting(db, auth, companyId);
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ includeWellToTank, updatedAt: sql`now()` }).where(eq(companies.id, companyId));
    if (before !== includeWellToTank) {
      await recordCompanyAudit(tx, auth, 'company.emissionSettingChanged', companyId, { detail: MESSAGES.audit.wellToTank(includeWellToTank) });
    }
  });
  return { includeWellToTank, factors: await factorsFor(db, month) };
}
