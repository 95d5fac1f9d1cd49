import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { eq } from 'drizzle-orm';
import { locations, users } from '../../db/schema';
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

  it('keeps the reporting settings the employer enters', async () => {
    expect(json(ok(await get(`/api/employers/${w.acme}/reporting`, w.boss)))).toEqual({ headcount: null, yearStartMonth: 1 });
    const saved = json(ok(await put(`/api/employers/${w.acme}/reporting`, w.admin, { headcount: 1200, yearStartMonth: 4 })));
    expect(saved).toEqual({ success: true, message: R.settingsSaved, settings: { headcount: 1200, yearStartMonth: 4 } });
    expect((await get(`/api/employers/${w.acme}/reporting`, w.rival)).statusCode).toBe(404);
  });
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

describe('the Category 7 report by office', () => {
  async function office(companyId: string, line1: string, town: string): Promise<string> {
    const [o] = await t.ctx.db.insert(locations).values({ companyId, addressLine1: line1, town, postalCode: 'LS1 1AA' }).returning();
    return o!.id;
  }
  const move = (id: string, officeId: string | null) => t.ctx.db.update(users).set({ officeId }).where(eq(users.id, id));
  const report = async (office: string | null, format = 'csv') =>
    ok(await get(`/api/reports/category7?year=2025&format=${format}${office === null ? '' : `&officeId=${office}`}`, w.boss));
  /** The report's month lines and total as [trips, vehicle m, passenger m, emitted g, avoided g]. */
  const figures = (table: string[][]) =>
    new Map(table.filter((r) => /^\d{4}-\d{2}$/.test(r[0]!) || r[0] === R.total).map((r) => [r[0]!, [Number(r[1]), milli(r[2]!), milli(r[3]!), milli(r[4]!), milli(r[5]!)]]));
  const itemOf = (table: string[][], item: string) => Number(line(table, item)?.[1]?.replace('.', ''));

  it('adds up the offices and No office to the company, to the gram, emitted and avoided apart', async () => {
    const db = t.ctx.db;
    // Offices in both id orders of the split; Hull has nobody.
    const leeds = await office(w.acme, '1 Park Row', 'Leeds');
    const york = await office(w.acme, '2 Micklegate', 'York');
    const hull = await office(w.acme, '3 Quay St', 'Hull');
    await move(w.dan, leeds);
    await move(w.pat, york);
    const people = [w.dan, w.pat, w.kim];
    for (const [i, home] of [leeds, leeds, york, york, null, null].entries()) {
      const p = await makeEmployee(db, w.acme, `Gen${i}`, 'Person', { car: true });
      if (home) await move(p.id, home);
      people.push(p.id);
    }
    // 300 generated trips over 2025: any driver (or an erased one), one to four passengers drawn
    // from everyone else, sometimes with passengers no longer on the list; some flagged or rejected.
    const rnd = random(43);
    for (let i = 0; i < 300; i += 1) {
      const erased = rnd() < 0.05;
      const driver = erased ? null : people[Math.floor(rnd() * people.length)]!;
      const others = people.filter((p) => p !== driver).sort(() => rnd() - 0.5);
      const riders = others.slice(0, 1 + Math.floor(rnd() * 4));
      const extra = rnd() < 0.1 ? 1 : 0;
      const status = rnd() < 0.05 ? 'flagged' : rnd() < 0.05 ? 'rejected' : 'counted';
      const at = new Date(Date.UTC(2025, Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28), 7 + (i % 10), i % 60)).toISOString();
      await trip(db, w.acme, driver, at, 100 + Math.floor(rnd() * 4900), riders, status, extra);
    }

    const company = cells((await report(null)).body);
    const parts = await Promise.all([leeds, york, hull, 'none'].map(async (o) => cells((await report(o)).body)));
    const whole = figures(company);
    expect(whole.get(R.total)![0]).toBeGreaterThan(250);
    for (const [key, value] of whole) {
      const sum = [0, 0, 0, 0, 0];
      for (const part of parts) figures(part).get(key)!.forEach((v, i) => (sum[i]! += v));
      expect(sum, key).toEqual(value);
    }
    const I = R.items;
    for (const item of [I.members, I.participants, I.flaggedTrips, I.flaggedKm, I.rejectedTrips, I.rejectedKm, I.erasedDrivers]) {
      expect(parts.reduce((s, p) => s + itemOf(p, item), 0), item).toBe(itemOf(company, item));
    }
    // Hull has nobody: nothing, but still every month with its factor.
    expect(figures(parts[2]!).get(R.total)).toEqual([0, 0, 0, 0, 0]);
    expect(line(parts[0]!, R.facts.office)?.[1]).toBe('1 Park Row, Leeds');
    expect(line(parts[3]!, R.facts.office)?.[1]).toBe(R.facts.noOffice);
    expect(line(company, R.facts.office)?.[1]).toBe(R.facts.allOffices);
    expect(line(parts[0]!, I.coverage)?.[1]).toBe(R.companyOnly);
  });

  it('gives an office the hand-computed parts of its trips, and a trips file that traces them', async () => {
    const leeds = await office(w.acme, '1 Park Row', 'Leeds');
    const york = await office(w.acme, '=2 Micklegate', 'York');
    await move(w.dan, leeds);
    await move(w.kim, leeds);
    await move(w.pat, york);
    // A (Dan, Leeds, drove Pat of York and Kim of Leeds): 16 093 m, 2 692 g emitted; avoided 5 383 g
    // split in office id order: the first office takes round(16 093 x 0.16725) = 2 692, the second 5 383 - 2 692 = 2 691.
    // B (Dan drove Pat): Leeds 19 859 m, 3 321 g; York 19 859 passenger m, 3 321 g.
    // C (erased driver, Kim and two passengers no longer listed): No office drives 5 166 m, 864 g;
    // avoided: Leeds (Kim) round(5 166 x 0.16725) = 864, No office 2 592 - 864 = 1 728.
    const leedsFirst = leeds < york;
    const table = (await Promise.all([leeds, york, 'none'].map(async (o) => cells((await report(o)).body)))).map(figures);
    expect(table[0]!.get('2025-03')).toEqual([2, 35952, 16093, 2692 + 3321, leedsFirst ? 2692 : 2691]);
    expect(table[1]!.get('2025-03')).toEqual([0, 0, 16093 + 19859, 0, (leedsFirst ? 2691 : 2692) + 3321]);
    expect(table[0]!.get('2025-07')).toEqual([0, 0, 5166, 0, 864]);
    expect(table[2]!.get('2025-07')).toEqual([1, 5166, 10332, 864, 1728]);
    expect(table[2]!.get('2025-03')).toEqual([0, 0, 0, 0, 0]);

    // York's trips file: two lines (Dan's trips, under Leeds, with York's passengers' part only), summing to its report.
    const trips = cells((await report(york, 'trips')).body).filter((r) => r.length > 1).slice(1);
    expect(trips.map((r) => [r[2], r[3], r[4], r[8], r[9]])).toEqual([
      ['1 Park Row, Leeds', '0.000', '16.093', '0.000', leedsFirst ? '2.691' : '2.692'],
      ['1 Park Row, Leeds', '0.000', '19.859', '0.000', '3.321'],
    ]);
    // The company's file names each trip's office, a formula-like name neutralised, a driverless trip under No office.
    const all = cells((await report(null, 'trips')).body).filter((r) => r.length > 1).slice(1);
    expect(all.map((r) => r[2])).toEqual(['1 Park Row, Leeds', '1 Park Row, Leeds', MESSAGES.insights.noOffice]);
    await move(w.dan, york);
    const moved = cells((await report(null, 'trips')).body).filter((r) => r.length > 1).slice(1);
    expect(moved[0]![2]).toBe("'=2 Micklegate, York");
  });

  it('stores a report per office and downloads it again as it was', async () => {
    const leeds = await office(w.acme, '1 Park Row', 'Leeds');
    await move(w.dan, leeds);
    const company = await report(null);
    const mine = await report(leeds);
    const none = await report('none');
    const ids = [company, mine, none].map((r) => r.headers['x-report-id'] as string);
    expect(new Set(ids).size).toBe(3);
    expect((await report(leeds)).headers['x-report-id']).toBe(ids[1]);
    const [stored] = await rows<{ office: string }>(t.ctx.db, sql`select office from category7_reports where id = ${ids[1]}`);
    expect(stored!.office).toBe(leeds);
    // Moving Dan changes Leeds' figures: a new report; the first is downloaded as it was.
    await move(w.dan, null);
    const after = await report(leeds);
    expect(after.headers['x-report-id']).not.toBe(ids[1]);
    expect(figures(cells(after.body)).get(R.total)![0]).toBe(0);
    const again = ok(await get(`/api/reports/category7/${ids[1]}?format=csv`, w.boss));
    expect(again.body).toBe(mine.body);
    expect(line(cells(again.body), R.facts.office)?.[1]).toBe('1 Park Row, Leeds');
  });

  it('answers an unknown or another company\'s office with a message', async () => {
    const theirs = await office(w.globex, '2 Low St', 'York');
    for (const id of [theirs, '00000000-0000-4000-8000-000000000000']) {
      const res = await get(`/api/reports/category7?year=2025&officeId=${id}`, w.boss);
      expect(res.statusCode, id).toBe(404);
      expect(json(res), id).toMatchObject({ success: false, message: MESSAGES.insights.officeNotFound });
    }
    // Globex's own employer reads it.
    ok(await get(`/api/reports/category7?year=2025&officeId=${theirs}&format=csv`, w.rival));
    for (const q of ['officeId=', 'officeId=NONE1', `officeId=${'a'.repeat(5000)}`]) {
      const res = await get(`/api/reports/category7?year=2025&${q}`, w.boss);
      expect(res.statusCode, q.slice(0, 20)).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message: R.officeInvalid });
    }
  });
});
