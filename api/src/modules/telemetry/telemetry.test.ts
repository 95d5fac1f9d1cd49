import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, TELEMETRY_LIMITS, releaseHealthSchema, type TelemetryEvent } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { bearer, json, superAdminToken, useClockInside, useTestApp } from '../../test/test-support';
import { makeCompany, makeEmployer } from '../../test/people';
import { recordPublishedVersions } from './published';
import { recordBatch, SENDER_BUDGET, sweepTelemetry } from './service';

// A sender's budget is per half hour: the file runs inside one.
useClockInside(SENDER_BUDGET.windowMinutes * 60_000, 5 * 60_000);
const t = useTestApp();

beforeEach(async () => {
  await t.reset();
  // What release.json names: only these versions' telemetry is stored.
  await recordPublishedVersions(t.ctx.db, [
    { remote: 'mfe-employees', version: '1.3.0', role: 'stable' },
    { remote: 'mfe-employees', version: '1.4.0', role: 'canary' },
    { remote: 'mfe-billing', version: '2.0.0', role: 'stable' },
  ]);
});

let clients = 0;
const newClient = () => `client-${process.pid}-${++clients}`;

const load = (over: Partial<Extract<TelemetryEvent, { kind: 'load' }>> = {}): TelemetryEvent => ({
  remote: 'mfe-employees',
  version: '1.4.0',
  reason: 'canary',
  kind: 'load',
  ok: true,
  ms: 120,
  ...over,
});

const send = (body: unknown, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/telemetry', payload: body as object, remoteAddress });

async function minutes() {
  return rows<{ remote: string; version: string; page_views: number; loads_failed: number; render_errors: number; errors: number }>(
    t.ctx.db,
    sql`select remote, version, page_views, loads_failed, render_errors, errors from telemetry_minutes order by remote, version`,
  );
}

async function health(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/releases/health${query}`, headers: bearer(await superAdminToken(t.app)) });
  expect(res.statusCode, res.body).toBe(200);
  return releaseHealthSchema.parse(json(res));
}

describe('POST /api/telemetry', () => {
  it('takes an anonymous batch in with 202 and counts it per remote version', async () => {
    const res = await send({
      client: newClient(),
      events: [
        load(),
        load({ ok: false, ms: 3000 }),
        { remote: 'mfe-employees', version: '1.4.0', reason: 'canary', kind: 'render-error', message: 'boom' },
        { remote: 'mfe-employees', version: '1.4.0', reason: 'canary', kind: 'error' },
        load({ version: '1.3.0', reason: 'stable' }),
        { remote: 'mfe-employees', version: '1.3.0', reason: 'stable', kind: 'vital', name: 'LCP', value: 1800 },
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.telemetry.accepted });
    expect(await minutes()).toEqual([
      { remote: 'mfe-employees', version: '1.3.0', page_views: 1, loads_failed: 0, render_errors: 0, errors: 0 },
      { remote: 'mfe-employees', version: '1.4.0', page_views: 2, loads_failed: 1, render_errors: 1, errors: 1 },
    ]);
  });

  it('never counts an overridden (development) remote', async () => {
    const res = await send({ client: newClient(), events: [load({ reason: 'override' }), load({ reason: 'override', ok: false })] });
    expect(res.statusCode).toBe(202);
    expect(await minutes()).toEqual([]);
  });

  it('never counts a browser in a preview link: neither its failures against a canary nor its healthy loads', async () => {
    const failing = [load({ ok: false, ms: 3000 }), { remote: 'mfe-employees', version: '1.4.0', reason: 'canary', kind: 'render-error', message: 'boom' } as TelemetryEvent];
    // The cookie the portal server sets for a preview, whatever the events claim to be.
    for (const events of [failing, [load(), load({ version: '1.3.0', reason: 'stable' })]]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/telemetry', payload: { client: newClient(), events }, remoteAddress: '203.0.113.9', cookies: { portal_preview: 'abc.def' } });
      expect(res.statusCode, res.body).toBe(202);
      expect(json(res)).toEqual({ success: true, message: MESSAGES.telemetry.accepted });
    }
    // And the previewed remote's own events, from a browser that lost its cookie.
    expect((await send({ client: newClient(), events: [load({ reason: 'preview', ok: false }), load({ reason: 'preview' })] })).statusCode).toBe(202);
    expect(await minutes()).toEqual([]);
    // The same failures without a preview count.
    await send({ client: newClient(), events: failing });
    expect(await minutes()).toEqual([{ remote: 'mfe-employees', version: '1.4.0', page_views: 1, loads_failed: 1, render_errors: 1, errors: 0 }]);
  });

  it('refuses more than 20 events in a batch, or none, with a message', async () => {
    const many = await send({ client: newClient(), events: Array.from({ length: TELEMETRY_LIMITS.eventsPerBatch + 1 }, () => load()) });
    expect(many.statusCode).toBe(400);
    expect(json(many)).toMatchObject({ success: false, message: MESSAGES.telemetry.tooManyEvents(20) });
    const none = await send({ client: newClient(), events: [] });
    expect(none.statusCode).toBe(400);
    expect(json(none)).toMatchObject({ success: false, message: MESSAGES.telemetry.noEvents });
    expect(await minutes()).toEqual([]);
  });

  it('refuses a body over its size limit with 413', async () => {
    const padding = 'x'.repeat(TELEMETRY_LIMITS.maxBodyBytes);
    const res = await send({ client: newClient(), events: [load()], padding });
    expect(res.statusCode).toBe(413);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.common.bodyTooLarge });
    expect(await minutes()).toEqual([]);
  });

  it('refuses an unknown remote, a version outside the release alphabet and out-of-range numbers', async () => {
    const remote = await send({ client: newClient(), events: [load({ remote: 'mfe-nope' as never })] });
    expect(remote.statusCode).toBe(400);
    expect(json(remote).message).toBe(MESSAGES.telemetry.unknownRemote);
    const version = await send({ client: newClient(), events: [load({ version: '../../etc' })] });
    expect(version.statusCode).toBe(400);
    expect(json(version).message).toBe(MESSAGES.telemetry.badVersion);
    const ms = await send({ client: newClient(), events: [load({ ms: -1 })] });
    expect(ms.statusCode).toBe(400);
    expect(json(ms).message).toBe(MESSAGES.telemetry.badNumber);
    expect(await minutes()).toEqual([]);
  });

  it('answers 429 past a few batches a minute from one browser, while another browser at the same address is served', async () => {
    const client = newClient();
    const limit = t.ctx.config.rateLimits.telemetryPerClient;
    for (let i = 0; i < limit; i++) expect((await send({ client, events: [load()] })).statusCode).toBe(202);
    const refused = await send({ client, events: [load()] });
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toMatchObject({ success: false, message: MESSAGES.common.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send({ client: newClient(), events: [load()] })).statusCode).toBe(202);
    expect((await minutes())[0]!.page_views).toBe(limit + 1);
  });

  it('answers 429 past the per-address limit, whatever client ids a sender makes up', async () => {
    const saved = t.ctx.config.rateLimits.telemetryPerAddress;
    t.ctx.config.rateLimits.telemetryPerAddress = 3;
    try {
      for (let i = 0; i < 3; i++) expect((await send({ client: newClient(), events: [load()] }, '198.51.100.9')).statusCode).toBe(202);
      expect((await send({ client: newClient(), events: [load()] }, '198.51.100.9')).statusCode).toBe(429);
      expect((await send({ client: newClient(), events: [load()] }, '198.51.100.10')).statusCode).toBe(202);
    } finally {
      t.ctx.config.rateLimits.telemetryPerAddress = saved;
    }
  });

  it('counts at most 30 page views and 3 failures of a version in half an hour from one address, whatever client ids it makes up; other addresses count in full', async () => {
    const flood = Array.from({ length: 20 }, () => load({ ok: false, ms: 3000 }));
    // Ten batches of 20 failed page views, each with a made-up client id: one sender.
    for (let i = 0; i < 10; i++) expect((await send({ client: newClient(), events: flood }, '203.0.113.66')).statusCode).toBe(202);
    // A failed load past the failures is not counted as a page view either: 3 failed page views count.
    expect(await minutes()).toEqual([{ remote: 'mfe-employees', version: '1.4.0', page_views: 3, loads_failed: 3, render_errors: 0, errors: 0 }]);
    // Its budget is spent on what it offered: healthy page views after the flood count for nothing.
    for (let i = 0; i < 3; i++) expect((await send({ client: newClient(), events: Array.from({ length: 20 }, () => load()) }, '203.0.113.66')).statusCode).toBe(202);
    expect((await minutes())[0]).toMatchObject({ page_views: 3, loads_failed: 3 });
    // Another address's healthy flood counts 30 page views.
    for (let i = 0; i < 3; i++) expect((await send({ client: newClient(), events: Array.from({ length: 20 }, () => load()) }, '203.0.113.67')).statusCode).toBe(202);
    expect((await minutes())[0]).toMatchObject({ page_views: 33, loads_failed: 3 });
    // Real browsers, each at its own address: every page view and failure counts.
    for (let i = 0; i < 12; i++) expect((await send({ client: newClient(), events: [load({ ok: false })] }, `198.51.100.${i + 1}`)).statusCode).toBe(202);
    expect((await minutes())[0]).toMatchObject({ page_views: 33 + 12, loads_failed: 3 + 12 });
  });

  it('stores nothing personal: error messages lose emails, tokens, ids and query strings, extra fields are dropped', async () => {
    const client = newClient();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlcmluIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    const userId = '5f0c8a7e-1b2c-4d3e-9f10-112233445566';
    const message = (
      `TypeError: cannot read "name" of erin.employer@acme.test at https://portal.test/employee-management?search=erin&token=${jwt} ` +
      `(user ${userId}, Authorization: Bearer ${jwt}, key=sk_live_4eC39HqLyjWDarjtT1zdp7dc, phone +44 7700 900123) ${'padding '.repeat(100)}`
    ).slice(0, TELEMETRY_LIMITS.maxMessageChars);
    const res = await send({
      client,
      userId,
      email: 'erin.employer@acme.test',
      events: [{ remote: 'mfe-employees', version: '1.4.0', reason: 'canary', kind: 'render-error', message, userId, url: 'https://portal.test/?email=erin' }],
    });
    expect(res.statusCode, res.body).toBe(202);
    const [sample] = await rows<{ message: string; count: number }>(t.ctx.db, sql`select message, count from telemetry_error_samples`);
    expect(sample!.count).toBe(1);
    expect(sample!.message.startsWith('TypeError: cannot read "name" of [email] at https://portal.test/employee-management (user [id]')).toBe(true);
    expect(sample!.message.length).toBeLessThanOrEqual(TELEMETRY_LIMITS.storedMessageChars);
    const stored = JSON.stringify([
      ...(await rows(t.ctx.db, sql`select * from telemetry_minutes`)),
      ...(await rows(t.ctx.db, sql`select * from telemetry_error_samples`)),
      ...(await rows(t.ctx.db, sql`select * from rate_limits`)),
      ...(await rows(t.ctx.db, sql`select * from telemetry_senders`)),
    ]);
    for (const personal of ['erin', 'acme.test', userId, jwt, 'sk_live', '7700', 'search=', '203.0.113.7', client]) {
      expect(stored, personal).not.toContain(personal);
    }
  });
});

describe('GET /api/releases/health', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

  it("answers each version's figures over the window from the stored minutes", async () => {
    // Stable: 400 views, 4 failed loads, 2 render errors; loads 100..499 ms; LCP 2000 ms for all.
    for (let batch = 0; batch < 20; batch++) {
      const events: TelemetryEvent[] = Array.from({ length: 20 }, (_, i) => {
        const n = batch * 20 + i;
        return n < 4 ? load({ version: '1.3.0', reason: 'stable', ok: false }) : load({ version: '1.3.0', reason: 'stable', ms: 100 + n });
      });
      await recordBatch(t.ctx.db, { events }, at(batch % 5));
      await recordBatch(
        t.ctx.db,
        { events: [{ remote: 'mfe-employees', version: '1.3.0', reason: 'stable', kind: 'vital', name: 'LCP', value: 2000 }] },
        at(batch % 5),
      );
    }
    await recordBatch(t.ctx.db, { events: [{ remote: 'mfe-employees', version: '1.3.0', reason: 'stable', kind: 'render-error' }, { remote: 'mfe-employees', version: '1.3.0', reason: 'stable', kind: 'render-error' }] }, at(1));
    // Canary: 10 views, half of them failing to render; another remote; and an old minute outside the window.
    await recordBatch(t.ctx.db, { events: [...Array.from({ length: 10 }, () => load()), ...Array.from({ length: 5 }, () => ({ remote: 'mfe-employees', version: '1.4.0', reason: 'canary', kind: 'render-error' }) as TelemetryEvent)] }, at(2));
    await recordBatch(t.ctx.db, { events: [load({ remote: 'mfe-billing', version: '2.0.0', reason: 'stable', ms: 50 })] }, at(3));
    await recordBatch(t.ctx.db, { events: Array.from({ length: 20 }, () => load({ version: '1.3.0', reason: 'stable', ok: false })) }, at(90));

    const h = await health();
    expect(h.windowMinutes).toBe(60);
    const byVersion = Object.fromEntries(h.versions.map((v) => [`${v.remote}@${v.version}`, v]));
    expect(Object.keys(byVersion).sort()).toEqual(['mfe-billing@2.0.0', 'mfe-employees@1.3.0', 'mfe-employees@1.4.0']);
    const stable = byVersion['mfe-employees@1.3.0']!;
    expect(stable).toMatchObject({ pageViews: 400, loadFailures: 4, renderErrors: 2, loadFailureRate: 0.01, renderErrorRate: 0.005, errorRate: 0.015 });
    // Histogram estimates: within the 12% a bucket allows.
    expect(stable.lcpP75Ms! / 2000).toBeGreaterThan(0.88);
    expect(stable.lcpP75Ms! / 2000).toBeLessThan(1.12);
    const trueP95 = 100 + 4 + Math.ceil(0.95 * 396) - 1;
    expect(stable.loadP95Ms! / trueP95).toBeGreaterThan(0.88);
    expect(stable.loadP95Ms! / trueP95).toBeLessThan(1.12);
    expect(stable.inpP75Ms).toBeNull();
    expect(byVersion['mfe-employees@1.4.0']).toMatchObject({ pageViews: 10, renderErrors: 5, errorRate: 0.5 });

    // A longer window takes in the old minute.
    const day = await health('?minutes=1440');
    expect(day.versions.find((v) => v.version === '1.3.0')).toMatchObject({ pageViews: 420, loadFailures: 24 });
  });

  it('answers a trend per version: page views and failures per minute of the hour, per 24 minutes of a day', async () => {
    await recordBatch(t.ctx.db, { events: [load(), load(), load({ ok: false })] }, at(10));
    await recordBatch(t.ctx.db, { events: [load(), { remote: 'mfe-employees', version: '1.4.0', reason: 'canary', kind: 'render-error' }] }, at(2));
    await recordBatch(t.ctx.db, { events: [load()] }, at(1));
    const h = await health();
    expect(h.bucketMinutes).toBe(1);
    const v = h.versions.find((x) => x.version === '1.4.0')!;
    expect(v.series?.map((p) => [p.pageViews, p.failures])).toEqual([[3, 1], [1, 1], [1, 0]]);
    expect(Date.parse(v.series![0]!.at)).toBeLessThan(Date.parse(v.series![1]!.at));
    const day = await health('?minutes=1440');
    expect(day.bucketMinutes).toBe(24);
    expect(day.versions.find((x) => x.version === '1.4.0')!.series!.reduce((n, p) => n + p.pageViews, 0)).toBe(5);
  });

  it('refuses a window outside 1 minute to 30 days with a message', async () => {
    const token = await superAdminToken(t.app);
    for (const minutes of ['0', '43201', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/releases/health?minutes=${minutes}`, headers: bearer(token) });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(MESSAGES.telemetry.badMinutes);
    }
  });

  it('is for super admins only', async () => {
    const company = await makeCompany(t.ctx.db, 'Acme Ltd');
    const employer = await makeEmployer(t.ctx.db, company, 'erin@acme.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/releases/health', headers: bearer(employer) });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/releases/health' })).statusCode).toBe(401);
  });
});

describe('retention', () => {
  it('drops minutes older than 30 days and error messages older than 7', async () => {
    const day = 86_400_000;
    const event = (message: string): TelemetryEvent => ({ remote: 'mfe-employees', version: '1.4.0', reason: 'canary', kind: 'error', message });
    await recordBatch(t.ctx.db, { events: [load(), event('recent')] }, new Date(Date.now() - 2 * day));
    await recordBatch(t.ctx.db, { events: [load(), event('week old')] }, new Date(Date.now() - 8 * day));
    await recordBatch(t.ctx.db, { events: [load(), event('month old')] }, new Date(Date.now() - 31 * day));
    await sweepTelemetry(t.ctx.db);
    const [left] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from telemetry_minutes`);
    expect(left!.n).toBe(2);
    const messages = await rows<{ message: string }>(t.ctx.db, sql`select message from telemetry_error_samples`);
    expect(messages.map((m) => m.message)).toEqual(['recent']);
  });
});
