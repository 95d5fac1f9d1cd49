import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { locations, tripPassengers, trips } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { createMailer, type Mailer } from '../../mail/mailer';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../../mail/smtp-test-server';
import { json } from '../../test/test-support';
import { createTestApp, type TestApp } from '../../test/testing';
import { makeCompany, makeEmployee, makeEmployer } from '../../test/trips-world';
import { monthlyReportPass } from './job';

let smtp: SmtpTestServer;
let t: TestApp;
const log: Logger = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url }, log });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const mailers: Mailer[] = [];
/** Another api instance's mail sender on the same database. */
function otherInstance(): Mailer {
  const m = createMailer({ smtpUrl: smtp.url, from: 'Commute Portal <no-reply@portal.test>', db: t.ctx.db, log, retryDelaysMs: [10], pollMs: 50 });
  mailers.push(m);
  return m;
}
beforeEach(async () => {
  await t.reset();
  smtp.received.length = 0;
});
afterEach(async () => {
  for (const m of mailers.splice(0)) await m.close(1000);
});

const PUBLIC_URL = 'https://portal.test';
/** Monday 3 August 2026, 09:00 in London: the first working day of August (the 1st is a Saturday). */
const FIRST_WORKING_DAY = new Date('2026-08-03T08:00:00Z');

interface World {
  acme: string;
  boss: string;
  leeds: string;
}

/** Acme with an office in Leeds, two drivers (one in Leeds, one without office) and trips in July 2026. */
async function world(): Promise<World> {
  const db = t.ctx.db;
  const acme = await makeCompany(db, 'Acme');
  const boss = (await makeEmployer(db, acme, 'boss@acme.test')).token;
  const [leeds] = await db.insert(locations).values({ companyId: acme, addressLine1: '1 Park Row', town: 'Leeds', postalCode: 'LS1 5HD' }).returning();
  const ann = await makeEmployee(db, acme, 'Ann', 'Driver', { car: true });
  const bob = await makeEmployee(db, acme, 'Bob', 'Driver', { car: true });
  const cat = await makeEmployee(db, acme, 'Cat', 'Rider');
  await makeEmployee(db, acme, 'Dan', 'Idle');
  await db.execute(sql`update users set office_id = ${leeds!.id} where id in (${ann.id}, ${cat.id})`);
  // Ann (Leeds) drives Cat (Leeds) 10 miles twice; Bob (no office) drives Ann 5 miles; a June trip and a flagged one do not count.
  const trip = async (driver: string, passenger: string, startedAt: string, hundredths: number, status = 'counted') => {
    const [r] = await db
      .insert(trips)
      .values({ companyId: acme, driverId: driver, clientTripId: `${driver}-${startedAt}`, startedAt: new Date(startedAt), distanceHundredths: hundredths, passengerCount: 1, status: status as 'counted' })
      .returning();
    await db.insert(tripPassengers).values({ tripId: r!.id, passengerId: passenger });
  };
  await trip(ann.id, cat.id, '2026-07-06T08:00:00Z', 1000);
  await trip(ann.id, cat.id, '2026-07-07T08:00:00Z', 1000);
  await trip(bob.id, ann.id, '2026-07-31T22:30:00Z', 500);
  await trip(bob.id, ann.id, '2026-06-30T08:00:00Z', 500);
  await trip(bob.id, cat.id, '2026-07-08T08:00:00Z', 700, 'flagged');
  return { acme, boss, leeds: leeds!.id };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function addRecipient(token: string, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/monthly-reports/recipients', headers: auth(token), payload: { email } });
}

async function recipients(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/monthly-reports/recipients', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return json<{ timeZone: string; recipients: { id: string; email: string; unsubscribedAt: string | null; lastDelivery: { month: string; status: string; attempts: number; lastError: string | null } | null }[] }>(res);
}

const header = (m: ReceivedMail, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(m.raw.replace(/\r\n[ \t]+/g, ' '))?.[1]?.trim();

describe('the monthly job', () => {
  it('mails each recipient exactly once with two instances and a restart mid-run', async () => {
    const w = await world();
    const emails = ['one@example.com', 'two@example.com', 'three@example.com', 'four@example.com'];
    for (const e of emails) expect((await addRecipient(w.boss, e)).statusCode).toBe(201);

    // The first instance dies after its first mail was committed.
    const dying = monthlyReportPass(t.ctx.db, {
      mailer: t.ctx.mailer,
      publicUrl: PUBLIC_URL,
      now: FIRST_WORKING_DAY,
      afterEachMail: (n) => {
        if (n === 1) throw new Error('killed');
      },
    });
    await expect(dying).rejects.toThrow('killed');
    // It restarts while a second instance runs the same pass.
    const second = otherInstance();
    const [restarted, other] = await Promise.all([
      monthlyReportPass(t.ctx.db, { mailer: t.ctx.mailer, publicUrl: PUBLIC_URL, now: FIRST_WORKING_DAY }),
      monthlyReportPass(t.ctx.db, { mailer: second, publicUrl: PUBLIC_URL, now: new Date(FIRST_WORKING_DAY.getTime() + 1000) }),
    ]);
    expect(restarted.queued + other.queued).toBe(3);
    // Later passes that month find nothing left.
    expect((await monthlyReportPass(t.ctx.db, { mailer: second, publicUrl: PUBLIC_URL, now: new Date('2026-08-20T12:00:00Z') })).queued).toBe(0);

    await Promise.all([t.ctx.mailer.flush(), second.flush()]);
    await new Promise((r) => setTimeout(r, 200));
    const to = smtp.received.flatMap((m) => m.to).sort();
    expect(to).toEqual([...emails].sort());
    const [audited] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from audit_log where action = 'monthlyReport.sent' and company_id = ${w.acme}`);
    expect(audited!.n).toBe(4);
    const list = await recipients(w.boss);
    expect(list.recipients.map((r) => [r.email, r.lastDelivery?.month, r.lastDelivery?.status])).toEqual(emails.map((e) => [e, '2026-07', 'sent']));
  });

  it("states July's figures by office, attaches them as CSV and carries a one-click unsubscribe", async () => {
    const w = await world();
    await addRecipient(w.boss, 'cfo@example.com');
    expect((await monthlyReportPass(t.ctx.db, { mailer: t.ctx.mailer, publicUrl: PUBLIC_URL, now: FIRST_WORKING_DAY })).queued).toBe(1);
    const mail = await smtp.waitFor((m) => m.to.includes('cfo@example.com'));
    expect(mail.subject).toBe(MESSAGES.monthlyReports.mailSubject('Acme', 'July 2026'));
    // The factor of July 2026 (direct; Acme leaves well-to-tank out), per km.
    const [f] = await rows<{ kg: string }>(
      t.ctx.db,
      sql`select kg_per_km::text as kg from emission_factors where kind = 'direct' order by (valid_from <= '2026-07-01') desc, case when valid_from <= '2026-07-01' then valid_from end desc, valid_from limit 1`,
    );
    const kgPerKm = Number(f!.kg);
    const metres = (hundredths: number) => Math.round(hundredths * 16.09344);
    const grams = (m: number) => Math.round(m * kgPerKm);
    const leedsG = 2 * grams(metres(1000));
    const noneG = grams(metres(500));
    const kgText = (g: number) => `${(g / 1000).toLocaleString('en-GB', { maximumFractionDigits: 1 })} kg CO2e`;
    // Whole company: 3 trips, participants Ann, Bob, Cat of 4 active employees.
    expect(mail.text).toContain('Participation: 3 of 4 active employees (75%)');
    expect(mail.text).toContain('Trips: 3,');
    expect(mail.text).toContain(`CO2 emitted by the trips: ${kgText(leedsG + noneG)}`);
    // Leeds: Ann's two trips; Ann and Cat take part, of Ann and Cat.
    expect(mail.text).toContain('1 Park Row');
    expect(mail.text).toContain('Participation: 2 of 2 active employees (100%)');
    expect(mail.text).toContain(`CO2 emitted by the trips: ${kgText(leedsG)}`);
    expect(mail.text).toContain(MESSAGES.insights.noOffice);
    expect(mail.text).toContain(`CO2 emitted by the trips: ${kgText(noneG)}`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(https:\/\/portal\.test\/api\/monthly-reports\/unsubscribe\?token=[^>]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1];
    expect(oneClick).toBeTruthy();
    expect(mail.text).toContain('https://portal.test/#/unsubscribe?token=');
    expect(mail.raw).toMatch(/filename="?commute-report-2026-07\.csv"?/);
    const csv = Buffer.from(/\r\n\r\n([A-Za-z0-9+/=\r\n]+)\r\n--/.exec(mail.raw.slice(mail.raw.indexOf('commute-report-2026-07.csv')))![1]!.replace(/\s/g, ''), 'base64').toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('month,office,participants,active_employees,participation_percent,trips,vehicle_km,passenger_km,emitted_kg_co2e,avoided_kg_co2e');
    expect(lines[1]).toBe(
      `2026-07,${MESSAGES.monthlyReports.wholeCompany},3,4,75,3,${(2 * metres(1000) + metres(500)) / 1000},${(2 * metres(1000) + metres(500)) / 1000},${(leedsG + noneG) / 1000},${(leedsG + noneG) / 1000}`,
    );
    expect(lines).toHaveLength(4);

    // One click, no sign-in, the form body a mail client sends.
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(oneClick!).pathname + new URL(oneClick!).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MESSAGES.monthlyReports.unsubscribed);
    // Again: the same answer.
    expect((await t.app.inject({ method: 'POST', url: new URL(oneClick!).pathname + new URL(oneClick!).search })).statusCode).toBe(200);
    const [me] = (await recipients(w.boss)).recipients;
    expect(me!.unsubscribedAt).not.toBeNull();
    // September's pass sends nothing to them.
    expect((await monthlyReportPass(t.ctx.db, { mailer: t.ctx.mailer, publicUrl: PUBLIC_URL, now: new Date('2026-09-01T08:00:00Z') })).queued).toBe(0);
    const [audited] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from audit_log where action = 'monthlyReport.unsubscribed'`);
    expect(audited!.n).toBe(1);
  });

  it('refuses a forged or truncated unsubscribe token', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/monthly-reports/unsubscribe?token=not-a-token' });
    expect(bad.statusCode).toBe(404);
    expect(json(bad)).toMatchObject({ success: false, message: MESSAGES.monthlyReports.tokenInvalid });
    expect((await t.app.inject({ method: 'POST', url: '/api/monthly-reports/unsubscribe' })).statusCode).toBe(400);
  });

  it("waits for the first working day in the company's time zone", async () => {
    const w = await world();
    await addRecipient(w.boss, 'cfo@example.com');
    const pass = (now: string) => monthlyReportPass(t.ctx.db, { mailer: t.ctx.mailer, publicUrl: PUBLIC_URL, now: new Date(now) });
    // Saturday 1 and Sunday 2 August in London: not yet.
    expect((await pass('2026-08-01T10:00:00Z')).queued).toBe(0);
    expect((await pass('2026-08-02T22:59:00Z')).queued).toBe(0);
    // New York is 5 hours behind London (Sunday evening there): not yet.
    const zone = await t.app.inject({ method: 'PUT', url: '/api/monthly-reports/time-zone', headers: auth(w.boss), payload: { timeZone: 'America/New_York' } });
    expect(zone.statusCode).toBe(200);
    expect((await pass('2026-08-03T00:30:00Z')).queued).toBe(0);
    // Monday 00:30 in New York.
    expect((await pass('2026-08-03T04:30:00Z')).queued).toBe(1);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/monthly-reports/time-zone', headers: auth(w.boss), payload: { timeZone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(MESSAGES.monthlyReports.timeZoneInvalid);
  });

  it('shows a delivery the mail server refused for good to the employer', async () => {
    const w = await world();
    await addRecipient(w.boss, 'gone@example.com');
    smtp.refuseNext(550, 'No such mailbox');
    await monthlyReportPass(t.ctx.db, { mailer: t.ctx.mailer, publicUrl: PUBLIC_URL, now: FIRST_WORKING_DAY });
    await t.ctx.mailer.flush();
    const [r] = (await recipients(w.boss)).recipients;
    expect(r!.lastDelivery).toMatchObject({ month: '2026-07', status: 'failed', attempts: 1 });
    expect(r!.lastDelivery!.lastError).toContain('No such mailbox');
  });
});

describe('the recipients', () => {
  it('takes up to 10 addresses, once each, and keeps each company to its own', async () => {
    const w = await world();
    const globex = await makeCompany(t.ctx.db, 'Globex');
    const rival = (await makeEmployer(t.ctx.db, globex, 'boss@globex.test')).token;
    for (let i = 0; i < 10; i++) expect((await addRecipient(w.boss, `r${i}@example.com`)).statusCode).toBe(201);
    const eleventh = await addRecipient(w.boss, 'r10@example.com');
    expect(eleventh.statusCode).toBe(409);
    expect(json(eleventh).message).toBe(MESSAGES.monthlyReports.tooMany(10));
    const { recipients: list } = await recipients(w.boss);
    expect(list).toHaveLength(10);
    expect((await recipients(rival)).recipients).toHaveLength(0);
    // Another company's employer cannot remove Acme's recipient.
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/monthly-reports/recipients/${list[0]!.id}`, headers: auth(rival) });
    expect(foreign.statusCode).toBe(404);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/monthly-reports/recipients/${list[0]!.id}`, headers: auth(w.boss) });
    expect(removed.statusCode).toBe(200);
    const again = await addRecipient(w.boss, 'R1@Example.com');
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(MESSAGES.monthlyReports.duplicate);
    const invalid = await addRecipient(w.boss, 'not an email');
    expect(invalid.statusCode).toBe(400);
    expect(json(invalid).message).toBe(MESSAGES.monthlyReports.emailInvalid);
    const [audited] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from audit_log where action in ('monthlyReport.recipientAdded', 'monthlyReport.recipientRemoved')`);
    expect(audited!.n).toBe(11);
  });
});
