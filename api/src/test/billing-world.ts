import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { locations } from '../db/schema';
import type { AuditActor } from '../lib/audit';
import type { Role } from '@portal/shared-contracts';
import { BILLING_PROVIDER } from '../modules/billing/provider';
import { enrol, startSubscription } from '../modules/billing/service';

/** Billing fixtures for the billing tests (imported only by `*.test.ts`). */

/** The company's free trial as if it had started at `at` (the scheme's trial length then). */
export async function trialFrom(db: Db, companyId: string, at: Date): Promise<void> {
  await db.transaction((tx) => enrol(tx, companyId, at));
}

/**
 * The company's subscription as if its employer had started it at `at` (a trial begun then, accepted
 * at once: its first invoice issued then).
 */
export async function enrolAt(db: Db, companyId: string, at: Date): Promise<void> {
  await trialFrom(db, companyId, at);
  const [owner] = await rows<{ id: string; name: string; email: string; role: string }>(
    db,
    sql`select id, name, email, role from users where company_id = ${companyId} and role in ('Employer', 'Admin') order by role desc, created_at limit 1`,
  );
  const actor: AuditActor = owner
    ? { userId: owner.id, name: owner.name, email: owner.email, role: owner.role as Role }
    : { userId: null as unknown as string, name: 'Test fixture', email: 'fixture@portal.test', role: 'Employer' };
  await startSubscription(db, actor, companyId, { paymentMethod: BILLING_PROVIDER.paymentMethods[0]!, acceptTerms: true }, at, BILLING_PROVIDER);
}

export async function addOffice(db: Db, companyId: string): Promise<void> {
  await db.insert(locations).values({ companyId, addressLine1: '12 Wellington Street', addressLine2: 'Floor 3', town: 'Leeds', postalCode: 'LS1 4DL' });
}

export interface InvoiceRow {
  number: string;
  year: number;
  seq: number;
  period_start: Date | string;
  issued_at: Date | string;
  amount_pence: number;
  vat_pence: number;
  status: string;
}

export async function invoicesOf(db: Db, companyId?: string): Promise<InvoiceRow[]> {
  return rows<InvoiceRow>(
    db,
    sql`select number, year, seq, period_start, issued_at, amount_pence, vat_pence, status from invoices
      ${companyId ? sql`where company_id = ${companyId}` : sql``} order by year, seq`,
  );
}

/**
 * The text a PDF shows, as a reader copying it out gets it: pdf.js (the engine of Firefox's viewer)
 * maps each drawn glyph back to its characters through the font's ToUnicode table, one line of the
 * page per line of the answer.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const lines: string[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
    }
  } finally {
    await doc.destroy();
  }
  return lines.join('\n');
}
