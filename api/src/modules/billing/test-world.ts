import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { locations } from '../../db/schema';
import { BILLING_PROVIDER } from './provider';
import { enrol } from './service';

/** Billing fixtures for the billing tests (imported only by `*.test.ts`). */

/** The company's subscription as if it had started at `at` (its first invoice issued then). */
export async function enrolAt(db: Db, companyId: string, at: Date): Promise<void> {
  await db.transaction((tx) => enrol(tx, companyId, at, BILLING_PROVIDER));
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
 * The text a PDF shows, in drawing order: every content stream inflated, the hex strings of each
 * `TJ` array joined (the numbers between them are kerning) and decoded as the standard fonts'
 * WinAnsi, which agrees with Latin-1 for every character an invoice uses (the pound sign too).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      lines.push([...tj[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}
