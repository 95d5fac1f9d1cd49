import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  co2ReportSchema,
  dashboardSummarySchema,
  monthlyTrendSchema,
  participationPageSchema,
  type DashboardSummary,
} from '@portal/shared-contracts';
import { locations, users } from '../../db/schema';
import { rows } from '../../db/sql';
import { json, useTestApp, type Res } from '../../test/test-support';
import { acmeAndGlobex, dropAddedFactors, makeEmployee, monthFromNow, postTrip } from '../../test/trips-world';

/**
 * Offices as a dimension (docs/decisions/0045-offices-as-a-dimension.md): every insight endpoint and
 * export takes `officeId`, and on generated data the company's figure is the sum of its offices'
 * and "No office"'s, also after a driver and a passenger are deleted.
 */

const t = useTestApp();

type Person = { id: string; token: string; office: string | null; driver: boolean };
interface World {
  acme: string;
  boss: string;
  rival: string;
  offices: string[]; // Acme's: Leeds, York, Hull (Hull has nobody)
  globexOffice: string;
  people: Person[];
}
let w: World;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const ok = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
};

async function office(companyId: string, town: string): Promise<string> {
  const [l] = await t.ctx.db.insert(locations).values({ companyId, addressLine1: `1 ${town} Road`, town, postalCode: 'LS1 1AA' }).returning();
  return l!.id;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

beforeEach(async () => {
  await t.reset();
  await dropAddedFactors(t.ctx.db);
  const db = t.ctx.db;
  const c = await acmeAndGlobex(db, { acmeIncentive: { numberOfTrips: 3, numberOfMiles: 40 } });
  const offices = [await office(c.acme, 'Leeds'), await office(c.acme, 'York'), await office(c.acme, 'Hull')];
  const globexOffice = await office(c.globex, 'Paris');
  const people: Person[] = [];
  // Four people in Leeds, four in York, four in no office; two drivers in each.
  const homes = [offices[0]!, offices[1]!, null];
  for (const [g, home] of homes.entries()) {
    for (let i = 0; i < 4; i += 1) {
      const driver = i < 2;
      const p = await makeEmployee(db, c.acme, `P${g}${i}`, 'Smith', { car: driver });
      if (home) await db.update(users).set({ officeId: home }).where(eq(users.id, p.id));
      people.push({ ...p, office: home, driver });
    }
  }
  w = { acme: c.acme, boss: c.boss, rival: c.rival, offices, globexOffice, people };
});

interface Trip {
  driver: Person;
  passengers: Person[];
  hundredths: number;
  month: { year: number; month: number };
}

/**
 * Trips over two months: each day two trips (morning and afternoon) by different drivers, with one
 * to three passengers drawn from anyone else, distances in hundredths of a mile. Days 17 to 28: the
 * 17th of two months ago is at most 75 days old whatever today is (the 1st is 91 days old on 31
 * October, past the 90 days a trip may be recorded for).
 */
async function generatedTrips(): Promise<Trip[]> {
  const rnd = random(32);
  const drivers = w.people.filter((p) => p.driver);
  const trips: Trip[] = [];
  for (const m of [monthFromNow(-2), monthFromNow(-1)]) {
    for (let day = 17; day <= 28; day += 1) {
      for (const [slot, hour] of [8, 15].entries()) {
        const driver = drivers[(day * 2 + slot) % drivers.length]!;
        const others = w.people.filter((p) => p.id !== driver.id).sort(() => rnd() - 0.5);
        const passengers = others.slice(0, 1 + Math.floor(rnd() * 3));
        const hundredths = 100 + Math.floor(rnd() * 2900);
        const res = await postTrip(t.app, driver.token, {
          passengerIds: passengers.map((p) => p.id),
          distanceMiles: hundredths / 100,
          startedAt: new Date(Date.UTC(m.year, m.month - 1, day, hour)).toISOString(),
        });
        expect(res.statusCode, res.body).toBe(201);
        trips.push({ driver, passengers, hundredths, month: m });
      }
    }
  }
  return trips;
}

const q = (m: { year: number; month: number }) => `year=${m.year}&month=${m.month}`;
const h = (miles: number) => Math.round(miles * 100);

/** What a filter should answer, computed from the generated trips: "No office" holds the deleted. */
function expected(trips: Trip[], m: { year: number; month: number }, key: string | null, deleted: Set<string>) {
  const officeOf = (p: Person) => (deleted.has(p.id) ? null : p.office);
  const inKey = (p: Person) => officeOf(p) === key;
  const of = trips.filter((x) => x.month.year === m.year && x.month.month === m.month);
  const participants = new Set<string>();
  let tripCount = 0;
  let distance = 0;
  let passenger = 0;
  for (const x of of) {
    if (inKey(x.driver)) {
      tripCount += 1;
      distance += x.hundredths;
      participants.add(x.driver.id);
    }
    for (const p of x.passengers) {
      if (inKey(p)) {
        passenger += x.hundredths;
        participants.add(p.id);
      }
    }
  }
  return { trips: tripCount, distance, passenger, participants: participants.size };
}

describe('office filter: the company is the sum of its offices and No office', () => {
  it('holds for every insight endpoint and export, on generated data, also after people are deleted', async () => {
    const trips = await generatedTrips();
    // A driver of York and a passenger of Leeds leave: their history stays in the company's figures, under No office.
    const gone = [w.people.find((p) => p.office === w.offices[1] && p.driver)!, w.people.find((p) => p.office === w.offices[0] && !p.driver)!];
    for (const p of gone) expect((await t.app.inject({ method: 'DELETE', url: `/api/employees/${p.id}`, headers: { authorization: `Bearer ${w.boss}` } })).statusCode).toBe(200);
    const deleted = new Set(gone.map((p) => p.id));

    const filters: (string | null)[] = [...w.offices, 'none'];
    const keyOf = (f: string | null) => (f === 'none' ? null : f);
    const f$ = (f: string | null) => (f === null ? '' : `&officeId=${f}`);

    for (const m of [monthFromNow(-2), monthFromNow(-1)]) {
      // Dashboard tiles and the incentives panel.
      const dashboards = new Map<string | null, DashboardSummary>();
      for (const f of [null, ...filters]) dashboards.set(f, dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q(m)}${f$(f)}`, w.boss))));
      const company = dashboards.get(null)!;
      expect(company.totalTrips).toBe(24);
      const parts = filters.map((f) => dashboards.get(f)!);
      const sum = (pick: (d: DashboardSummary) => number) => parts.reduce((s, d) => s + pick(d), 0);
      expect(sum((d) => d.totalTrips)).toBe(company.totalTrips);
      expect(sum((d) => h(d.totalDistanceMiles))).toBe(h(company.totalDistanceMiles));
      expect(sum((d) => h(d.passengerMiles))).toBe(h(company.passengerMiles));
      expect(sum((d) => d.totalParticipants)).toBe(company.totalParticipants);
      expect(sum((d) => d.incentives.activeEmployees)).toBe(company.incentives.activeEmployees);
      expect(sum((d) => d.incentives.qualifiedForTrips)).toBe(company.incentives.qualifiedForTrips);
      expect(sum((d) => d.incentives.qualifiedForMiles)).toBe(company.incentives.qualifiedForMiles);
      // Each kg is rounded once per answer: the parts may differ from the whole by half a gram each.
      expect(Math.abs(sum((d) => d.co2SavedKg) - company.co2SavedKg)).toBeLessThanOrEqual(0.005 * parts.length);
      // And each part is what the generated trips say it is.
      for (const f of filters) {
        const d = dashboards.get(f)!;
        const e = expected(trips, m, keyOf(f), deleted);
        expect({ trips: d.totalTrips, distance: h(d.totalDistanceMiles), passenger: h(d.passengerMiles), participants: d.totalParticipants }, `office ${f}`).toEqual(e);
      }
      expect(dashboards.get(w.offices[2]!)!.totalTrips).toBe(0); // Hull has nobody

      // The CO2 modal.
      const co2 = new Map<string | null, number>();
      for (const f of [null, ...filters]) co2.set(f, h(co2ReportSchema.parse(ok(await get(`/api/journey-groups/co2?${q(m)}${f$(f)}`, w.boss))).passengerMiles));
      expect(filters.reduce((s, f) => s + co2.get(f)!, 0)).toBe(co2.get(null));

      // The ranking of the month and its export: every employee in exactly one part.
      const rankingIds = async (f: string | null) =>
        participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(m)}&pageNumber=1&pageSize=100${f$(f)}`, w.boss))).items.map((r) => r.id);
      const whole = await rankingIds(null);
      const split = (await Promise.all(filters.map(rankingIds))).flat();
      expect([...split].sort()).toEqual([...whole].sort());
      const csvRows = async (f: string | null) => {
        const res = await get(`/api/employees-participation/export?${q(m)}${f$(f)}`, w.boss);
        expect(res.statusCode, res.body).toBe(200);
        return res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1);
      };
      const csvWhole = await csvRows(null);
      const csvParts = (await Promise.all(filters.map(csvRows))).flat();
      expect(csvParts.length).toBe(csvWhole.length);
      expect(csvWhole.length).toBe(whole.length);
    }

    // All time.
    const allTime = async (f: string | null) =>
      participationPageSchema.parse(ok(await get(`/api/employee-participation?pageNumber=1&pageSize=100${f$(f)}`, w.boss)));
    const whole = await allTime(null);
    const parts = await Promise.all(filters.map(allTime));
    expect(parts.reduce((s, p) => s + p.totalCount, 0)).toBe(whole.totalCount);
    expect(parts.reduce((s, p) => s + p.items.reduce((a, r) => a + r.totalTrips, 0), 0)).toBe(whole.items.reduce((a, r) => a + r.totalTrips, 0));

    // The trend: month by month.
    const last = monthFromNow(-1);
    const trend = async (f: string | null) => monthlyTrendSchema.parse(ok(await get(`/api/dashboard/trend?${q(last)}${f$(f)}`, w.boss))).months;
    const wholeTrend = await trend(null);
    const trendParts = await Promise.all(filters.map(trend));
    wholeTrend.forEach((month, i) => {
      expect(trendParts.reduce((s, p) => s + p[i]!.trips, 0)).toBe(month.trips);
      expect(trendParts.reduce((s, p) => s + h(p[i]!.distanceMiles), 0)).toBe(h(month.distanceMiles));
      expect(trendParts.reduce((s, p) => s + h(p[i]!.passengerMiles), 0)).toBe(h(month.passengerMiles));
      expect(trendParts.reduce((s, p) => s + p[i]!.activeParticipants, 0)).toBe(month.activeParticipants);
    });
    expect(wholeTrend.at(-1)!.trips).toBe(24);
  });
});

describe('office filter: what a caller may ask', () => {
  const endpoints = (m: { year: number; month: number }) => [
    `/api/dashboard/summary?${q(m)}`,
    `/api/dashboard/trend?${q(m)}`,
    `/api/journey-groups/co2?${q(m)}`,
    `/api/employees-participation?${q(m)}`,
    `/api/employees-participation/export?${q(m)}`,
    `/api/employee-participation?pageNumber=1`,
  ];

  it('answers 404 for an office of another company, the same as for one that never was', async () => {
    const never = '6f1c2a4e-8b0d-4c3f-9a7e-1d2b3c4d5e6f';
    for (const url of endpoints(monthFromNow(-1))) {
      for (const id of [w.globexOffice, never]) {
        const res = await get(`${url}&officeId=${id}`, w.boss);
        expect(res.statusCode, url).toBe(404);
        expect(json(res)).toMatchObject({ success: false, message: MESSAGES.insights.officeNotFound });
      }
      // And the rival cannot read Acme's office either.
      expect((await get(`${url}&officeId=${w.offices[0]}`, w.rival)).statusCode, url).toBe(404);
    }
  });

  it('refuses an office id that is neither an id nor none with a message', async () => {
    for (const url of endpoints(monthFromNow(-1))) {
      for (const bad of ['NONE', 'leeds', 'x'.repeat(5000), `${w.offices[0]}x`]) {
        const res = await get(`${url}&officeId=${encodeURIComponent(bad)}`, w.boss);
        expect(res.statusCode, `${url} ${bad.slice(0, 20)}`).toBe(400);
        expect(json(res)).toMatchObject({ success: false, message: MESSAGES.insights.officeInvalid });
      }
    }
  });

  it('filters the ranking to the office asked for', async () => {
    const [leedsDriver, , leedsRider] = w.people;
    const yorkRider = w.people[6]!;
    const m = monthFromNow(-1);
    const res = await postTrip(t.app, leedsDriver!.token, { passengerIds: [leedsRider!.id, yorkRider.id], distanceMiles: 12.5, startedAt: new Date(Date.UTC(m.year, m.month - 1, 3, 9)).toISOString() });
    expect(res.statusCode, res.body).toBe(201);
    const names = async (f: string) =>
      participationPageSchema.parse(ok(await get(`/api/employees-participation?${q(m)}&officeId=${f}`, w.boss))).items.map((r) => r.id).sort();
    expect(await names(w.offices[0]!)).toEqual([leedsDriver!.id, leedsRider!.id].sort());
    expect(await names(w.offices[1]!)).toEqual([yorkRider.id]);
    expect(await names('none')).toEqual([]);
    const leeds = dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q(m)}&officeId=${w.offices[0]}`, w.boss)));
    // The trip is Leeds's (its driver's); of its passenger miles, Leeds has one passenger's and York the other's.
    expect(leeds).toMatchObject({ totalTrips: 1, totalDistanceMiles: 12.5, passengerMiles: 12.5, totalParticipants: 2 });
    const york = dashboardSummarySchema.parse(ok(await get(`/api/dashboard/summary?${q(m)}&officeId=${w.offices[1]}`, w.boss)));
    expect(york).toMatchObject({ totalTrips: 0, totalDistanceMiles: 0, passengerMiles: 12.5, totalParticipants: 1 });
  });
});

describe('PUT /api/employees/{id}/office', () => {
  const put = (id: string, body: unknown, token = w.boss) =>
    t.app.inject({ method: 'PUT', url: `/api/employees/${id}/office`, headers: { authorization: `Bearer ${token}` }, payload: body as object });

  it('moves an employee to an office or to none, audited, and shows it on the employee', async () => {
    const p = w.people[8]!; // no office
    const res = await put(p.id, { officeId: w.offices[2] });
    expect(json(res)).toEqual({ success: true, message: MESSAGES.employees.officeChanged, officeId: w.offices[2] });
    const got = json<{ employee: { officeId: string | null } }>(await get(`/api/employees/${p.id}`, w.boss));
    expect(got.employee.officeId).toBe(w.offices[2]);
    const audit = await rows<{ action: string; target_id: string }>(t.ctx.db, sql`select action, target_id from audit_log where action = 'employee.officeChanged'`);
    expect(audit).toEqual([{ action: 'employee.officeChanged', target_id: p.id }]);
    expect(json(await put(p.id, { officeId: null }))).toMatchObject({ success: true, officeId: null });
    expect((await rows<{ office_id: string | null }>(t.ctx.db, sql`select office_id from users where id = ${p.id}`))[0]!.office_id).toBeNull();
  });

  it("refuses another company's office, and another company's employee, as not found", async () => {
    const p = w.people[0]!;
    const res = await put(p.id, { officeId: w.globexOffice });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({ success: false, message: MESSAGES.insights.officeNotFound });
    expect((await put(p.id, { officeId: w.globexOffice }, w.rival)).statusCode).toBe(404);
    expect((await rows<{ office_id: string | null }>(t.ctx.db, sql`select office_id from users where id = ${p.id}`))[0]!.office_id).toBe(w.offices[0]);
    // The database refuses it too, whatever the api does.
    await expect(t.ctx.db.update(users).set({ officeId: w.globexOffice }).where(eq(users.id, p.id))).rejects.toThrow();
  });

  it('moves the employees of a removed office to No office', async () => {
    const york = w.people.filter((p) => p.office === w.offices[1]).map((p) => p.id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/employers/location/${w.offices[1]}`, headers: { authorization: `Bearer ${w.boss}` } });
    expect(del.statusCode, del.body).toBe(200);
    const found = await rows<{ id: string; office_id: string | null; company_id: string }>(t.ctx.db, sql`select id, office_id, company_id from users where office_id is null and company_id = ${w.acme} and role = 'Employee'`);
    expect(found.map((r) => r.id)).toEqual(expect.arrayContaining(york));
    expect(found.length).toBe(8);
  });
});
