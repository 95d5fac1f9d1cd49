import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, releaseHealthSchema, type TelemetryEvent } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { bearer, json, loginAs, registerEmployer, superAdminToken, useClockInside, useTestApp } from '../../test/test-support';
import { guardFiguresOver } from './guard-figures';
import { recordPublishedVersions } from './published';
import { SENDER_BUDGET, SENDERS_PER_REMOTE_WINDOW, senderWindowOf, sweepTelemetry } from './service';

/**
 * Who a batch counts for (docs/decisions/0029): a sender is a client address (IPv6 by /64) or a
 * signed-in user, never an id the client makes up, with a bounded weight per version and half hour.
 * This app stands behind one proxy (TRUST_PROXY=1): the client address is the proxy's entry in
 * X-Forwarded-For.
 */
// A sender's budget is per half hour: the file runs inside one.
useClockInside(SENDER_BUDGET.windowMinutes * 60_000, 5 * 60_000);
const t = useTestApp({ config: { trustProxy: 1 } });
const PROXY = '10.0.0.2';

beforeEach(async () => {
  await t.reset();
  await recordPublishedVersions(t.ctx.db, [
    { remote: 'mfe-employees', version: '1.3.0', role: 'stable' },
    { remote: 'mfe-employees', version: '1.4.0', role: 'canary' },
    { remote: 'mfe-billing', version: '2.0.0', role: 'stable' },
  ]);
});

let clients = 0;
const newClient = () => `senders-${process.pid}-${++clients}`;
const event = (over: Partial<TelemetryEvent> & Pick<TelemetryEvent, 'kind'>): TelemetryEvent =>
  ({ remote: 'mfe-employees', version: '1.4.0', reason: 'canary', ...over }) as TelemetryEvent;
const failedLoad = (over: Partial<TelemetryEvent> = {}) => event({ kind: 'load', ok: false, ms: 3000, ...over } as TelemetryEvent);
const goodLoad = (over: Partial<TelemetryEvent> = {}) => event({ kind: 'load', ok: true, ms: 120, ...over } as TelemetryEvent);

/** A batch as the proxy hands it on: `forwardedFor` is the header as it reaches the api (the client's part, then the proxy's entry). */
async function send(events: TelemetryEvent[], forwardedFor: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/telemetry',
    payload: { client: newClient(), events },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': forwardedFor, ...headers },
  });
  expect(res.statusCode, res.body).toBe(202);
}

async function counted(version = '1.4.0') {
  const [r] = await rows<{ page_views: number; failures: number; errors: number; lcp: number }>(
    t.ctx.db,
    sql`select coalesce(sum(page_views), 0)::int as page_views, coalesce(sum(loads_failed + render_errors), 0)::int as failures,
          coalesce(sum(errors), 0)::int as errors, coalesce(sum((select sum(x) from unnest(lcp_ms) as x)), 0)::int as lcp
        from telemetry_minutes where remote = 'mfe-employees' and version = ${version}`,
  );
  return r!;
}

async function health(query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/releases/health${query}`, headers: bearer(await superAdminToken(t.app)) });
  expect(res.statusCode, res.body).toBe(200);
  return releaseHealthSchema.parse(json(res));
}

describe('a sender is a client address or a signed-in user', () => {
  it('takes every address of one IPv6 /64 as one sender; the next /64 and an IPv4 address are others', async () => {
    for (let i = 1; i <= 12; i++) await send([failedLoad()], `2001:db8:1:2::${i.toString(16)}`);
    expect(await counted()).toMatchObject({ page_views: SENDER_BUDGET.failures, failures: SENDER_BUDGET.failures });
    await send([failedLoad()], '2001:db8:1:3::1');
    expect(await counted()).toMatchObject({ failures: SENDER_BUDGET.failures + 1 });
    // An IPv4 address written as IPv6 and as itself: one sender, one budget.
    for (let i = 0; i < SENDER_BUDGET.failures; i++) await send([failedLoad()], '::ffff:198.51.100.4');
    await send([failedLoad()], '198.51.100.4');
    expect(await counted()).toMatchObject({ failures: 2 * SENDER_BUDGET.failures + 1 });
  });

  it('never makes a new sender of what the client writes into X-Forwarded-For before the proxy entry', async () => {
    for (let i = 0; i < 12; i++) await send([failedLoad()], `192.0.2.${i + 1}, 2001:db8::${i + 1}, 203.0.113.5`);
    expect(await counted()).toMatchObject({ failures: SENDER_BUDGET.failures });
    // The per-address rate limit is that address's too, whatever comes before it.
    const saved = t.ctx.config.rateLimits.telemetryPerAddress;
    t.ctx.config.rateLimits.telemetryPerAddress = 14;
    try {
      await send([goodLoad()], '192.0.2.99, 203.0.113.5');
      await send([goodLoad()], '192.0.2.98, 203.0.113.5');
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/telemetry',
        payload: { client: newClient(), events: [goodLoad()] },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '192.0.2.97, 203.0.113.5' },
      });
      expect(refused.statusCode).toBe(429);
    } finally {
      t.ctx.config.rateLimits.telemetryPerAddress = saved;
    }
  });

  it('counts a signed-in user apart from its address, and two sessions of one user as one sender', async () => {
    const erin = await registerEmployer(t.app, 'erin@acme.test');
    const finn = await registerEmployer(t.app, 'finn@acme.test');
    const office = '203.0.113.40';
    // Anonymous browsers of the office: one sender.
    for (let i = 0; i < 5; i++) await send([failedLoad()], office);
    // Erin (the session cookie, as the shell sends it) and Finn (a bearer token): a sender each.
    for (let i = 0; i < 5; i++) await send([failedLoad()], office, { cookie: `${SESSION_COOKIE}=${erin.token}` });
    for (let i = 0; i < 5; i++) await send([failedLoad()], office, bearer(finn.token));
    expect(await counted()).toMatchObject({ failures: 3 * SENDER_BUDGET.failures });
    // Erin signs in again elsewhere: the same user, no new budget.
    const again = json<{ token: string }>(await loginAs(t.app, 'erin@acme.test', 'Passw0rd!')).token;
    expect(again).not.toBe(erin.token);
    for (let i = 0; i < 5; i++) await send([failedLoad()], '198.51.100.77', bearer(again));
    // A made-up token is no session: the address's sender.
    for (let i = 0; i < 5; i++) await send([failedLoad()], office, bearer('made-up-token-that-is-no-session'));
    expect(await counted()).toMatchObject({ failures: 3 * SENDER_BUDGET.failures });
  });
});

describe('what is stored', () => {
  it('keeps nothing of versions release.json does not name, and stops counting a version once it is no longer named', async () => {
    const madeUp = Array.from({ length: 20 }, (_, i) => failedLoad({ version: `9.9.${i}` }));
    await send(madeUp, '203.0.113.8');
    await send([failedLoad({ remote: 'mfe-billing', version: '2.0.1' } as Partial<TelemetryEvent>)], '203.0.113.8');
    const stored = await rows<{ n: number }>(
      t.ctx.db,
      sql`select (select count(*) from telemetry_minutes)::int + (select count(*) from telemetry_senders)::int + (select count(*) from telemetry_error_samples)::int as n`,
    );
    expect(stored[0]!.n).toBe(0);
    await send([goodLoad()], '203.0.113.9');
    expect((await counted()).page_views).toBe(1);
    // The canary is withdrawn: what it had stays, nothing more is counted.
    await recordPublishedVersions(t.ctx.db, [{ remote: 'mfe-employees', version: '1.3.0', role: 'stable' }]);
    await send([goodLoad()], '203.0.113.10');
    expect((await counted()).page_views).toBe(1);
  });

  it('drops vitals outside plausible ranges, and counts at most a budget of each vital per sender', async () => {
    // Ten-minute LCPs (the contract reads up to ten minutes): taken in, never stored.
    for (let i = 0; i < 5; i++) await send(Array.from({ length: 20 }, () => event({ kind: 'vital', name: 'LCP', value: 600_000 } as TelemetryEvent)), '203.0.113.11');
    expect((await counted()).lcp).toBe(0);
    // Plausible values from one sender: its budget's worth count.
    await send(Array.from({ length: 20 }, () => event({ kind: 'vital', name: 'LCP', value: 2500 } as TelemetryEvent)), '203.0.113.12');
    expect((await counted()).lcp).toBe(SENDER_BUDGET.vitals);
    // Ten real browsers with a 2 s LCP each, one sender with its budget of 59 s LCPs: p75 stays with the browsers.
    for (let i = 0; i < 20; i++) await send([event({ kind: 'vital', name: 'LCP', value: 2000 } as TelemetryEvent)], `198.51.100.${i + 20}`);
    await send(Array.from({ length: 20 }, () => event({ kind: 'vital', name: 'LCP', value: 59_000 } as TelemetryEvent)), '203.0.113.13');
    const v = (await health()).versions.find((x) => x.version === '1.4.0')!;
    expect(v.lcpP75Ms).toBeLessThan(3000);
  });

  it('keeps error messages within the same budget, and at most 20 distinct messages a version and minute', async () => {
    const errors = Array.from({ length: 20 }, (_, i) => event({ kind: 'error', message: `TypeError: x${'i'.repeat(i)} is undefined` } as TelemetryEvent));
    await send(errors, '203.0.113.14');
    expect((await counted()).errors).toBe(SENDER_BUDGET.errors);
    const [samples] = await rows<{ n: number; total: number }>(t.ctx.db, sql`select count(*)::int as n, sum(count)::int as total from telemetry_error_samples`);
    expect(samples).toEqual({ n: SENDER_BUDGET.errors, total: SENDER_BUDGET.errors });
    // Render errors count within the failures: their messages too.
    await send(Array.from({ length: 10 }, (_, i) => event({ kind: 'render-error', message: `Error: render ${'r'.repeat(i)}` } as TelemetryEvent)), '203.0.113.15');
    const [renders] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from telemetry_error_samples where kind = 'render-error'`);
    expect(renders!.n).toBe(SENDER_BUDGET.failures);
    // Many senders, many messages: 20 distinct ones a version and minute.
    for (let s = 0; s < 4; s++) {
      await send(Array.from({ length: 10 }, (_, i) => event({ kind: 'error', message: `Error: sender ${s} says ${'m'.repeat(i)}` } as TelemetryEvent)), `198.51.100.${s + 50}`);
    }
    const [distinct] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from telemetry_error_samples where remote = 'mfe-employees' and version = '1.4.0'`);
    expect(distinct!.n).toBe(20);
  });

  it('stores at most a bounded number of senders a remote and half hour: a new one past it counts for nothing, one already in counts on', async () => {
    await send([goodLoad()], '203.0.113.20');
    const window = senderWindowOf(new Date()).toISOString();
    await t.ctx.db.execute(sql`insert into telemetry_senders (remote, window_start, version, sender, offered_views, page_views)
      select 'mfe-employees', ${window}::timestamptz, '1.3.0', 'filler-' || i, 1, 1 from generate_series(1, ${SENDERS_PER_REMOTE_WINDOW - 1}) as i`);
    await send([goodLoad()], '203.0.113.21');
    await send([goodLoad()], '203.0.113.20');
    expect((await counted()).page_views).toBe(2);
    // Another remote has its own bound.
    await send([goodLoad({ remote: 'mfe-billing', version: '2.0.0' } as Partial<TelemetryEvent>)], '203.0.113.21');
    const [billing] = await rows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from telemetry_minutes where remote = 'mfe-billing'`);
    expect(billing!.n).toBe(1);
  });

  it('drops senders older than 7 days with the retention sweep', async () => {
    const old = senderWindowOf(new Date(Date.now() - 8 * 86_400_000)).toISOString();
    await t.ctx.db.execute(sql`insert into telemetry_senders (remote, window_start, version, sender) values ('mfe-employees', ${old}::timestamptz, '1.4.0', 'old')`);
    await send([goodLoad()], '203.0.113.22');
    await sweepTelemetry(t.ctx.db);
    const left = await rows<{ sender: string }>(t.ctx.db, sql`select sender from telemetry_senders`);
    expect(left).toHaveLength(1);
    expect(left[0]!.sender).not.toBe('old');
  });
});

describe('the figures say how many senders they come from', () => {
  it('answers distinct senders per version, a page at a time with the versions release.json names first', async () => {
    for (let i = 0; i < 3; i++) await send([goodLoad(), goodLoad()], `198.51.100.${i + 1}`);
    for (let i = 0; i < 2; i++) await send([goodLoad({ version: '1.3.0', reason: 'stable' } as Partial<TelemetryEvent>)], `2001:db8:${i}::1`);
    await send([goodLoad({ remote: 'mfe-billing', version: '2.0.0', reason: 'stable' } as Partial<TelemetryEvent>)], '198.51.100.1');
    const h = await health();
    expect(h.versions.map((v) => [v.remote, v.version, v.pageViews, v.senders])).toEqual([
      ['mfe-billing', '2.0.0', 1, 1],
      ['mfe-employees', '1.3.0', 2, 2],
      ['mfe-employees', '1.4.0', 6, 3],
    ]);
    expect(h).toMatchObject({ totalCount: 3, pageNumber: 1, pageSize: 50, totalPages: 1, hasPreviousPage: false, hasNextPage: false });
    const first = await health('?pageSize=2');
    expect(first.versions.map((v) => v.version)).toEqual(['2.0.0', '1.3.0']);
    expect(first).toMatchObject({ totalCount: 3, totalPages: 2, hasNextPage: true });
    const second = await health('?pageSize=2&pageNumber=2');
    expect(second.versions.map((v) => v.version)).toEqual(['1.4.0']);
    expect(second).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect((await health('?pageSize=2&pageNumber=3')).versions).toEqual([]);
    // Past the 7 days senders are kept, the window's senders are not known.
    expect((await health('?minutes=43200')).versions.every((v) => v.senders === null)).toBe(true);
  });

  it("gives the guard each asked version's senders and the largest one's share, by page views and by failures", async () => {
    for (let i = 0; i < 4; i++) await send([goodLoad(), goodLoad()], `198.51.100.${i + 1}`);
    await send(Array.from({ length: 20 }, () => goodLoad()), '203.0.113.30');
    await send([failedLoad(), failedLoad(), event({ kind: 'render-error' })], '203.0.113.31');
    await send([goodLoad({ version: '1.3.0', reason: 'stable' } as Partial<TelemetryEvent>)], '198.51.100.1');
    const from = new Date(Date.now() - 10 * 60_000);
    const to = new Date(Date.now() + 60_000);
    const figures = await guardFiguresOver(t.ctx.db, from, to, [
      { remote: 'mfe-employees', version: '1.4.0' },
      { remote: 'mfe-employees', version: '1.3.0' },
      { remote: 'mfe-employees', version: '7.7.7' },
    ]);
    expect(figures).toEqual([
      { remote: 'mfe-employees', version: '1.3.0', pageViews: 1, loadFailures: 0, renderErrors: 0, senders: 1, largest: [{ pageViews: 1, failures: 0 }] },
      {
        remote: 'mfe-employees',
        version: '1.4.0',
        pageViews: 8 + 20 + 2,
        loadFailures: 2,
        renderErrors: 1,
        senders: 6,
        largest: [
          { pageViews: 20, failures: 0 },
          { pageViews: 2, failures: 3 },
        ],
      },
      { remote: 'mfe-employees', version: '7.7.7', pageViews: 0, loadFailures: 0, renderErrors: 0, senders: 0, largest: [] },
    ]);
  });
});
