import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client';
import { rows, toIso } from '../../db/sql';
import { useTestApp } from '../../test-support';
import { makeCompany } from '../drivers/test-world';
import { runBillingPass, startBillingJob } from './job';
import { DEFAULT_PLAN } from './pricing';
import { BILLING_PROVIDER, type BillingProvider } from './provider';
import { issueInvoice } from './service';
import { enrolAt, invoicesOf } from './test-world';

const t = useTestApp();

beforeEach(async () => {
  await t.reset();
});

const at = (iso: string) => new Date(iso);
const iso = (v: Date | string) => toIso(v);

async function counters(db: Db) {
  return rows<{ year: number; last: number }>(db, sql`select year, last from invoice_counters order by year`);
}

async function companiesEnrolledAt(count: number, anchor: Date): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await makeCompany(t.ctx.db, `Company ${String(i).padStart(2, '0')}`);
    await enrolAt(t.ctx.db, id, anchor);
    ids.push(id);
  }
  return ids;
}

describe('the invoice job', () => {
  it('invoices every period that has begun, catching up after downtime, each once; the series restarts each year', async () => {
    const [acme] = await companiesEnrolledAt(1, at('2025-12-15T09:00:00.000Z'));
    const now = at('2026-02-20T00:00:00.000Z');
    expect(await runBillingPass(t.ctx.db, { now })).toEqual({ enrolled: 0, settled: 1, invoices: 2, failed: 0 });
    expect(await runBillingPass(t.ctx.db, { now })).toEqual({ enrolled: 0, settled: 0, invoices: 0, failed: 0 });

    const invoices = await invoicesOf(t.ctx.db, acme);
    expect(invoices.map((i) => [i.number, iso(i.period_start), iso(i.issued_at)])).toEqual([
      ['INV-2025-000001', '2025-12-15T09:00:00.000Z', '2025-12-15T09:00:00.000Z'],
      ['INV-2026-000001', '2026-01-15T09:00:00.000Z', '2026-02-20T00:00:00.000Z'],
      ['INV-2026-000002', '2026-02-15T09:00:00.000Z', '2026-02-20T00:00:00.000Z'],
    ]);
    for (const i of invoices) expect([i.amount_pence, i.vat_pence, i.status]).toEqual([DEFAULT_PLAN.feePence, 8317, 'processing']);
    expect(await counters(t.ctx.db)).toEqual([
      { year: 2025, last: 1 },
      { year: 2026, last: 2 },
    ]);
    const [sub] = await rows<{ current_period_start: Date; current_period_end: Date }>(t.ctx.db, sql`select * from subscriptions where company_id = ${acme}`);
    expect([iso(sub!.current_period_start), iso(sub!.current_period_end)]).toEqual(['2026-02-15T09:00:00.000Z', '2026-03-15T09:00:00.000Z']);
  });

  it('enrols the companies that finished setup and are active, with their first invoice', async () => {
    const ready = await makeCompany(t.ctx.db, 'Ready');
    const inactive = await makeCompany(t.ctx.db, 'Inactive');
    await t.ctx.db.execute(sql`update companies set is_active = false where id = ${inactive}`);
    const now = at('2026-04-01T12:00:00.000Z');
    expect(await runBillingPass(t.ctx.db, { now })).toMatchObject({ enrolled: 1, invoices: 1 });
    expect((await invoicesOf(t.ctx.db, ready)).map((i) => i.number)).toEqual(['INV-2026-000001']);
    expect(await invoicesOf(t.ctx.db, inactive)).toEqual([]);
  });

  it('gives a number back when its period was already invoiced, so the series has no gap', async () => {
    const [acme] = await companiesEnrolledAt(1, at('2026-03-01T00:00:00.000Z'));
    const [sub] = await rows<{ id: string }>(t.ctx.db, sql`select id from subscriptions where company_id = ${acme}`);
    const again = await t.ctx.db.transaction((tx) =>
      issueInvoice(
        tx,
        { id: sub!.id, companyId: acme!, feePence: DEFAULT_PLAN.feePence },
        { start: at('2026-03-01T00:00:00.000Z'), end: at('2026-04-01T00:00:00.000Z') },
        { issuedAt: at('2026-03-02T00:00:00.000Z'), terms: { paymentType: 'Bank transfer', status: 'processing' } },
      ),
    );
    expect(again).toBeNull();
    expect(await counters(t.ctx.db)).toEqual([{ year: 2026, last: 1 }]);
    await runBillingPass(t.ctx.db, { now: at('2026-04-01T00:00:00.000Z') });
    expect((await invoicesOf(t.ctx.db, acme)).map((i) => i.number)).toEqual(['INV-2026-000001', 'INV-2026-000002']);
  });

  it('asks the provider how each invoice is paid', async () => {
    const card: BillingProvider = { paymentMethod: 'Visa ending 4242', invoiceTerms: () => ({ paymentType: 'Card', status: 'paid' }) };
    const [acme] = await companiesEnrolledAt(1, at('2026-01-05T00:00:00.000Z'));
    await runBillingPass(t.ctx.db, { now: at('2026-02-06T00:00:00.000Z'), provider: card });
    expect((await invoicesOf(t.ctx.db, acme)).map((i) => i.status)).toEqual(['processing', 'paid']);
  });

  it('keeps going when one subscription fails, and logs it', async () => {
    const [good, bad] = await companiesEnrolledAt(2, at('2026-01-05T00:00:00.000Z'));
    const errors: object[] = [];
    const failing: BillingProvider = {
      ...BILLING_PROVIDER,
      invoiceTerms: (invoice) => {
        if (invoice.companyId === bad) throw new Error('provider down');
        return BILLING_PROVIDER.invoiceTerms(invoice);
      },
    };
    const log = { info() {}, warn() {}, error: (o: object | string) => errors.push(o as object) };
    expect(await runBillingPass(t.ctx.db, { now: at('2026-02-06T00:00:00.000Z'), provider: failing, log })).toMatchObject({ settled: 1, invoices: 1, failed: 1 });
    expect(errors).toHaveLength(1);
    expect(await invoicesOf(t.ctx.db, good)).toHaveLength(2);
    // The failed one rolled back whole: still its first invoice, and its number was not used.
    expect(await invoicesOf(t.ctx.db, bad)).toHaveLength(1);
    expect(await counters(t.ctx.db)).toEqual([{ year: 2026, last: 3 }]);
  });

  it('runs at start and stops cleanly', async () => {
    await makeCompany(t.ctx.db, 'Ready');
    const lines: string[] = [];
    const job = await startBillingJob(t.ctx.db, { info: (_o, msg) => lines.push(String(msg)), warn() {}, error() {} }, 60_000);
    expect(lines).toEqual(['billing job pass']);
    expect(await invoicesOf(t.ctx.db)).toHaveLength(1);
    await job.stop();
  });

  it('issues each invoice exactly once when two api instances run it at the same time', async () => {
    // 20 subscriptions three periods behind, and 10 companies to enrol: 70 invoices to issue.
    const behind = await companiesEnrolledAt(20, at('2026-01-10T08:00:00.000Z'));
    for (let i = 0; i < 10; i++) await makeCompany(t.ctx.db, `New ${i}`);
    const now = at('2026-05-01T00:00:00.000Z');

    // On PostgreSQL the second instance has its own pool; PGlite (one connection) interleaves the two on it.
    const second = t.ctx.database.kind === 'postgres' ? await openDatabase({ databaseUrl: t.ctx.config.databaseUrl, pgliteDir: '' }) : null;
    try {
      const passes = await Promise.all([runBillingPass(t.ctx.db, { now }), runBillingPass(second?.db ?? t.ctx.db, { now })]);
      expect(passes.map((p) => p.failed)).toEqual([0, 0]);
      expect(passes[0]!.invoices + passes[1]!.invoices).toBe(70);
      expect(passes[0]!.enrolled + passes[1]!.enrolled).toBe(10);
    } finally {
      await second?.close();
    }

    const all = await invoicesOf(t.ctx.db);
    expect(all).toHaveLength(20 + 70);
    // One series without gaps or repeats, in the order of issue.
    expect(all.map((i) => i.seq)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(await counters(t.ctx.db)).toEqual([{ year: 2026, last: 90 }]);
    const periods = await rows<{ company_id: string; starts: string[] }>(
      t.ctx.db,
      sql`select company_id, array_agg(to_char(period_start at time zone 'UTC', 'YYYY-MM-DD') order by period_start) as starts
        from invoices group by company_id`,
    );
    expect(periods).toHaveLength(30);
    for (const p of periods.filter((r) => behind.includes(r.company_id))) expect(p.starts).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10']);
    for (const p of periods.filter((r) => !behind.includes(r.company_id))) expect(p.starts).toEqual(['2026-05-01']);
  });
});
