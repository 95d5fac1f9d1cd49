import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type CompanyFreeze, type ConsoleFreezes, type ConsolePreviews, type ReleaseConsole } from '@portal/shared-contracts';
import { offCanaryPromotion } from '@portal/shared-contracts/release-state';
import { companies } from '../../db/schema';
import { bearer, employerOf, json, superAdminToken, useTestApp } from '../../test/test-support';
import { memoryReleaseConsole } from './memory-port';

const t = useTestApp();
beforeEach(async () => {
  await t.reset();
  delete t.ctx.releaseConsole;
});

describe('the release console endpoints', () => {
  it('an api instance without the release store says where the console is served', async () => {
    const root = await superAdminToken(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/releases/console', headers: bearer(root) });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.releases.unavailable });
  });

  it('a canary for a company shows the company by name and the history names the super admin', async () => {
    t.ctx.releaseConsole = memoryReleaseConsole();
    const [company] = await t.ctx.db
      .insert(companies)
      .values({ name: 'Acme Lifts', email: 'acme@example.com', phoneNumber: '+441234567890' })
      .returning({ id: companies.id });
    const root = await superAdminToken(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/releases/console/mfe-billing/canary',
      headers: bearer(root),
      payload: { version: '1.1.0', percent: 25, companies: [company!.id] },
    });
    expect(res.statusCode).toBe(200);
    const view = json<ReleaseConsole>(res);
    const billing = view.remotes.find((r) => r.remote === 'mfe-billing')!;
    expect(billing.canary).toMatchObject({ version: '1.1.0', percent: 25, companies: [{ id: company!.id, name: 'Acme Lifts' }] });
    expect(view.history[0]).toMatchObject({ action: 'canary', remote: 'mfe-billing', version: '1.1.0', from: '1.0.0' });
    expect(view.history[0]!.by).toContain('root@portal.test');
  });

  it('refuses a share out of range with the message, and a change the store refuses with 409', async () => {
    t.ctx.releaseConsole = memoryReleaseConsole();
    const root = await superAdminToken(t.app);
    const bad = await t.app.inject({ method: 'PUT', url: '/api/releases/console/mfe-billing/canary', headers: bearer(root), payload: { version: '1.1.0', percent: 150 } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ success: false, message: MESSAGES.releases.badPercent });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/releases/console/mfe-nope/abort', headers: bearer(root) });
    expect(unknown.statusCode).toBe(400);
    const refused = await t.app.inject({ method: 'POST', url: '/api/releases/console/mfe-billing/abort', headers: bearer(root) });
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({ success: false, message: 'mfe-billing has no canary' });
  });

  it('an aborted canary stays at share 0 beside stable and is not promoted, named or not, until it has a share again', async () => {
    t.ctx.releaseConsole = memoryReleaseConsole();
    const root = await superAdminToken(t.app);
    const post = (action: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/releases/console/mfe-billing/${action}`, headers: bearer(root), ...(payload ? { payload } : {}) });
    const share = (percent: number) =>
      t.app.inject({ method: 'PUT', url: '/api/releases/console/mfe-billing/canary', headers: bearer(root), payload: { version: '1.1.0', percent } });
    expect((await share(25)).statusCode).toBe(200);

    const aborted = await post('abort');
    expect(aborted.statusCode).toBe(200);
    const billing = json<ReleaseConsole>(aborted).remotes.find((r) => r.remote === 'mfe-billing')!;
    expect(billing.stable?.version).toBe('1.0.0');
    expect(billing.canary).toMatchObject({ version: '1.1.0', percent: 0, companies: [] });

    const why = offCanaryPromotion('mfe-billing', '1.1.0');
    for (const body of [{}, { version: '1.1.0' }]) {
      const refused = await post('promote', body);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toMatchObject({ success: false, message: why });
    }
    const again = await post('abort');
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ success: false, message: "mfe-billing's canary 1.1.0 is already at share 0" });

    expect((await share(10)).statusCode).toBe(200);
    const promoted = await post('promote', {});
    expect(promoted.statusCode).toBe(200);
    const after = json<ReleaseConsole>(promoted).remotes.find((r) => r.remote === 'mfe-billing')!;
    expect(after.stable?.version).toBe('1.1.0');
    expect(after.canary).toBeNull();
  });
});

describe('change freezes', () => {
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
  async function twoCompanies() {
    const rows = await t.ctx.db
      .insert(companies)
      .values([
        { name: 'Acme Lifts', email: 'acme@example.com', phoneNumber: '+441234567890' },
        { name: 'Bolt Rides', email: 'bolt@example.com', phoneNumber: '+441234567891' },
      ])
      .returning({ id: companies.id });
    return rows.map((r) => r.id) as [string, string];
  }

  it('a super admin freezes a company, sees every freeze by company name, and ends it', async () => {
    const port = memoryReleaseConsole();
    t.ctx.releaseConsole = port;
    const [acme] = await twoCompanies();
    const root = await superAdminToken(t.app);
    const until = days(3);
    const res = await t.app.inject({ method: 'PUT', url: `/api/releases/console/freezes/${acme}`, headers: bearer(root), payload: { until } });
    expect(res.statusCode).toBe(200);
    expect(json<ConsoleFreezes>(res).freezes).toEqual([
      expect.objectContaining({ companyId: acme, companyName: 'Acme Lifts', until, held: expect.arrayContaining([{ remote: 'mfe-billing', stable: '1.0.0', canary: null }]) }),
    ]);
    expect(port.history.at(-1)).toMatchObject({ action: 'freeze', version: acme, by: expect.stringContaining('root@portal.test') });

    const ended = await t.app.inject({ method: 'DELETE', url: `/api/releases/console/freezes/${acme}`, headers: bearer(root) });
    expect(json<ConsoleFreezes>(ended).freezes).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/releases/console/freezes/${acme}`, headers: bearer(root) });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ success: false, message: MESSAGES.releaseFreeze.notFrozen(acme) });
  });

  it('refuses an end in the past, past 31 days or not a date, and a company id that is not one, with the message', async () => {
    t.ctx.releaseConsole = memoryReleaseConsole();
    const [acme] = await twoCompanies();
    const root = await superAdminToken(t.app);
    const put = (until: unknown, id = acme) => t.app.inject({ method: 'PUT', url: `/api/releases/console/freezes/${id}`, headers: bearer(root), payload: { until } });
    for (const [until, message] of [
      [days(-1), MESSAGES.releaseFreeze.untilPast],
      [days(32), MESSAGES.releaseFreeze.untilTooFar(31)],
      ['next friday', MESSAGES.releaseFreeze.badUntil],
      ['9'.repeat(5000), MESSAGES.releaseFreeze.badUntil],
      [42, MESSAGES.releaseFreeze.badUntil],
    ] as const) {
      const res = await put(until);
      expect(res.statusCode, String(until).slice(0, 20)).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message });
    }
    const badId = await put(days(2), 'acme');
    expect(badId.statusCode).toBe(400);
    expect(json(badId)).toMatchObject({ success: false, message: MESSAGES.releaseFreeze.badCompany });
  });

  it('an employer freezes, sees and ends only its own company, whatever it sends', async () => {
    const port = memoryReleaseConsole();
    t.ctx.releaseConsole = port;
    const [acme, bolt] = await twoCompanies();
    const { token } = await employerOf(t, acme, 'erin@acme.test');
    const { token: boltToken } = await employerOf(t, bolt, 'bo@bolt.test');
    const none = await t.app.inject({ method: 'GET', url: '/api/releases/freeze', headers: bearer(token) });
    expect(json<CompanyFreeze>(none)).toEqual({ freeze: null, maxDays: 31 });

    const until = days(5);
    const frozen = await t.app.inject({ method: 'PUT', url: '/api/releases/freeze', headers: bearer(token), payload: { until, companyId: bolt } });
    expect(frozen.statusCode).toBe(200);
    expect(json<CompanyFreeze>(frozen).freeze).toMatchObject({ companyId: acme, until });
    expect(port.manifest.freezes?.map((f) => f.companyId)).toEqual([acme]);
    // The other company sees no freeze of its own and cannot end Acme's.
    expect(json<CompanyFreeze>(await t.app.inject({ method: 'GET', url: '/api/releases/freeze', headers: bearer(boltToken) })).freeze).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/releases/freeze', headers: bearer(boltToken) })).statusCode).toBe(409);
    expect(port.manifest.freezes?.map((f) => f.companyId)).toEqual([acme]);

    const ended = await t.app.inject({ method: 'DELETE', url: '/api/releases/freeze', headers: bearer(token) });
    expect(json<CompanyFreeze>(ended).freeze).toBeNull();
  });
});

describe('preview links from the release console', () => {
  it('makes a link for a published version, lists it, revokes it, and records both in the history', async () => {
    const port = memoryReleaseConsole();
    t.ctx.releaseConsole = port;
    const root = await superAdminToken(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/releases/console/previews',
      headers: bearer(root),
      payload: { remote: 'mfe-billing', version: '1.1.0', expires: '24h' },
    });
    expect(made.statusCode).toBe(200);
    const answer = json<ConsolePreviews>(made);
    expect(answer.created).toMatchObject({ remote: 'mfe-billing', version: '1.1.0', link: expect.stringContaining('preview=') });
    expect(Date.parse(answer.created!.until) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(answer.created!.by).toContain('root@portal.test');
    expect(answer.previews).toEqual([answer.created]);

    const listed = await t.app.inject({ method: 'GET', url: '/api/releases/console/previews', headers: bearer(root) });
    expect(json<ConsolePreviews>(listed)).toEqual({ previews: [answer.created] });

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/releases/console/previews/${answer.created!.id}`, headers: bearer(root) });
    expect(revoked.statusCode).toBe(200);
    expect(json<ConsolePreviews>(revoked)).toEqual({ previews: [] });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/releases/console/previews/${answer.created!.id}`, headers: bearer(root) });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ success: false, message: MESSAGES.releasePreview.notFound(answer.created!.id) });

    const view = json<ReleaseConsole>(await t.app.inject({ method: 'GET', url: '/api/releases/console', headers: bearer(root) }));
    expect(view.history.slice(0, 2).map((e) => [e.action, e.remote, e.version])).toEqual([
      ['revoke-preview', 'mfe-billing', '1.1.0'],
      ['preview', 'mfe-billing', '1.1.0'],
    ]);
  });

  it('refuses an expiry past 30 days, a version not published, and an id that is not one, each with its message', async () => {
    t.ctx.releaseConsole = memoryReleaseConsole();
    const root = await superAdminToken(t.app);
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/releases/console/previews', headers: bearer(root), payload });
    for (const expires of ['31d', '0h', '7 days', '1.5d', 'x'.repeat(500)]) {
      const bad = await post({ remote: 'mfe-billing', version: '1.1.0', expires });
      expect(bad.statusCode, expires.slice(0, 10)).toBe(400);
      expect(json(bad)).toMatchObject({ success: false, message: MESSAGES.releasePreview.badExpires(30) });
    }
    const unpublished = await post({ remote: 'mfe-billing', version: '9.9.9' });
    expect(unpublished.statusCode).toBe(409);
    expect(json(unpublished)).toMatchObject({ success: false, message: MESSAGES.releasePreview.notPublished('mfe-billing', '9.9.9') });
    const badId = await t.app.inject({ method: 'DELETE', url: '/api/releases/console/previews/..%2Fx', headers: bearer(root) });
    expect(badId.statusCode).toBe(400);
    expect(json(badId)).toMatchObject({ success: false, message: MESSAGES.releasePreview.badId });
  });
});
