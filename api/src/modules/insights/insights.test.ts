import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  co2ReportSchema,
  dashboardSummarySchema,
  emissionSettingsSchema,
  monthlyTrendSchema,
  participationPageSchema,
  type ParticipationRow,
} from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { json, useTestApp, type Res } from '../../test/test-support';
import { acmeAndGlobex, dropAddedFactors, makeEmployee, monthFromNow, postTrip, thisMonthAt, tokenFor } from '../../test/trips-world';

const t = useTestApp();

type Person = { id: string; token: string };
interface World {
  acme: string;
  globex: string;
  boss: string; // Acme's employer
  rival: string; // Globex's employer
  root: string;
  p: Record<'dan' | 'pat' | 'sue' | 'eve' | 'fay' | 'hal' | 'ivy' | 'zoe', Person>;
}
let w: World;

beforeEach(async () => {
  await t.reset();
  await dropAddedFactors(t.ctx.db);
  const db = t.ctx.db;
  const companies = await acmeAndGlobex(db, { acmeIncentive: { numberOfTrips: 2, numberOfMiles: 30 } });
  const [root] = await rows<{ id: string }>(db, sql`select id from users where role = 'SuperAdmin'`);
  const person = (first: string, o = {}) => makeEmployee(db, companies.acme, first, 'Smith', o);
  w = {
    ...companies,
    root: await tokenFor(db, root!.id),
    p: {
      dan: await person('Dan', { car: true, department: 'Logistics' }),
      pat: await person('Pat', { car: true }),
      sue: await person('Sue', { car: true }),
      eve: await person('Eve', { car: true }),
      fay: await person('Fay', { department: null }),
      hal: await person('Hal', { car: true }),
      ivy: await person('Ivy'),
      zoe: await person('Zoe'),
    },
  };
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const ok = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};

const last = monthFromNow(-1);
const current = monthFromNow(0);
/** Day `day` of last month at `hour` (noon) UTC: always in the past and within 90 days. */
const lastMonthAt = (day: number, hour = 12) => new Date(Date.UTC(last.year, last.month - 1, day, hour)).toISOString();
const q = (m: { year: number; month: number }) => `year=${m.year}&month=${m.month}`;

/** Dan 3 trips 35 mi; Pat 2/30; Sue 2/25; Eve and Fay 1/30 (tied); Hal and Ivy 1/1 (tied). */
async function rankingTrips() {
  const { dan, pat, sue, eve, fay, hal, ivy } = w.p;
  // Hours apart: nobody is on two trips at once.
  for (const [driver, passengers, miles, hour] of [
    [dan, [pat], 10, 8],
    [dan, [pat, sue], 20, 10],
    [dan, [sue], 5, 12],
    [eve, [fay], 30, 14],
    [hal, [ivy], 1, 16],
  ] as const) {
    const res = await postTrip(t.app, driver.token, { passengerIds: passengers.map((p) => p.id), distanceMiles: miles, startedAt: lastMonthAt(10, hour) });
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('GET /api/employees-participation (a month)', () => {
  it('ranks by trips as driver or passenger, then distance; ties share a position', async () => {
    await rankingTrips();
    const page = participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(last)}&pageNumber=1&pageSize=10`, w.boss)));
    expect(page.totalCount).toBe(7);
    const brief = page.items.map((r) => [r.name, r.position, r.totalTrips, r.totalDistance]);
    expect(brief.slice(0, 3)).toEqual([
      ['Dan Smith', 1, 3, 35],
      ['Pat Smith', 2, 2, 30],
      ['Sue Smith', 3, 2, 25],
    ]);
    expect(brief.slice(3, 5).map((b) => b[1])).toEqual([4, 4]);
    expect(brief.slice(3, 5).map((b) => b[0]).sort()).toEqual(['Eve Smith', 'Fay Smith']);
    expect(brief.slice(5).map((b) => b[1])).toEqual([6, 6]);
    const dan = page.items[0]!;
    expect(dan).toMatchObject({ id: w.p.dan.id, department: 'Logistics', tripsAsDriver: 3, tripsAsPassenger: 0, accountType: 'Driver' });
    expect(page.items.find((r) => r.name === 'Fay Smith')).toMatchObject({ department: null, accountType: 'Passenger', tripsAsPassenger: 1 });
  });

  it('computes qualify against each threshold of the incentive (trips 2, miles 30)', async () => {
    await rankingTrips();
    const page = participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(last)}`, w.boss)));
    const by = (name: string) => page.items.find((r) => r.name === name)!;
    const flags = (r: ParticipationRow) => [r.qualifiesForTrips, r.qualifiesForMiles, r.qualify];
    expect(flags(by('Dan Smith'))).toEqual([true, true, true]);
    expect(flags(by('Pat Smith'))).toEqual([true, true, true]); // exactly 30 miles
    expect(flags(by('Sue Smith'))).toEqual([true, false, true]); // trips only
    expect(flags(by('Eve Smith'))).toEqual([false, true, true]); // miles only
    expect(flags(by('Hal Smith'))).toEqual([false, false, false]);
    // A threshold of 0 is no reward of that kind.
    await t.ctx.db.execute(sql`update incentives set number_of_miles = 0 where company_id = ${w.acme}`);
    const again = participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(last)}`, w.boss)));
    expect(again.items.find((r) => r.name === 'Eve Smith')).toMatchObject({ qualify: false, qualifiesForMiles: false });
  });

  it('pages the ranking', async () => {
    await rankingTrips();
    const page = participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(last)}&pageNumber=2&pageSize=3`, w.boss)));
    expect(page).toMatchObject({ totalCount: 7, totalPages: 3, pageNumber: 2, hasPreviousPage: true, hasNextPage: true });
    expect(page.items.map((r) => r.position)).toEqual([4, 4, 6]);
  });

  it('puts a trip in the UTC month it started in', async () => {
    const { dan, pat, sue, eve } = w.p;
    const firstOfCurrent = current.start;
    const lastMs = new Date(firstOfCurrent.getTime() - 1).toISOString(); // 23:59:59.999 on the last day of last month
    const ymd = firstOfCurrent.toISOString().slice(0, 10);
    await postTrip(t.app, dan.token, { passengerIds: [pat.id], startedAt: lastMs, distanceMiles: 1 });
    // 00:30 at UTC+1 on the 1st is 23:30 UTC the day before: last month.
    await postTrip(t.app, dan.token, { passengerIds: [pat.id], startedAt: `${ymd}T00:30:00+01:00`, distanceMiles: 2 });
    // Another driver: Dan's 23:59:59.999 trip is still going (a mile takes 51 s at 70 mph).
    const atStart = await postTrip(t.app, eve.token, { passengerIds: [sue.id], startedAt: `${ymd}T00:00:00Z`, distanceMiles: 4 });
    expect(atStart.statusCode).toBe(201);
    const before = participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(last)}`, w.boss)));
    // Tied rows come in a stable order of their own: compare them as a set.
    const brief = (items: ParticipationRow[]) => items.map((r) => [r.name, r.position, r.totalTrips, r.totalDistance]).sort();
    expect(brief(before.items)).toEqual([
      ['Dan Smith', 1, 2, 3],
      ['Pat Smith', 1, 2, 3],
    ]);
    const after = participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(current)}`, w.boss)));
    expect(brief(after.items)).toEqual([
      ['Eve Smith', 1, 1, 4],
      ['Sue Smith', 1, 1, 4],
    ]);
  });

  it('refuses a month outside 1-12 and numbers that are not plain digits', async () => {
    for (const query of ['year=2026&month=13', 'year=2026&month=0', 'year=2026', 'year=2026&month=%205', 'year=2026&month=1e1', 'year=2026&month=-1', 'year=99999&month=1']) {
      const res = await get(`/api/employees-participation?${query}`, w.boss);
      expect(res.statusCode, query).toBe(400);
      expect(json(res), query).toMatchObject({ success: false, message: MESSAGES.insights.monthInvalid });
    }
  });
});

describe('GET /api/employee-participation (all time)', () => {
  it('ranks over every month with the current month deciding qualify', async () => {
    await rankingTrips();
    const { dan, pat } = w.p;
    expect((await postTrip(t.app, pat.token, { passengerIds: [dan.id], distanceMiles: 40 })).statusCode).toBe(201);
    expect((await postTrip(t.app, pat.token, { passengerIds: [dan.id], distanceMiles: 1, startedAt: thisMonthAt(2) })).statusCode).toBe(201);
    const page = participationPageSchema.parse(ok(await get('/api/employee-participation', w.boss)));
    expect(page.items.slice(0, 2).map((r) => [r.name, r.totalTrips, r.totalDistance, r.qualify])).toEqual([
      ['Dan Smith', 5, 76, true],
      ['Pat Smith', 4, 71, true],
    ]);
    // Sue qualified last month, not this one.
    expect(page.items.find((r) => r.name === 'Sue Smith')).toMatchObject({ totalTrips: 2, qualify: false });
  });
});

describe('dashboard, trend and CO2', () => {
  it('computes CO2 saved from passenger miles for a hand-computed case', async () => {
    const { dan, pat, sue } = w.p;
    await postTrip(t.app, dan.token, { passengerIds: [pat.id, sue.id], distanceMiles: 10, startedAt: lastMonthAt(3) });
    await postTrip(t.app, sue.token, { passengerIds: [pat.id], distanceMiles: 12.34, startedAt: lastMonthAt(4) });
    // Passenger miles 10 x 2 + 12.34 = 32.34; x 0.26915 = 8.704311 kg.
    const co2 = co2ReportSchema.parse(ok(await get(`/api/journey-groups/co2?${q(last)}`, w.boss)));
    expect(co2).toMatchObject({ passengerMiles: 32.34, kgPerMile: 0.26915, co2SavedKg: 8.7, includeWellToTank: false, formula: MESSAGES.insights.co2Formula });
    expect(co2.factorSource).toContain('UK Government GHG Conversion Factors for Company Reporting 2025');
    expect(co2.factors.map((f) => [f.kind, f.kgPerKm, f.year, f.validFrom])).toEqual([
      ['direct', 0.16725, 2025, '2025-01-01'],
      ['wellToTank', 0.04399, 2025, '2025-01-01'],
    ]);
    const summary = dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q(last)}`, w.boss)));
    expect(summary).toMatchObject({ totalTrips: 2, totalDistanceMiles: 22.34, passengerMiles: 32.34, co2SavedKg: 8.7, totalParticipants: 3 });

    // With well-to-tank: 32.34 x (0.26915 + 0.07080) = 10.993983 kg.
    const put = await t.app.inject({ method: 'PUT', url: `/api/employers/${w.acme}/emissions`, headers: { authorization: `Bearer ${w.boss}` }, payload: { includeWellToTank: true } });
    expect(put.statusCode).toBe(200);
    expect(json(put)).toMatchObject({ success: true, message: MESSAGES.insights.emissionsSaved, settings: { includeWellToTank: true } });
    const withWtt = co2ReportSchema.parse(ok(await get(`/api/journey-groups/co2?${q(last)}`, w.boss)));
    expect(withWtt).toMatchObject({ kgPerMile: 0.33995, co2SavedKg: 10.99, includeWellToTank: true });
    expect(dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q(last)}`, w.boss))).co2SavedKg).toBe(10.99);
    const settings = emissionSettingsSchema.parse(ok(await get(`/api/employers/${w.acme}/emissions`, w.boss)));
    expect(settings.includeWellToTank).toBe(true);
  });

  it('applies the factor in force for each month: a new factor is a row', async () => {
    const { dan, pat } = w.p;
    await postTrip(t.app, dan.token, { passengerIds: [pat.id], distanceMiles: 100, startedAt: lastMonthAt(5) });
    await postTrip(t.app, dan.token, { passengerIds: [pat.id], distanceMiles: 100 });
    const from = current.start.toISOString().slice(0, 10);
    await t.ctx.db.execute(sql`insert into emission_factors (kind, valid_from, kg_per_mile, kg_per_km, unit, scope, activity, source, year)
      values ('direct', ${from}, 0.25, 0.15534, 'kg CO2e per vehicle mile', 'Scope 3', 'Cars (by size), Average car, Unknown fuel', 'Test factors', 2099)`);
    try {
      expect(co2ReportSchema.parse(ok(await get(`/api/journey-groups/co2?${q(last)}`, w.boss)))).toMatchObject({ kgPerMile: 0.26915, co2SavedKg: 26.92 });
      expect(co2ReportSchema.parse(ok(await get(`/api/journey-groups/co2?${q(current)}`, w.boss)))).toMatchObject({ kgPerMile: 0.25, co2SavedKg: 25 });
      const trend = monthlyTrendSchema.parse(ok(await get('/api/dashboard/trend', w.boss)));
      expect(trend.months.slice(-2).map((m) => m.co2SavedKg)).toEqual([26.92, 25]);
      // A month before every factor takes the earliest.
      expect(co2ReportSchema.parse(ok(await get('/api/journey-groups/co2?year=2020&month=1', w.boss))).kgPerMile).toBe(0.26915);
    } finally {
      await dropAddedFactors(t.ctx.db);
    }
  });

  it('answers the dashboard tiles and the incentives panel for a month', async () => {
    await rankingTrips();
    await t.app.inject({ method: 'POST', url: '/api/journey-groups', headers: { authorization: `Bearer ${w.boss}` }, payload: { name: 'Leeds North', meetingPoints: [] } });
    const s = dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q(last)}`, w.boss)));
    // 8 active, approved employees; 7 took part; trips >= 2: Dan, Pat, Sue; miles >= 30: Dan, Pat, Eve, Fay.
    expect(s).toMatchObject({
      year: last.year,
      month: last.month,
      totalParticipants: 7,
      journeyGroups: 1,
      activeJourneyGroups: 0,
      totalTrips: 5,
      totalDistanceMiles: 66,
      passengerMiles: 86,
      incentives: {
        activeEmployees: 8,
        qualifiedForTrips: 3,
        qualifiedForTripsPercent: 37.5,
        qualifiedForMiles: 4,
        qualifiedForMilesPercent: 50,
        participationPercent: 87.5,
        numberOfTrips: 2,
        numberOfMiles: 30,
      },
    });
    const empty = dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q(current)}`, w.boss)));
    expect(empty).toMatchObject({ totalParticipants: 0, totalTrips: 0, co2SavedKg: 0, incentives: { qualifiedForTrips: 0, participationPercent: 0 } });
  });

  it('answers 12 months of trend ending with the month asked, empty months as zeros', async () => {
    await rankingTrips();
    await postTrip(t.app, w.p.dan.token, { passengerIds: [w.p.zoe.id], distanceMiles: 3 });
    const trend = monthlyTrendSchema.parse(ok(await get('/api/dashboard/trend', w.boss)));
    expect(trend.months).toHaveLength(12);
    expect(trend.months.at(-1)).toMatchObject({ year: current.year, month: current.month, trips: 1, distanceMiles: 3, passengerMiles: 3, activeParticipants: 2 });
    expect(trend.months.at(-2)).toMatchObject({ year: last.year, month: last.month, trips: 5, distanceMiles: 66, passengerMiles: 86, activeParticipants: 7 });
    expect(trend.months.at(-2)!.co2SavedKg).toBe(23.15); // 86 x 0.26915 = 23.1469
    expect(trend.months[0]).toMatchObject({ trips: 0, co2SavedKg: 0 });
    const ending = monthlyTrendSchema.parse(ok(await get(`/api/dashboard/trend?${q(last)}`, w.boss)));
    expect(ending.months.at(-1)).toMatchObject({ year: last.year, month: last.month, trips: 5 });
  });
});

describe('CSV export of the participation ranking', () => {
  it('answers RFC 4180 UTF-8 with a BOM and neutralises formula cells', async () => {
    const db = t.ctx.db;
    const evil = await makeEmployee(db, w.acme, '=HYPERLINK("http://x")', 'Smith', { department: '+cmd|calc', car: true });
    const comma = await makeEmployee(db, w.acme, 'Ann, "The Boss"', 'Ó Briain', { department: '@SUM(A1)' });
    const tab = await makeEmployee(db, w.acme, '\tTab', 'Start', { department: '-2+3' });
    await postTrip(t.app, evil.token, { passengerIds: [comma.id, tab.id], distanceMiles: 7.5, startedAt: lastMonthAt(2) });
    const res = await get(`/api/employees-participation/export?${q(last)}`, w.boss);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="participation-${String(last.year)}-${String(last.month).padStart(2, '0')}.csv"`);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Position,Name,Department,No. of Trips,Total Miles Covered,Account Type,Incentive Status');
    expect(lines.at(-1)).toBe('');
    expect(text).toContain(`'=HYPERLINK(""http://x"") Smith`);
    expect(lines.find((l) => l.includes('HYPERLINK'))).toBe(`1,"'=HYPERLINK(""http://x"") Smith",'+cmd|calc,1,7.50,Driver,In progress`);
    expect(lines).toContain(`1,"Ann, ""The Boss"" Ó Briain",'@SUM(A1),1,7.50,Passenger,In progress`);
    expect(lines).toContain(`1,'\tTab Start,'-2+3,1,7.50,Passenger,In progress`);
  });
});

describe('tenant isolation', () => {
  it("shows company B's employer nothing of company A, whatever company id they send", async () => {
    await rankingTrips();
    const created = await t.app.inject({ method: 'POST', url: '/api/journey-groups', headers: { authorization: `Bearer ${w.boss}` }, payload: { name: 'Acme Riders', meetingPoints: ['Gate 1'] } });
    const groupId = json<{ group: { id: string } }>(created).group.id;
    await t.app.inject({ method: 'POST', url: '/api/feedbacks', headers: { authorization: `Bearer ${w.p.dan.token}` }, payload: { feedbackText: 'Great scheme' } });
    const asRival = (url: string) => get(`${url}${url.includes('?') ? '&' : '?'}companyId=${w.acme}`, w.rival);
    for (const url of [`/api/employees-participation?${q(last)}`, '/api/employee-participation', '/api/journey-groups', `/api/journey-groups?${q(last)}`, '/api/feedbacks']) {
      const page = ok<{ items: unknown[]; totalCount: number }>(await asRival(url));
      expect(page.items, url).toEqual([]);
      expect(page.totalCount, url).toBe(0);
    }
    const summary = dashboardSummarySchema.parse(ok(await asRival(`/api/dashboard/summary?${q(last)}`)));
    expect(summary).toMatchObject({ totalParticipants: 0, journeyGroups: 0, totalTrips: 0, totalDistanceMiles: 0, co2SavedKg: 0, incentives: { activeEmployees: 0 } });
    const trend = monthlyTrendSchema.parse(ok(await asRival('/api/dashboard/trend')));
    expect(trend.months.every((m) => m.trips === 0 && m.activeParticipants === 0)).toBe(true);
    expect(co2ReportSchema.parse(ok(await asRival(`/api/journey-groups/co2?${q(last)}`))).passengerMiles).toBe(0);
    for (const url of [`/api/employees-participation/export?${q(last)}`, `/api/journey-groups/export?${q(last)}`]) {
      const res = await asRival(url);
      expect(res.statusCode).toBe(200);
      expect(res.body.replace(/^\uFEFF/, '').trim().split('\r\n'), url).toHaveLength(1);
    }
    expect((await get(`/api/employers/${w.acme}/emissions`, w.rival)).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: `/api/employers/${w.acme}/emissions`, headers: { authorization: `Bearer ${w.rival}` }, payload: { includeWellToTank: true } });
    expect(put.statusCode).toBe(404);
    const rename = await t.app.inject({ method: 'PUT', url: `/api/journey-groups/${groupId}`, headers: { authorization: `Bearer ${w.rival}` }, payload: { name: 'Mine now' } });
    expect(rename.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/journey-groups/${groupId}`, headers: { authorization: `Bearer ${w.rival}` } })).statusCode).toBe(404);
    // And company A's employer still sees it all.
    expect(ok<{ totalCount: number }>(await get(`/api/employees-participation?${q(last)}`, w.boss)).totalCount).toBe(7);
  });

  it('lets a super admin read a company they name, and asks them to name one', async () => {
    await rankingTrips();
    const none = await get(`/api/employees-participation?${q(last)}`, w.root);
    expect(none.statusCode).toBe(400);
    expect(json(none)).toMatchObject({ message: MESSAGES.insights.companyRequired });
    expect(ok<{ totalCount: number }>(await get(`/api/employees-participation?${q(last)}&companyId=${w.acme}`, w.root)).totalCount).toBe(7);
    expect(ok<{ totalCount: number }>(await get(`/api/employees-participation?${q(last)}&companyId=${w.globex}`, w.root)).totalCount).toBe(0);
  });

  it('keeps employees out of the insights and employers out of the mobile calls', async () => {
    expect((await get(`/api/dashboard/summary?${q(last)}`, w.p.dan.token)).statusCode).toBe(403);
    expect((await get('/api/journey-groups/mine', w.boss)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/dashboard/summary?${q(last)}` })).statusCode).toBe(401);
  });
});
