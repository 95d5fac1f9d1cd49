import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/client';
import { rows, toIso } from '../../db/sql';
import { useTestApp } from '../../test/test-support';
import { makeCompany, makeEmployer } from '../../test/people';
import { runBillingPass, startBillingJob } from './job';
import { DEFAULT_PLAN } from './pricing';
import { BILLING_PROVIDER, type BillingProvider } from './provider';
import { issueInvoice } from './service';
import { enrolAt, invoicesOf, trialFrom } from '../../test/billing-world';

const t = useTestApp();

beforeEach(async () => {
  await t.reset();
});

const at = (iso: string) => new Date(iso);
const notices = () => ({ mailer: t.ctx.mailer, publicUrl: t.ctx.config.publicUrl });
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
    expect(await runBillingPass(t.ctx.db, { now })).toEqual({ enrolled: 0, settled: 1, invoices: 2, notified: 0, failed: 0 });
    expect(await runBillingPass(t.ctx.db, { now })).toEqual({ enrolled: 0, settled: 0, invoices: 0, notified: 0, failed: 0 });

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

  it('starts the free trial of the companies that finished setup and are active, and invoices none of them', async () => {
    const ready = await makeCompany(t.ctx.db, 'Ready');
    const inactive = await makeCompany(t.ctx.db, 'Inactive');
    await t.ctx.db.execute(sql`update companies set is_active = false where id = ${inactive}`);
    const now = at('2026-04-01T12:00:00.000Z');
    expect(await runBillingPass(t.ctx.db, { now })).toMatchObject({ enrolled: 1, invoices: 0 });
    const [trial] = await rows<{ status: string; trial_started_at: Date; trial_ends_at: Date; payment_method: string | null }>(
      t.ctx.db,
      sql`select status, trial_started_at, trial_ends_at, payment_method from subscriptions where company_id = ${ready}`,
    );
    expect([trial!.status, iso(trial!.trial_started_at), iso(trial!.trial_ends_at), trial!.payment_method]).toEqual([
      'Trial',
      '2026-04-01T12:00:00.000Z',
      '2026-05-01T12:00:00.000Z',
      null,
    ]);
    expect(await invoicesOf(t.ctx.db)).toEqual([]);
    expect(await rows(t.ctx.db, sql`select 1 from subscriptions where company_id = ${inactive}`)).toEqual([]);
  });

  it('never invoices a company that has not accepted, however long ago its trial ended', async () => {
    const waiting = await makeCompany(t.ctx.db, 'Waiting');
    await trialFrom(t.ctx.db, waiting, at('2025-01-01T00:00:00.000Z'));
    for (const now of ['2025-01-31T00:00:00.000Z', '2025-02-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']) {
      expect(await runBillingPass(t.ctx.db, { now: at(now) })).toMatchObject({ settled: 0, invoices: 0, failed: 0 });
    }
    expect(await invoicesOf(t.ctx.db)).toEqual([]);
    expect(await counters(t.ctx.db)).toEqual([]);
    const [sub] = await rows<{ status: string; started_at: Date | null }>(t.ctx.db, sql`select status, started_at from subscriptions where company_id = ${waiting}`);
    expect(sub).toEqual({ status: 'Trial', started_at: null });
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
    const card: BillingProvider = { paymentMethods: ['Visa ending 4242'], invoiceTerms: () => ({ paymentType: 'Card', status: 'paid' }) };
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
    const ready = await makeCompany(t.ctx.db, 'Ready');
    const lines: string[] = [];
    const log = { info: (_o: unknown, msg?: string) => lines.push(String(msg)), warn() {}, error() {} };
    const job = await startBillingJob(t.ctx.db, log, notices(), 60_000);
    expect(lines).toEqual(['billing job pass']);
    expect(await rows(t.ctx.db, sql`select status from subscriptions where company_id = ${ready}`)).toEqual([{ status: 'Trial' }]);
    expect(await invoicesOf(t.ctx.db)).toEqual([]);
    await job.stop();
  });

  it('issues each invoice exactly once when two api instances run it at the same time', async () => {
    // 20 subscriptions three periods behind (60 invoices to issue), and 10 companies to start a trial for (none).
    const behind = await companiesEnrolledAt(20, at('2026-01-10T08:00:00.000Z'));
    for (let i = 0; i < 10; i++) await makeCompany(t.ctx.db, `New ${i}`);
    const now = at('2026-05-01T00:00:00.000Z');

    // On PostgreSQL the second instance has its own pool; PGlite (one connection) interleaves the two on it.
    const second = t.ctx.database.kind === 'postgres' ? await openDatabase({ databaseUrl: t.ctx.config.databaseUrl, pgliteDir: '' }) : null;
    try {
      const passes = await Promise.all([runBillingPass(t.ctx.db, { now }), runBillingPass(second?.db ?? t.ctx.db, { now })]);
      expect(passes.map((p) => p.failed)).toEqual([0, 0]);
      expect(passes[0]!.invoices + passes[1]!.invoices).toBe(60);
      expect(passes[0]!.enrolled + passes[1]!.enrolled).toBe(10);
    } finally {
      await second?.close();
    }

    const all = await invoicesOf(t.ctx.db);
    expect(all).toHaveLength(20 + 60);
    // One series without gaps or repeats, in the order of issue.
    expect(all.map((i) => i.seq)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    expect(await counters(t.ctx.db)).toEqual([{ year: 2026, last: 80 }]);
    const periods = await rows<{ company_id: string; starts: string[] }>(
      t.ctx.db,
      sql`select company_id, array_agg(to_char(period_start at time zone 'UTC', 'YYYY-MM-DD') order by period_start) as starts
        from invoices group by company_id`,
    );
    // Only the companies that accepted were invoiced; the 10 new ones are on their trial.
    expect(periods).toHaveLength(20);
    for (const p of periods) expect(behind.includes(p.company_id) && p.starts).toEqual(['2026-01-10', '2026-02-10', '2026-03-10', '2026-04-10']);
    expect(await rows(t.ctx.db, sql`select count(*)::int as n from subscriptions where status = 'Trial'`)).toEqual([{ n: 10 }]);
  });
});

describe('the end of a trial nobody accepted', () => {
  const outbox = () =>
    rows<{ to: string; subject: string; text: string; link: string | null }>(
      t.ctx.db,
      sql`select "to", subject, text, link from mail_outbox where kind = 'trial-ended' order by "to"`,
    );

  /** A company with its owner (and admins) whose trial began at `from` (30 days by default). */
  async function trialCompany(name: string, from: string, admins: string[] = []): Promise<string> {
    const id = await makeCompany(t.ctx.db, name);
    await makeEmployer(t.ctx.db, id, `boss@${name.toLowerCase()}.test`);
    for (const a of admins) await makeEmployer(t.ctx.db, id, a, 'Admin');
    await trialFrom(t.ctx.db, id, at(from));
    return id;
  }

  it('mails the company and its administrators once, whatever the passes and restarts; an accepted or running trial gets nothing', async () => {
    const lapsed = await trialCompany('Lapsed', '2026-01-01T09:00:00.000Z', ['admin@lapsed.test']);
    // The company's address is its owner's, written otherwise: one mail to that address.
    await t.ctx.db.execute(sql`update companies set email = 'Boss@Lapsed.test' where id = ${lapsed}`);
    await trialCompany('Running', '2026-02-20T09:00:00.000Z');
    const accepted = await makeCompany(t.ctx.db, 'Accepted');
    await enrolAt(t.ctx.db, accepted, at('2026-01-01T09:00:00.000Z'));

    expect(await runBillingPass(t.ctx.db, { now: at('2026-02-05T00:00:00.000Z'), notices: notices() })).toMatchObject({ notified: 1, failed: 0 });
    const mails = await outbox();
    expect(mails.map((m) => m.to)).toEqual(['Boss@Lapsed.test', 'admin@lapsed.test']);
    for (const m of mails) {
      expect(m.subject).toBe('Your Commute Portal free trial has ended');
      expect(m.text).toContain('The free trial of Lapsed ended on 31 January 2026, and no subscription has been started.');
      expect(m.text).toContain('Everything keeps working until 14 February 2026.');
      expect(m.text).toContain('https://portal.test/#/payment');
      expect(m.link).toBe('https://portal.test/#/payment');
    }
    // Passes later, as after a restart (the job keeps nothing in memory), tell Lapsed nothing more,
    // and tell Running once its trial has ended (22 March).
    expect(await runBillingPass(t.ctx.db, { now: at('2026-03-01T00:00:00.000Z'), notices: notices() })).toMatchObject({ notified: 0 });
    expect(await runBillingPass(t.ctx.db, { now: at('2026-04-01T00:00:00.000Z'), notices: notices() })).toMatchObject({ notified: 1 });
    expect(await runBillingPass(t.ctx.db, { now: at('2026-05-01T00:00:00.000Z'), notices: notices() })).toMatchObject({ notified: 0 });
    const all = await outbox();
    expect(all.filter((m) => m.text.includes('of Lapsed'))).toHaveLength(2);
    expect(all.filter((m) => m.text.includes('of Running')).map((m) => m.to)).toEqual(['boss@running.test', 'hello@running.test']);
    expect(all.filter((m) => m.text.includes('Accepted'))).toEqual([]);
  });

  it('leaves a deactivated company untold until it is active again', async () => {
    const id = await trialCompany('Paused', '2026-01-01T09:00:00.000Z');
    await t.ctx.db.execute(sql`update companies set is_active = false where id = ${id}`);
    expect(await runBillingPass(t.ctx.db, { now: at('2026-02-05T00:00:00.000Z'), notices: notices() })).toMatchObject({ notified: 0 });
    await t.ctx.db.execute(sql`update companies set is_active = true where id = ${id}`);
    expect(await runBillingPass(t.ctx.db, { now: at('2026-02-06T00:00:00.000Z'), notices: notices() })).toMatchObject({ notified: 1 });
  });

  it('tells each company once when two api instances run the job at the same time', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await trialCompany(`Lapsed${i}`, '2026-01-01T09:00:00.000Z'));
    const now = at('2026-02-05T00:00:00.000Z');
    const second = t.ctx.database.kind === 'postgres' ? await openDatabase({ databaseUrl: t.ctx.config.databaseUrl, pgliteDir: '' }) : null;
    try {
      const passes = await Promise.all([
        runBillingPass(t.ctx.db, { now, notices: notices() }),
        runBillingPass(second?.db ?? t.ctx.db, { now, notices: notices() }),
      ]);
      expect(passes.map((p) => p.failed)).toEqual([0, 0]);
      expect(passes[0]!.notified + passes[1]!.notified).toBe(10);
    } finally {
      await second?.close();
    }
    const mails = await outbox();
    // Two addresses a company (its own and its owner's), each mailed once.
    expect(mails).toHaveLength(20);
    expect(new Set(mails.map((m) => m.to)).size).toBe(20);
  });
});
