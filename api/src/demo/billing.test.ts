import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, billingSchema, paymentHistoryEntrySchema } from '@portal/shared-contracts';
import { rows, toIso } from '../db/sql';
import { silentLogger } from '../lib/logger';
import { makeCompany } from '../test/people';
import { runBillingPass } from '../modules/billing/job';
import { bearer, json, loginAs, useTestApp } from '../test/test-support';
import { seedDemoBilling } from './billing';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './index';

const t = useTestApp();

beforeEach(async () => {
  await t.reset();
});

interface Row {
  company_id: string;
  year: number;
  seq: number;
  status: string;
  period_start: Date | string;
  period_end: Date | string;
  issued_at: Date | string;
}

const invoices = () =>
  rows<Row>(t.ctx.db, sql`select company_id, year, seq, status, period_start, period_end, issued_at from invoices order by issued_at, year, seq`);

describe('demo billing', () => {
  it('gives each company a year of monthly invoices in every status, ending with the current period, numbered in date order', async () => {
    const ids = [await makeCompany(t.ctx.db, 'One'), await makeCompany(t.ctx.db, 'Two'), await makeCompany(t.ctx.db, 'Three')];
    const now = new Date('2026-06-15T12:00:00.000Z');
    const result = await seedDemoBilling(t.ctx.db, { companyIds: ids, cancelling: [ids[1]!], seed: 7, now });
    expect(result).toMatchObject({ subscriptions: 3, invoices: 36 });
    expect(result.statuses).toEqual({ paid: 27, processing: 3, failed: 3, refunded: 3 });

    const all = await invoices();
    // Issued in date order, so sorting by number gives the same order.
    const byNumber = [...all].sort((a, b) => a.year - b.year || a.seq - b.seq);
    expect(byNumber).toEqual(all);
    expect(new Set(all.map((i) => i.year))).toEqual(new Set([2025, 2026]));

    for (const id of ids) {
      const own = all.filter((i) => i.company_id === id);
      expect(own).toHaveLength(12);
      expect(new Set(own.map((i) => i.status))).toEqual(new Set(INVOICE_STATUSES));
      expect(own.at(-1)!.status).toBe('processing');
      // Back to back, the last one running now.
      for (let n = 1; n < own.length; n++) expect(toIso(own[n]!.period_start)).toBe(toIso(own[n - 1]!.period_end));
      const last = own.at(-1)!;
      expect(new Date(toIso(last.period_start)!) <= now && now < new Date(toIso(last.period_end)!)).toBe(true);
    }
    const subs = await rows<{ company_id: string; cancel_at_period_end: boolean; status: string }>(t.ctx.db, sql`select company_id, cancel_at_period_end, status from subscriptions`);
    expect(subs.filter((s) => s.cancel_at_period_end).map((s) => s.company_id)).toEqual([ids[1]]);
    expect(subs.every((s) => s.status === 'Active')).toBe(true);

    // Nothing is due, so the job issues nothing; a second seed leaves them alone.
    expect(await runBillingPass(t.ctx.db, { now })).toMatchObject({ enrolled: 0, invoices: 0 });
    expect(await seedDemoBilling(t.ctx.db, { companyIds: ids, now })).toMatchObject({ subscriptions: 0, invoices: 0 });
    expect(await invoices()).toHaveLength(36);
  });

  it('makes any length of history', async () => {
    const [short, long] = [await makeCompany(t.ctx.db, 'Short'), await makeCompany(t.ctx.db, 'Long')];
    await seedDemoBilling(t.ctx.db, { companyIds: [short], months: 1 });
    await seedDemoBilling(t.ctx.db, { companyIds: [long], months: 40 });
    const all = await invoices();
    expect(all.filter((i) => i.company_id === short).map((i) => i.status)).toEqual(['processing']);
    expect(all.filter((i) => i.company_id === long)).toHaveLength(40);
    expect(await runBillingPass(t.ctx.db)).toMatchObject({ invoices: 0 });
  });

  it('is part of the demo set: Greenway active with a year of payments, Riverside ending with its period', async () => {
    await seedDemo({ db: t.ctx.db, log: silentLogger }, { employeesPerCompany: 0 });
    const session = json<{ token: string }>(await loginAs(t.app, DEMO_ACCOUNTS.readyEmployer, DEMO_PASSWORD)).token;
    const billing = billingSchema.parse(json(await t.app.inject({ method: 'GET', url: '/api/payment-billing', headers: bearer(session) })));
    expect(billing).toMatchObject({ companyName: 'Greenway Logistics Ltd', subscriptionStatus: 'Active', cancelAtPeriodEnd: false });
    const history = z.array(paymentHistoryEntrySchema).parse(json(await t.app.inject({ method: 'GET', url: '/api/payment-history', headers: bearer(session) })));
    expect(history).toHaveLength(12);
    expect(history[0]!.paymentDate).toBe(billing.currentPeriodStart);
    const subs = await rows<{ name: string; cancel_at_period_end: boolean }>(
      t.ctx.db,
      sql`select c.name, s.cancel_at_period_end from subscriptions s join companies c on c.id = s.company_id order by c.name`,
    );
    expect(subs).toEqual([
      { name: 'Greenway Logistics Ltd', cancel_at_period_end: false },
      { name: 'Northgate Retail Group', cancel_at_period_end: false },
      { name: 'Riverside Health Trust', cancel_at_period_end: true },
    ]);
  });
});
