import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, TRIAL, billingSchema, schemeSettingsSchema, supportContactSchema, type SchemeSettings } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { bearer, browser, json, useTestApp, type Res } from '../../test/test-support';
import { DAY_MS, makeCompany, makeEmployer, makePerson, superAdmin } from '../../test/people';

const t = useTestApp();

let root: string;
let employer: string;
let employee: string;
let company: string;

beforeEach(async () => {
  await t.reset();
  root = (await superAdmin(t.ctx.db)).token;
  company = await makeCompany(t.ctx.db, 'Acme Ltd');
  employer = await makeEmployer(t.ctx.db, company, 'boss@acme.test');
  employee = (await makePerson(t.ctx.db, company, 'Emma', 'Employee')).token;
});

const SETTINGS = '/api/scheme-settings';
const VALID = { trialDays: 14, supportEmail: 'help@scheme.example', supportPhone: '+44 (0)113 496 0999', supportHours: 'Monday to Friday, 9:00 to 17:30' };
const put = (token: string, body: unknown) => t.app.inject({ method: 'PUT', url: SETTINGS, headers: bearer(token), payload: body as object });
const fieldMessages = (res: Res) => json<{ errors: { field: string; message: string }[] }>(res).errors.map((e) => [e.field, e.message]);

describe('scheme settings', () => {
  it('start with a 30-day trial and no support contact', async () => {
    const res = await t.app.inject({ method: 'GET', url: SETTINGS, headers: bearer(root) });
    expect(res.statusCode).toBe(200);
    expect(schemeSettingsSchema.parse(json(res))).toEqual({ trialDays: TRIAL.defaultDays, supportEmail: null, supportPhone: null, supportHours: null, updatedAt: null });
  });

  it('are read and changed by super admins only', async () => {
    for (const token of [employer, employee]) {
      expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: bearer(token) })).statusCode).toBe(403);
      expect((await put(token, VALID)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: SETTINGS })).statusCode).toBe(401);
    // A browser's change needs the request header, as every other.
    expect((await t.app.inject({ method: 'PUT', url: SETTINGS, payload: VALID, cookies: browser(root, false).cookies })).statusCode).toBe(403);
  });

  it('are validated with the form’s messages, lengths before patterns', async () => {
    const cases: [Record<string, unknown>, [string, string][]][] = [
      [{ trialDays: -1 }, [['trialDays', MESSAGES.schemeSettings.trialDaysInvalid(TRIAL.maxDays)]]],
      [{ trialDays: TRIAL.maxDays + 1 }, [['trialDays', MESSAGES.schemeSettings.trialDaysInvalid(TRIAL.maxDays)]]],
      [{ trialDays: 2.5 }, [['trialDays', MESSAGES.schemeSettings.trialDaysInvalid(TRIAL.maxDays)]]],
      [{ trialDays: '30' }, [['trialDays', MESSAGES.schemeSettings.trialDaysInvalid(TRIAL.maxDays)]]],
      [{ supportEmail: 'not an address' }, [['supportEmail', MESSAGES.schemeSettings.emailInvalid]]],
      [{ supportEmail: `${'a'.repeat(250)}@example.com` }, [['supportEmail', MESSAGES.schemeSettings.emailTooLong(255)]]],
      [{ supportPhone: '0113 <script>' }, [['supportPhone', MESSAGES.schemeSettings.phoneInvalid]]],
      [{ supportPhone: '1'.repeat(31) }, [['supportPhone', MESSAGES.schemeSettings.phoneTooLong(30)]]],
      [{ supportHours: 'x'.repeat(121) }, [['supportHours', MESSAGES.schemeSettings.hoursTooLong(120)]]],
    ];
    for (const [change, expected] of cases) {
      const res = await put(root, { ...VALID, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldMessages(res), JSON.stringify(change)).toEqual(expected);
    }
    expect((await t.app.inject({ method: 'GET', url: SETTINGS, headers: bearer(root) })).json()).toMatchObject({ trialDays: TRIAL.defaultDays, updatedAt: null });
  });

  it('are saved and audited once per change; blank contact fields are cleared; the same values change nothing', async () => {
    const saved = await put(root, { ...VALID, supportEmail: '  help@scheme.example ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = json<{ changed: boolean; message: string; settings: SchemeSettings }>(saved);
    expect(answer).toMatchObject({ changed: true, message: MESSAGES.schemeSettings.saved, settings: { ...VALID, updatedAt: expect.any(String) } });
    expect(json(await put(root, VALID))).toMatchObject({ changed: false, message: MESSAGES.schemeSettings.unchanged });

    const cleared = json<{ settings: SchemeSettings }>(await put(root, { ...VALID, trialDays: 0, supportPhone: '   ', supportHours: '' }));
    expect(cleared.settings).toMatchObject({ trialDays: 0, supportPhone: null, supportHours: null, supportEmail: VALID.supportEmail });

    const log = await rows<{ action: string; summary: string; target_kind: string; company_id: string | null }>(
      t.ctx.db,
      sql`select action, summary, target_kind, company_id from audit_log order by created_at`,
    );
    const S = MESSAGES.schemeSettings;
    const summary = (detail: string) => MESSAGES.audit.summary(MESSAGES.audit.actions['scheme.settingsChanged'], `${S.title}, ${detail}`);
    expect(log).toEqual([
      { action: 'scheme.settingsChanged', summary: summary(`${S.auditTrial(30, 14)}, ${S.supportEmail}, ${S.supportPhone}, ${S.supportHours}`), target_kind: 'settings', company_id: null },
      { action: 'scheme.settingsChanged', summary: summary(`${S.auditTrial(14, 0)}, ${S.supportPhone}, ${S.supportHours}`), target_kind: 'settings', company_id: null },
    ]);
  });

  it("set the length of the trials that start after a change, not of those already running", async () => {
    const billing = async (token: string) => billingSchema.parse(json(await t.app.inject({ method: 'GET', url: '/api/payment-billing', headers: bearer(token) })));
    const before = await billing(employer);
    expect(before.trial!.daysLeft).toBe(30);
    expect((await put(root, { ...VALID, trialDays: 7 })).statusCode).toBe(200);
    const other = await makeCompany(t.ctx.db, 'Globex');
    const otherEmployer = await makeEmployer(t.ctx.db, other, 'boss@globex.test');
    const after = await billing(otherEmployer);
    expect(new Date(after.expiryDate).getTime() - new Date(after.currentPeriodStart).getTime()).toBe(7 * DAY_MS);
    expect((await billing(employer)).expiryDate).toBe(before.expiryDate);
    // No free trial at all: it has ended the moment it starts, and the grace period runs from then.
    expect((await put(root, { ...VALID, trialDays: 0 })).statusCode).toBe(200);
    const third = await makeCompany(t.ctx.db, 'Initech');
    const none = await billing(await makeEmployer(t.ctx.db, third, 'boss@initech.test'));
    expect(none.trial).toMatchObject({ state: 'ended', daysLeft: 0 });
    expect(none.expiryDate).toBe(none.currentPeriodStart);
  });
});

describe('the support contact', () => {
  it('is what the super admins set, for the company administrators and super admins', async () => {
    const read = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/support', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return supportContactSchema.parse(json(res));
    };
    expect(await read(employer)).toEqual({ email: null, phone: null, hours: null });
    await put(root, VALID);
    expect(await read(employer)).toEqual({ email: VALID.supportEmail, phone: VALID.supportPhone, hours: VALID.supportHours });
    expect(await read(root)).toEqual(await read(employer));
    expect((await t.app.inject({ method: 'GET', url: '/api/support', headers: bearer(employee) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/support' })).statusCode).toBe(401);
  });
});
