import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import { rows } from '../../db/sql';
import { pdfText } from '../../test/billing-world';
import { json, useTestApp, type Res } from '../../test/test-support';
import { acmeAndGlobex, dropAddedFactors, makeEmployee, makeEmployer, tokenFor } from '../../test/trips-world';

const t = useTestApp();
const R = MESSAGES.reports;

interface World {
  acme: string;
  globex: string;
  boss: string;
  rival: string;
  admin: string;
  root: string;
  employee: string;
  dan: string;
  pat: string;
  kim: string;
  gus: string;
}
let w: World;

/** A trip straight into the table: the report reads what the trips module stored, whatever year. */
async function trip(db: Db, companyId: string, driverId: string | null, startedAt: string, hundredths: number, passengers: string[], status = 'counted', extraPassengers = 0): Promise<string> {
  const [r] = await rows<{ id: string }>(
    db,
    sql`insert into trips (company_id, driver_id, client_trip_id, started_at, distance_hundredths, passenger_count, status)
      values (${companyId}, ${driverId}, ${`t-${startedAt}-${hundredths}`}, ${startedAt}, ${hundredths}, ${passengers.length + extraPassengers}, ${status}) returning id`,
  );
  for (const p of passengers) await db.execute(sql`insert into trip_passengers (trip_id, passenger_id) values (${r!.id}, ${p})`);
  return r!.id;
}

beforeEach(async () => {
  await t.reset();
  await dropAddedFactors(t.ctx.db);
  const db = t.ctx.db;
  const c = await acmeAndGlobex(db);
  const [root] = await rows<{ id: string }>(db, sql`select id from users where role = 'SuperAdmin'`);
  const dan = await makeEmployee(db, c.acme, 'Dan', 'Driver', { car: true });
  const pat = await makeEmployee(db, c.acme, 'Pat', 'Passenger');
  const kim = await makeEmployee(db, c.acme, 'Kim', 'Rider');
  await makeEmployee(db, c.acme, 'Ina', 'Inactive', { active: false });
  await makeEmployee(db, c.acme, 'Pen', 'Pending', { approved: false });
  const gus = await makeEmployee(db, c.globex, 'Gus', 'Globex', { car: true });
  w = {
    ...c,
    admin: (await makeEmployer(db, c.acme, 'admin@acme.test', 'Admin')).token,
    root: await tokenFor(db, root!.id),
    employee: pat.token,
    dan: dan.id,
    pat: pat.id,
    kim: kim.id,
    gus: gus.id,
  };
  // The small data set of the hand-computed figures below (DESNZ 2025: 0.16725 kg CO2e per km direct).
  await trip(db, c.acme, dan.id, '2025-03-10T08:00:00Z', 1000, [pat.id, kim.id]); // A: 10.00 miles, 2 passengers
  await trip(db, c.acme, dan.id, '2025-03-11T08:00:00Z', 1234, [pat.id], 'confirmed'); // B: 12.34 miles
  await trip(db, c.acme, null, '2025-07-01T00:30:00Z', 321, [kim.id], 'counted', 2); // C: 3.21 miles, 3 passengers, driver erased
  await trip(db, c.acme, dan.id, '2025-05-05T08:00:00Z', 5000, [pat.id], 'flagged'); // D: waiting for review
  await trip(db, c.acme, dan.id, '2025-05-06T08:00:00Z', 2000, [pat.id], 'rejected'); // E: rejected
  await trip(db, c.acme, dan.id, '2024-12-31T23:59:00Z', 500, [pat.id]); // F: the year before
  await trip(db, c.acme, dan.id, '2026-01-01T00:00:00Z', 700, [pat.id]); // G: the year after
  await trip(db, c.globex, gus.id, '2025-03-10T08:00:00Z', 9000, []  , 'counted', 1); // Globex's
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const put = (url: string, token: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });

function ok(res: Res): Res {
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** A CSV's lines as cells (the report's cells hold no commas but the method's, which is quoted). */
function cells(csv: string): string[][] {
  const out: string[][] = [];
  for (const line of csv.replace(/^\uFEFF/, '').split('\r\n')) {
    const row: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        }
        else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        row.push(cell);
        cell = '';
      }
      else cell += ch;
    }
    row.push(cell);
    out.push(row);
  }
  return out;
}

/** "12.345" -> 12345: the files' kg and km back to grams and metres, exactly. */
const milli = (s: string) => {
  const m = /^(\d{1,12})\.(\d{3})$/.exec(s);
  if (!m) throw new Error(`not a three-decimal figure: ${s}`);
  return Number(m[1]) * 1000 + Number(m[2]);
};

const line = (table: string[][], first: string) => table.find((r) => r[0] === first);

describe('the Category 7 report', () => {
  it('gives the hand-computed figures of a small data set, emissions and avoided apart', async () => {
    ok(await put(`/api/employers/${w.acme}/reporting`, w.boss, { headcount: 40, yearStartMonth: 1 }));
    const res = ok(await get('/api/reports/category7?year=2025&format=csv', w.boss));
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="category7-2025-[0-9a-f]{8}\.csv"$/);
    const table = cells(res.body);
    expect(line(table, R.facts.period)?.[1]).toBe('January 2025 to December 2025');
    // A: 10.00 mi = 16 093.44 m -> 16 093 m; 16 093 x 0.16725 = 2 691.55 -> 2 692 g; x 2 passengers: 32 186 m, 5 383.1 -> 5 383 g.
    // B: 12.34 mi = 19 859.30 m -> 19 859 m; x 0.16725 = 3 321.42 -> 3 321 g; 1 passenger: 3 321 g.
    // C: 3.21 mi = 5 165.99 m -> 5 166 m; x 0.16725 = 864.01 -> 864 g; x 3 passengers: 15 498 m, 2 592.04 -> 2 592 g.
    expect(line(table, '2025-03')?.slice(0, 6)).toEqual(['2025-03', '2', '35.952', '52.045', '6.013', '8.704']);
    expect(line(table, '2025-07')?.slice(0, 6)).toEqual(['2025-07', '1', '5.166', '15.498', '0.864', '2.592']);
    expect(line(table, '2025-05')?.slice(0, 6)).toEqual(['2025-05', '0', '0.000', '0.000', '0.000', '0.000']);
    expect(line(table, R.total)?.slice(0, 6)).toEqual([R.total, '3', '41.118', '67.543', '6.877', '11.296']);
    const [direct] = await rows<{ id: string }>(t.ctx.db, sql`select id from emission_factors where kind = 'direct'`);
    expect(line(table, '2025-03')?.slice(6)).toEqual(['UK Government GHG Conversion Factors for Company Reporting 2025 (DESNZ)', '2025', direct!.id, '', '0.16725']);
    const I = R.items;
    expect(line(table, I.emittedKg)?.[1]).toBe('6.877');
    expect(line(table, I.avoidedKg)?.[1]).toBe('11.296');
    expect(line(table, I.wellToTank)?.[1]).toBe(R.no);
    // Dan, Pat, Kim are in the scheme (the inactive and the pending are not): 3 of 40.
    expect(line(table, I.members)?.[1]).toBe('3');
    expect(line(table, I.participants)?.[1]).toBe('3');
    expect(line(table, I.headcount)?.[1]).toBe('40');
    expect(line(table, I.coverage)?.[1]).toBe('7.5%');
    // D: 50.00 mi = 80 467.2 m; E: 20.00 mi = 32 186.88 m -> 32 187 m.
    expect(line(table, I.flaggedTrips)?.[1]).toBe('1');
    expect(line(table, I.flaggedKm)?.[1]).toBe('80.467');
    expect(line(table, I.rejectedTrips)?.[1]).toBe('1');
    expect(line(table, I.rejectedKm)?.[1]).toBe('32.187');
    expect(line(table, I.erasedDrivers)?.[1]).toBe('1');
  });

  it('reads the same figures back from the PDF', async () => {
    const res = ok(await get('/api/reports/category7?year=2025&format=pdf', w.admin));
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(R.title);
    expect(text).toContain(`6.877 ${R.unitKg}`);
    expect(text).toContain(`11.296 ${R.unitKg}`);
    expect(text).toContain('2025-03 2 35.952 52.045 6.013 8.704');
    expect(text).toContain(`${R.total} 3 41.118 67.543 6.877 11.296`);
    expect(text).toContain(`${R.items.headcount} ${R.notEntered}`);
    expect(text).toContain(res.headers['x-report-id'] as string);
  });

  it('traces every line to the trips file, to the gram', async () => {
    const report = cells(ok(await get('/api/reports/category7?year=2025&format=csv', w.boss)).body);
    const tripsRes = ok(await get('/api/reports/category7?year=2025&format=trips', w.boss));
    const trips = cells(tripsRes.body).filter((r) => r.length > 1);
    expect(trips[0]).toEqual([...R.tripsColumns]);
    const body = trips.slice(1);
    expect(body).toHaveLength(3);
    const sums = new Map<string, number[]>();
    for (const r of body) {
      for (const key of [r[1]!.slice(0, 7), R.total]) {
        const s = sums.get(key) ?? [0, 0, 0, 0, 0];
        [1, milli(r[3]!), milli(r[4]!), milli(r[8]!), milli(r[9]!)].forEach((v, i) => (s[i]! += v));
        sums.set(key, s);
      }
    }
    for (const [key, s] of sums) {
      const row = line(report, key)!;
      expect([Number(row[1]), milli(row[2]!), milli(row[3]!), milli(row[4]!), milli(row[5]!)], key).toEqual(s);
    }
    // The file the report names by checksum is the one downloaded.
    const { createHash } = await import('node:crypto');
    expect(line(report, R.facts.tripsFile)?.[1]).toBe(createHash('sha256').update(tripsRes.body).digest('hex'));
    expect(tripsRes.headers['x-content-sha256']).toBe(line(report, R.facts.tripsFile)?.[1]);
  });

  it('adds well-to-tank when the company includes it, naming both factor rows', async () => {
    ok(await put(`/api/employers/${w.acme}/emissions`, w.boss, { includeWellToTank: true }));
    const table = cells(ok(await get('/api/reports/category7?year=2025&format=csv', w.boss)).body);
    const [wtt] = await rows<{ id: string }>(t.ctx.db, sql`select id from emission_factors where kind = 'wellToTank'`);
    // 0.16725 + 0.04399 = 0.21124 kg per km: A 3 399 + 6 799, B 4 195 + 4 195, C 1 091 + 3 274 g.
    expect(line(table, '2025-03')?.slice(9)).toEqual([wtt!.id, '0.21124']);
    expect(line(table, R.total)?.slice(0, 6)).toEqual([R.total, '3', '41.118', '67.543', '8.685', '14.268']);
    expect(line(table, R.items.wellToTank)?.[1]).toBe(R.yes);
  });

  it('covers the company\'s own reporting year', async () => {
    ok(await put(`/api/employers/${w.acme}/reporting`, w.boss, { headcount: null, yearStartMonth: 4 }));
    const table = cells(ok(await get('/api/reports/category7?year=2024&format=csv', w.boss)).body);
    expect(line(table, R.facts.period)?.[1]).toBe('April 2024 to March 2025');
    expect(table.filter((r) => /^\d{4}-\d{2}$/.test(r[0]!)).map((r) => r[0])[0]).toBe('2024-04');
    // F (5.00 mi = 8 047 m, 1 346 g), A and B; not C (July 2025).
    expect(line(table, R.total)?.slice(0, 6)).toEqual([R.total, '3', '43.999', '60.092', '7.359', '10.050']);
    expect(line(table, R.items.coverage)?.[1]).toBe(R.notEntered);
  });

  it('keeps a produced report as it was across a factor change', async () => {
    const first = ok(await get('/api/reports/category7?year=2025&format=pdf', w.boss));
    const id = first.headers['x-report-id'] as string;
    const firstCsv = ok(await get(`/api/reports/category7/${id}?format=csv`, w.boss));
    // The same figures answer the same report.
    const again = ok(await get('/api/reports/category7?year=2025&format=csv', w.boss));
    expect(again.headers['x-report-id']).toBe(id);
    expect(again.body).toBe(firstCsv.body);

    // A new DESNZ year, applied from July 2025.
    await t.ctx.db.execute(sql`insert into emission_factors (kind, valid_from, kg_per_mile, kg_per_km, unit, scope, activity, source, year)
      select kind, '2025-07-01', 0.32187, 0.20000, unit, scope, activity, 'UK Government GHG Conversion Factors for Company Reporting 2026 (DESNZ)', 2026
      from emission_factors where kind = 'direct' and year = 2025`);

    const pdfAfter = ok(await get(`/api/reports/category7/${id}?format=pdf`, w.admin));
    expect(pdfAfter.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(pdfAfter.headers['x-content-sha256']).toBe(first.headers['x-content-sha256']);
    const csvAfter = ok(await get(`/api/reports/category7/${id}?format=csv`, w.boss));
    expect(csvAfter.body).toBe(firstCsv.body);
    expect(line(cells(csvAfter.body), R.total)?.[4]).toBe('6.877');

    // A report produced now is a new one, with July's new factor: 5 166 m x 0.2 = 1 033.2 -> 1 033 g.
    const fresh = ok(await get('/api/reports/category7?year=2025&format=csv', w.boss));
    expect(fresh.headers['x-report-id']).not.toBe(id);
    const table = cells(fresh.body);
    expect(line(table, '2025-07')?.slice(4, 6)).toEqual(['1.033', '3.100']);
    expect(line(table, '2025-07')?.[7]).toBe('2026');
    expect(line(table, R.total)?.[4]).toBe('7.046');
  });

  it('answers the same report to every role that reads it, and nothing of another company', async () => {
    const mine = ok(await get('/api/reports/category7?year=2025&format=csv', w.boss));
    const id = mine.headers['x-report-id'] as string;
    const asAdmin = ok(await get('/api/reports/category7?year=2025&format=csv', w.admin));
    const asRoot = ok(await get(`/api/reports/category7?year=2025&format=csv&companyId=${w.acme}`, w.root));
    expect(asAdmin.headers['x-report-id']).toBe(id);
    expect(asRoot.headers['x-report-id']).toBe(id);
    // Globex's employer asking for Acme gets Globex's report; Acme's by id is not found.
    const rival = ok(await get(`/api/reports/category7?year=2025&format=csv&companyId=${w.acme}`, w.rival));
    expect(line(cells(rival.body), R.facts.company)?.[1]).toBe('Globex');
    const byId = await get(`/api/reports/category7/${id}?format=csv`, w.rival);
    expect(byId.statusCode).toBe(404);
    expect(json(byId)).toMatchObject({ success: false, message: R.notFound });
    expect((await get('/api/reports/category7?year=2025', w.employee)).statusCode).toBe(403);
    expect(json(await get('/api/reports/category7?year=2025', w.root))).toMatchObject({ success: false, message: R.companyRequired });
  });

  it('refuses bad input with a message', async () => {
    for (const [q, message] of [
      ['year=1999', R.yearInvalid],
      ['year=20x5', R.yearInvalid],
      ['year=2025&format=xls', R.formatInvalid],
      ['year=2025&officeId=nope', R.officeInvalid],
    ] as const) {
      const res = await get(`/api/reports/category7?${q}`, w.boss);
      expect(res.statusCode, q).toBe(400);
      expect(json(res), q).toMatchObject({ success: false, message });
    }
    const bad = await put(`/api/employers/${w.acme}/reporting`, w.boss, { headcount: 0, yearStartMonth: 13 });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).success).toBe(false);
  });

  it('takes an office only once employees belong to offices', async () => {
    const [office] = await t.ctx.db.insert(locations).values({ companyId: w.acme, addressLine1: '1 High St', town: 'Leeds', postalCode: 'LS1 1AA' }).returning();
    const [other] = await t.ctx.db.insert(locations).values({ companyId: w.globex, addressLine1: '2 Low St', town: 'York', postalCode: 'YO1 1AA' }).returning();
    const res = await get(`/api/reports/category7?year=2025&officeId=${office!.id}`, w.boss);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, message: R.officeNotRecorded });
    const theirs = await get(`/api/reports/category7?year=2025&officeId=${other!.id}`, w.boss);
    expect(theirs.statusCode).toBe(404);
  });

  it('keeps the reporting settings the employer enters', async () => {
    expect(json(ok(await get(`/api/employers/${w.acme}/reporting`, w.boss)))).toEqual({ headcount: null, yearStartMonth: 1 });
    const saved = json(ok(await put(`/api/employers/${w.acme}/reporting`, w.admin, { headcount: 1200, yearStartMonth: 4 })));
    expect(saved).toEqual({ success: true, message: R.settingsSaved, settings: { headcount: 1200, yearStartMonth: 4 } });
    expect((await get(`/api/employers/${w.acme}/reporting`, w.rival)).statusCode).toBe(404);
  });
});
