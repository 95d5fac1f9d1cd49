import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, TRIAL, billingSchema, pageOf, paymentHistoryEntrySchema, type Billing, type PaymentHistoryEntry } from '@portal/shared-contracts';
import { companies, locations } from '../../db/schema';
import { rows } from '../../db/sql';
import { bearer, browser, json, useTestApp, type Res } from '../../test/test-support';
import { DAY_MS, makeCompany, makeEmployer, makePerson, superAdmin } from '../../test/people';
import { runBillingPass } from './job';
import { addIntervals } from './periods';
import { DEFAULT_PLAN } from './pricing';
import { REPLACEMENT } from '../../lib/pdf-text';
import { BILLING_PROVIDER } from './provider';
import { startSubscription } from './service';
import { addOffice, enrolAt, invoicesOf, pdfText, trialFrom } from '../../test/billing-world';

const t = useTestApp();

interface World {
  acme: string;
  globex: string;
  fresh: string;
  root: string;
  acmeEmployer: string;
  acmeAdmin: string;
  globexEmployer: string;
  freshEmployer: string;
  employee: string;
}
let w: World;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const acme = await makeCompany(db, 'Acme Ltd');
  const globex = await makeCompany(db, 'Globex');
  // A company still in setup: no subscription until it finishes.
  const [fresh] = await db.insert(companies).values({ name: 'Fresh Start', email: 'hi@fresh.test', phoneNumber: '0113 496 0001', signUpState: 1 }).returning();
  w = {
    acme,
    globex,
    fresh: fresh!.id,
    root: (await superAdmin(db)).token,
    acmeEmployer: await makeEmployer(db, acme, 'boss@acme.test'),
    acmeAdmin: await makeEmployer(db, acme, 'admin@acme.test', 'Admin'),
    globexEmployer: await makeEmployer(db, globex, 'boss@globex.test'),
    freshEmployer: await makeEmployer(db, fresh!.id, 'boss@fresh.test'),
    employee: (await makePerson(db, acme, 'Emma', 'Employee')).token,
  };
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
const message = (res: Res) => json<{ message: string }>(res).message;

async function billing(token: string, query = ''): Promise<Billing> {
  const res = await get(`/api/payment-billing${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return billingSchema.parse(json(res));
}

async function history(token: string, query = ''): Promise<PaymentHistoryEntry[]> {
  const res = await get(`/api/payment-history${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(paymentHistoryEntrySchema).parse(json(res));
}

const change = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return json<{ success: true; message: string; changed: boolean; billing: Billing }>(res);
};

/** The company's subscription as if it had started `days` ago, with only its first invoice issued yet. */
async function startedDaysAgo(companyId: string, days: number) {
  await enrolAt(t.ctx.db, companyId, new Date(Date.now() - days * DAY_MS));
}

describe('billing information', () => {
  it("answers the spec's shape: a company that finished setup is on a free trial of the scheme's length, with the plan's terms and nothing invoiced", async () => {
    const before = Date.now();
    const b = await billing(w.acmeEmployer);
    expect(b).toMatchObject({
      companyName: 'Acme Ltd',
      subscriptionStatus: 'Trial',
      subscriptionFeePence: DEFAULT_PLAN.feePence,
      subscriptionFee: 499,
      plan: DEFAULT_PLAN.name,
      billingInterval: 'month',
      vatRateBp: 2000,
      paymentMethod: null,
      paymentMethods: ['Bank transfer'],
      cancelAtPeriodEnd: false,
      cancelledAt: null,
      acceptedAt: null,
    });
    // On a trial the period is the trial's: it began now and ends after the scheme's 30 days.
    const start = new Date(b.currentPeriodStart);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(b.expiryDate).toBe(new Date(start.getTime() + TRIAL.defaultDays * DAY_MS).toISOString());
    expect(b.trial).toEqual({
      startedAt: b.currentPeriodStart,
      endsAt: b.expiryDate,
      graceEndsAt: new Date(start.getTime() + (TRIAL.defaultDays + TRIAL.graceDays) * DAY_MS).toISOString(),
      state: 'running',
      daysLeft: TRIAL.defaultDays,
    });
    expect(await history(w.acmeEmployer)).toEqual([]);
    expect(await invoicesOf(t.ctx.db)).toEqual([]);
    // A second read finds the same trial.
    expect(await billing(w.acmeAdmin)).toEqual({ ...b, trial: { ...b.trial!, daysLeft: expect.any(Number) } });
  });

  it('has no subscription before setup is finished', async () => {
    const res = await get('/api/payment-billing', w.freshEmployer);
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe(MESSAGES.billing.noSubscription);
    expect(await history(w.freshEmployer)).toEqual([]);
    expect(json(await get('/api/payment-history/page', w.freshEmployer))).toMatchObject({ items: [], totalCount: 0 });
  });

  it('lets employers, admins and super admins in, not employees', async () => {
    expect((await get('/api/payment-billing', w.employee)).statusCode).toBe(403);
    expect((await get('/api/payment-history', w.employee)).statusCode).toBe(403);
    expect((await post('/api/payment-billing/cancel', w.employee)).statusCode).toBe(403);
    // Cancelling is the company's own decision.
    expect((await post('/api/payment-billing/cancel', w.root)).statusCode).toBe(403);
    expect((await get('/api/payment-billing', '')).statusCode).toBe(401);
  });
});

describe('tenancy', () => {
  it("gives each company only its own subscription and invoices, whatever id an employer sends", async () => {
    await startedDaysAgo(w.acme, 100);
    await startedDaysAgo(w.globex, 40);
    const acme = await history(w.acmeEmployer);
    const globex = await history(w.globexEmployer, `?companyId=${w.acme}`);
    expect(acme).toHaveLength(4);
    expect(globex).toHaveLength(2);
    expect(globex.some((g) => acme.some((a) => a.id === g.id))).toBe(false);
    expect((await billing(w.globexEmployer, `?companyId=${w.acme}`)).companyName).toBe('Globex');
    const page = pageOf(paymentHistoryEntrySchema).parse(json(await get(`/api/payment-history/page?companyId=${w.acme}`, w.globexEmployer)));
    expect(page.items.map((i) => i.id)).toEqual(globex.map((i) => i.id));

    // Another company's invoice is "not found", not "forbidden".
    const res = await get(acme[0]!.pdfUrl, w.globexEmployer);
    expect(res.statusCode).toBe(404);
    expect(message(res)).toBe(MESSAGES.billing.invoiceNotFound);
    expect((await get('/api/invoices/not-a-uuid/pdf', w.acmeEmployer)).statusCode).toBe(404);
    expect((await get(acme[0]!.pdfUrl, w.acmeAdmin)).statusCode).toBe(200);
  });

  it('has the super admin name the company', async () => {
    for (const url of ['/api/payment-billing', '/api/payment-history', '/api/payment-history/page']) {
      const res = await get(url, w.root);
      expect(res.statusCode, url).toBe(400);
      expect(message(res)).toBe(MESSAGES.billing.companyRequired);
    }
    expect((await get('/api/payment-billing?companyId=nope', w.root)).statusCode).toBe(400);
    await startedDaysAgo(w.globex, 40);
    expect((await billing(w.root, `?companyId=${w.globex}`)).companyName).toBe('Globex');
    const invoices = await history(w.root, `?companyId=${w.globex}`);
    expect(invoices).toHaveLength(2);
    expect((await get(invoices[0]!.pdfUrl, w.root)).statusCode).toBe(200);
    const unknown = await get('/api/payment-billing?companyId=00000000-0000-4000-8000-000000000000', w.root);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('starting the subscription', () => {
  const start = (token: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/payment-billing/start', headers: bearer(token), payload: body as object });
  const ACCEPT = { paymentMethod: 'Bank transfer', acceptTerms: true as const };
  const auditOf = (companyId: string) =>
    rows<{ action: string; actor_email: string; summary: string }>(
      t.ctx.db,
      sql`select action, actor_email, summary from audit_log where company_id = ${companyId} order by created_at`,
    );

  it('needs a payment method the provider offers and the terms accepted; nothing is invoiced before', async () => {
    await billing(w.acmeEmployer);
    const empty = await start(w.acmeEmployer, {});
    expect(empty.statusCode).toBe(400);
    expect(json<{ errors: { field: string; message: string }[] }>(empty).errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'paymentMethod', message: MESSAGES.billing.choosePaymentMethod }),
        expect.objectContaining({ field: 'acceptTerms', message: MESSAGES.billing.acceptTerms }),
      ]),
    );
    const unticked = await start(w.acmeEmployer, { ...ACCEPT, acceptTerms: false });
    expect(unticked.statusCode).toBe(400);
    expect(json<{ errors: { message: string }[] }>(unticked).errors.map((e) => e.message)).toEqual([MESSAGES.billing.acceptTerms]);
    const cheque = await start(w.acmeEmployer, { ...ACCEPT, paymentMethod: 'Cheque' });
    expect(cheque.statusCode).toBe(400);
    expect(message(cheque)).toBe(MESSAGES.billing.unknownPaymentMethod);
    // Employees cannot, and nor can a super admin for a company: acceptance is the company's own.
    expect((await start(w.employee, ACCEPT)).statusCode).toBe(403);
    expect((await start(w.root, ACCEPT)).statusCode).toBe(403);
    // A company still in setup has nothing to start.
    expect((await start(w.freshEmployer, ACCEPT)).statusCode).toBe(404);

    expect((await billing(w.acmeEmployer)).subscriptionStatus).toBe('Trial');
    expect(await invoicesOf(t.ctx.db)).toEqual([]);
    expect(await auditOf(w.acme)).toEqual([]);
  });

  it("is the employer's acceptance, audited: the trial ends, the first period begins and is invoiced at once; a second call changes nothing", async () => {
    const trial = await billing(w.acmeEmployer);
    const before = Date.now();
    const first = change(await start(w.acmeAdmin, { ...ACCEPT, paymentMethod: ' Bank transfer ' }));
    expect(first).toMatchObject({ success: true, changed: true, message: MESSAGES.billing.started });
    expect(first.billing).toMatchObject({
      subscriptionStatus: 'Active',
      paymentMethod: 'Bank transfer',
      subscriptionFeePence: trial.subscriptionFeePence,
      plan: trial.plan,
      trial: null,
      cancelAtPeriodEnd: false,
    });
    const acceptedAt = new Date(first.billing.acceptedAt!);
    expect(acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(first.billing.currentPeriodStart).toBe(first.billing.acceptedAt);
    expect(first.billing.expiryDate).toBe(addIntervals(acceptedAt, 1, 'month').toISOString());
    expect(await billing(w.acmeEmployer)).toEqual(first.billing);

    const [invoice, ...more] = await history(w.acmeEmployer);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ paymentDate: first.billing.acceptedAt, pricePence: DEFAULT_PLAN.feePence, paymentType: 'Bank transfer', paymentStatus: 'processing' });
    expect(await auditOf(w.acme)).toEqual([
      {
        action: 'subscription.started',
        actor_email: 'admin@acme.test',
        summary: MESSAGES.audit.summary(MESSAGES.audit.actions['subscription.started'], 'Standard subscription, £499.00 per month, Bank transfer'),
      },
    ]);
    const [row] = await rows<{ accepted_by: string }>(t.ctx.db, sql`select accepted_by from subscriptions where company_id = ${w.acme}`);
    const [admin] = await rows<{ id: string }>(t.ctx.db, sql`select id from users where email = 'admin@acme.test'`);
    expect(row!.accepted_by).toBe(admin!.id);

    const again = change(await start(w.acmeEmployer, ACCEPT));
    expect(again).toMatchObject({ changed: false, message: MESSAGES.billing.alreadySubscribed });
    expect(await invoicesOf(t.ctx.db, w.acme)).toHaveLength(1);
    expect(await auditOf(w.acme)).toHaveLength(1);
  });

  it('stands or falls whole: a failure while issuing the first invoice leaves the trial, no number used and no audit entry', async () => {
    await billing(w.acmeEmployer);
    const failing = { ...BILLING_PROVIDER, invoiceTerms: () => { throw new Error('provider down'); } };
    const [boss] = await rows<{ id: string; name: string; email: string }>(t.ctx.db, sql`select id, name, email from users where email = 'boss@acme.test'`);
    await expect(startSubscription(t.ctx.db, { userId: boss!.id, name: boss!.name, email: boss!.email, role: 'Employer' }, w.acme, ACCEPT, new Date(), failing)).rejects.toThrow(
      'provider down',
    );
    expect(await billing(w.acmeEmployer)).toMatchObject({ subscriptionStatus: 'Trial', acceptedAt: null, paymentMethod: null });
    expect(await rows(t.ctx.db, sql`select * from invoice_counters`)).toEqual([]);
    expect(await auditOf(w.acme)).toEqual([]);
  });

  it('has nothing to cancel or resume on a trial', async () => {
    for (const action of ['cancel', 'resume']) {
      const res = await post(`/api/payment-billing/${action}`, w.acmeEmployer);
      expect(res.statusCode, action).toBe(409);
      expect(message(res)).toBe(MESSAGES.billing.onTrial);
    }
  });

  it('starts again after a subscription ended, with a new first period invoiced', async () => {
    await startedDaysAgo(w.acme, 40);
    await t.ctx.db.execute(sql`update subscriptions set cancel_at_period_end = true, cancelled_at = now() - interval '30 days' where company_id = ${w.acme}`);
    expect((await billing(w.acmeEmployer)).subscriptionStatus).toBe('Cancelled');
    const restarted = change(await start(w.acmeEmployer, ACCEPT));
    expect(restarted).toMatchObject({ changed: true, billing: { subscriptionStatus: 'Active', cancelAtPeriodEnd: false, cancelledAt: null } });
    expect(await invoicesOf(t.ctx.db, w.acme)).toHaveLength(2);
  });
});

describe('a trial that ends unaccepted', () => {
  const office = { addressLine1: '1 Grace Way', town: 'Leeds', postalCode: 'LS1 4DL' };
  const addOfficeVia = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/employers/${w.acme}/location`, headers: bearer(token), payload: office });

  it('keeps everything working through the grace period, and says where it stands', async () => {
    await trialFrom(t.ctx.db, w.acme, new Date(Date.now() - (TRIAL.defaultDays + 5) * DAY_MS));
    const b = await billing(w.acmeEmployer);
    expect(b.subscriptionStatus).toBe('Trial');
    expect(b.trial).toMatchObject({ state: 'ended', daysLeft: 0 });
    expect(new Date(b.trial!.graceEndsAt).getTime() - new Date(b.trial!.endsAt).getTime()).toBe(TRIAL.graceDays * DAY_MS);
    expect((await addOfficeVia(w.acmeEmployer)).statusCode).toBe(201);
    expect(await invoicesOf(t.ctx.db)).toEqual([]);
  });

  it("makes the company's data read-only after the grace period, for every user of the company, until the subscription is started", async () => {
    await trialFrom(t.ctx.db, w.acme, new Date(Date.now() - (TRIAL.defaultDays + TRIAL.graceDays + 1) * DAY_MS));
    expect((await billing(w.acmeEmployer)).trial).toMatchObject({ state: 'restricted' });

    // Changes are refused with a message that says what to do...
    const refused = await addOfficeVia(w.acmeAdmin);
    expect(refused.statusCode).toBe(402);
    expect(message(refused)).toBe(MESSAGES.billing.restricted);
    const feedback = await t.app.inject({ method: 'POST', url: '/api/feedbacks', headers: bearer(w.employee), payload: { feedbackText: 'Lovely lift' } });
    expect(feedback.statusCode).toBe(402);
    // ...reads are not, nor is another company's work...
    expect((await get('/api/employees', w.acmeEmployer)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/employers/${w.globex}/location`, headers: bearer(w.globexEmployer), payload: office })).statusCode).toBe(201);
    // ...nor writing to support, nor starting the subscription, after which changes work again.
    const support = await t.app.inject({ method: 'POST', url: '/api/support/messages', headers: bearer(w.acmeEmployer), payload: { subject: 'Help', message: 'How do I subscribe?' } });
    expect(support.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment-billing/start', headers: bearer(w.acmeEmployer), payload: { paymentMethod: 'Bank transfer', acceptTerms: true } })).statusCode).toBe(200);
    expect((await addOfficeVia(w.acmeAdmin)).statusCode).toBe(201);
    expect(await invoicesOf(t.ctx.db, w.acme)).toHaveLength(1);
  });
});

describe('payment history', () => {
  it('lists newest first in pence and pounds, and pages it in one statement', async () => {
    // 25 months and a day ago: the first invoice then, and 25 more caught up by the first read.
    await enrolAt(t.ctx.db, w.acme, addIntervals(new Date(Date.now() - DAY_MS), -25, 'month'));
    const all = await history(w.acmeEmployer);
    expect(all).toHaveLength(26);
    const dates = all.map((e) => e.paymentDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.reduce((sum, e) => sum + e.pricePence, 0)).toBe(26 * DEFAULT_PLAN.feePence);
    for (const e of all) expect(e.price * 100).toBe(e.pricePence);

    const page2 = pageOf(paymentHistoryEntrySchema).parse(json(await get('/api/payment-history/page?pageNumber=2&pageSize=10', w.acmeEmployer)));
    expect(page2).toMatchObject({ totalCount: 26, pageNumber: 2, pageSize: 10, totalPages: 3, hasPreviousPage: true, hasNextPage: true });
    expect(page2.items.map((e) => e.id)).toEqual(all.slice(10, 20).map((e) => e.id));
    const past = json<{ items: unknown[]; totalCount: number }>(await get('/api/payment-history/page?pageNumber=9&pageSize=10', w.acmeEmployer));
    expect(past).toMatchObject({ items: [], totalCount: 26 });
    expect((await get('/api/payment-history/page?pageSize=101', w.acmeEmployer)).statusCode).toBe(400);
  });
});

describe('cancel and resume', () => {
  beforeEach(async () => {
    await startedDaysAgo(w.acme, 0);
  });

  it('cancels at the end of the paid period, once; a second call changes nothing and says so', async () => {
    const before = await billing(w.acmeEmployer);
    const first = change(await post('/api/payment-billing/cancel', w.acmeEmployer));
    expect(first).toMatchObject({ success: true, changed: true, message: MESSAGES.billing.cancelled });
    expect(first.billing).toMatchObject({ subscriptionStatus: 'Active', cancelAtPeriodEnd: true, expiryDate: before.expiryDate });
    expect(first.billing.cancelledAt).not.toBeNull();

    const second = change(await post('/api/payment-billing/cancel', w.acmeAdmin));
    expect(second).toMatchObject({ changed: false, message: MESSAGES.billing.alreadyCancelled });
    expect(second.billing).toEqual(first.billing);
    expect(await billing(w.acmeEmployer)).toEqual(first.billing);
    expect(await invoicesOf(t.ctx.db, w.acme)).toHaveLength(1);
  });

  it('needs the CSRF header from a browser', async () => {
    const { cookies } = browser(w.acmeEmployer, false);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment-billing/cancel', cookies })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment-billing/cancel', ...browser(w.acmeEmployer) })).statusCode).toBe(200);
  });

  it('resumes a pending cancellation; resuming without one changes nothing', async () => {
    const idle = change(await post('/api/payment-billing/resume', w.acmeEmployer));
    expect(idle).toMatchObject({ changed: false, message: MESSAGES.billing.notCancelled });
    expect(idle.billing.cancelAtPeriodEnd).toBe(false);

    await post('/api/payment-billing/cancel', w.acmeEmployer);
    const resumed = change(await post('/api/payment-billing/resume', w.acmeAdmin));
    expect(resumed).toMatchObject({ changed: true, message: MESSAGES.billing.resumed });
    expect(resumed.billing).toMatchObject({ subscriptionStatus: 'Active', cancelAtPeriodEnd: false, cancelledAt: null });
    expect(change(await post('/api/payment-billing/resume', w.acmeAdmin)).changed).toBe(false);
  });

  it('ends the subscription when the paid period is over: no new invoice, and nothing left to cancel or resume', async () => {
    await t.ctx.db.execute(sql`delete from subscriptions where company_id = ${w.acme}`);
    await startedDaysAgo(w.acme, 10);
    const cancelled = change(await post('/api/payment-billing/cancel', w.acmeEmployer)).billing;
    const end = new Date(cancelled.expiryDate);

    // The pass also starts Globex's free trial (no invoice); Acme's subscription ends.
    expect(await runBillingPass(t.ctx.db, { now: new Date(end.getTime() + 60_000) })).toMatchObject({ enrolled: 1, invoices: 0, failed: 0 });
    const ended = await billing(w.acmeEmployer);
    expect(ended).toMatchObject({ subscriptionStatus: 'Cancelled', cancelAtPeriodEnd: true, expiryDate: cancelled.expiryDate });
    expect(await invoicesOf(t.ctx.db, w.acme)).toHaveLength(1);

    for (const action of ['cancel', 'resume']) {
      const res = await post(`/api/payment-billing/${action}`, w.acmeEmployer);
      expect(res.statusCode, action).toBe(409);
      expect(message(res)).toBe(MESSAGES.billing.subscriptionEnded);
    }
    // Later passes leave it ended.
    await runBillingPass(t.ctx.db, { now: new Date(end.getTime() + 90 * DAY_MS) });
    expect((await billing(w.acmeEmployer)).subscriptionStatus).toBe('Cancelled');
    expect(await invoicesOf(t.ctx.db, w.acme)).toHaveLength(1);
  });

  it('settles an ended period on the next call even before the job runs', async () => {
    // Renewal: the period ended 5 days ago without a cancellation, so the read invoices the next one.
    await startedDaysAgo(w.globex, 36);
    const renewed = await billing(w.globexEmployer);
    expect(renewed.subscriptionStatus).toBe('Active');
    expect(new Date(renewed.expiryDate).getTime()).toBeGreaterThan(Date.now());
    expect(await invoicesOf(t.ctx.db, w.globex)).toHaveLength(2);

    // A cancellation pending when the period ended: a cancel call finds it ended.
    await t.ctx.db.execute(sql`delete from subscriptions where company_id = ${w.acme}`);
    await startedDaysAgo(w.acme, 36);
    await t.ctx.db.execute(sql`update subscriptions set cancel_at_period_end = true, cancelled_at = now() - interval '20 days' where company_id = ${w.acme}`);
    const res = await post('/api/payment-billing/cancel', w.acmeEmployer);
    expect(res.statusCode).toBe(409);
    expect((await billing(w.acmeEmployer)).subscriptionStatus).toBe('Cancelled');
    expect(await invoicesOf(t.ctx.db, w.acme)).toHaveLength(1);
  });
});

describe('invoice PDF', () => {
  it('downloads as a PDF with the company, number, dates, amounts with VAT and status', async () => {
    await addOffice(t.ctx.db, w.acme);
    await enrolAt(t.ctx.db, w.acme, new Date('2026-03-01T10:00:00.000Z'));
    await t.ctx.db.execute(sql`update invoices set status = 'paid' where company_id = ${w.acme}`);
    // The read catches up the periods since; the first invoice is the one of March.
    const invoice = (await history(w.acmeEmployer)).find((e) => e.invoiceNo === 'INV-2026-000001');
    const res = await get(invoice!.pdfUrl, w.acmeEmployer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice!.invoiceNo}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');

    const text = await pdfText(res.rawPayload);
    const T = MESSAGES.billing.invoiceDocument;
    for (const shown of [
      MESSAGES.product.name,
      'Acme Ltd',
      '12 Wellington Street',
      'LS1 4DL',
      'INV-2026-000001',
      '1 March 2026',
      T.periodRange('1 March 2026', '1 April 2026'),
      T.statuses.paid,
      'Bank transfer',
      '£499.00', // total
      '£415.83', // net
      '£83.17', // VAT: 49 900 / 6, rounded half up
      T.vat('20%'),
    ]) {
      expect(text, shown).toContain(shown);
    }
  });

  /** The first invoice of a company named `name` whose office is `address`, as its employer downloads it, and the text read back. */
  async function invoiceText(name: string, address: string[] = ['12 Wellington Street', 'Leeds', 'LS1 4DL']): Promise<{ text: string; bytes: number }> {
    await t.ctx.db.update(companies).set({ name }).where(sql`${companies.id} = ${w.acme}`);
    await t.ctx.db.delete(locations).where(sql`${locations.companyId} = ${w.acme}`);
    const [line1, town, postalCode, line2] = address;
    await t.ctx.db.insert(locations).values({ companyId: w.acme, addressLine1: line1!, addressLine2: line2 ?? null, town: town!, postalCode: postalCode! });
    const [first] = await rows<{ id: string }>(t.ctx.db, sql`select id from invoices where company_id = ${w.acme} order by seq limit 1`);
    const res = await get(`/api/invoices/${first!.id}/pdf`, w.acmeEmployer);
    expect(res.statusCode, res.body).toBe(200);
    // A long name wraps in the "Bill to" column; the reader sees it whole across the lines.
    return { text: (await pdfText(res.rawPayload)).replace(/\s+/g, ' '), bytes: res.rawPayload.length };
  }

  it('shows company names and addresses in Latin Extended, Greek and Cyrillic exactly as written', async () => {
    await enrolAt(t.ctx.db, w.acme, new Date(Date.now() - 86_400_000));
    for (const name of ['Łódź Spółka Zażółć', 'Ærøskøbing Brød ApS', 'Ğüneş Şirketi', 'Nguyễn', 'Ελληνική Εταιρεία', 'Общество с ограниченной ответственностью']) {
      const { text } = await invoiceText(name);
      expect(text, name).toContain(name);
    }
    // Addresses go through the same path: a Greek street, a Turkish town, a Cyrillic second line.
    const { text } = await invoiceText('Acme Ltd', ['Οδός Ερμού 12', 'İstanbul', 'ŞİŞ 34', 'Корпус 2']);
    for (const shown of ['Οδός Ερμού 12', 'Корпус 2', 'İstanbul', 'ŞİŞ 34', 'Acme Ltd', '£499.00', MESSAGES.billing.invoiceDocument.item(DEFAULT_PLAN.name)]) expect(text, shown).toContain(shown);
  });

  it('draws a character no embedded font has as a visible replacement, one per character, never as something else', async () => {
    await enrolAt(t.ctx.db, w.acme, new Date(Date.now() - 86_400_000));
    // Decomposed "ễ" (e and two combining marks) is drawn as the one letter; CJK, an emoji with its skin tone and a car are not in the font.
    const { text } = await invoiceText('Nguye\u0302\u0303n 東京 Ltd 👍🏽 🚗', ['1 Rue de l’Église', 'Paris', '75001']);
    expect(text).toContain(`Nguyễn ${REPLACEMENT}${REPLACEMENT} Ltd ${REPLACEMENT} ${REPLACEMENT}`);
    expect(text).toContain('1 Rue de l’Église');
  });
});