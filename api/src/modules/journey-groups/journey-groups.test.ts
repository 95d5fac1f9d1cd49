import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, journeyGroupPageSchema, journeyGroupSchema, pageOf, myJourneyGroupSchema } from '@portal/shared-contracts';
import { eq, sql } from 'drizzle-orm';
import { locations, users } from '../../db/schema';
import { rows } from '../../db/sql';
import { json, useTestApp } from '../../test/test-support';
import { acmeAndGlobex, makeEmployee, monthFromNow, postTrip, thisMonthAt } from '../../test/trips-world';

const t = useTestApp();

type Person = { id: string; token: string };
let w: { acme: string; globex: string; boss: string; rival: string; ann: Person; bob: Person; cat: Person; gil: Person };

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const companies = await acmeAndGlobex(db);
  const { acme, globex } = companies;
  w = {
    ...companies,
    ann: await makeEmployee(db, acme, 'Ann', 'Archer', { car: true }),
    bob: await makeEmployee(db, acme, 'Bob', 'Baker', { car: true }),
    cat: await makeEmployee(db, acme, 'Cat', 'Cole'),
    gil: await makeEmployee(db, globex, 'Gil', 'Green'),
  };
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload !== undefined ? { payload: payload as object } : {}) });

async function create(name: string, meetingPoints: string[] = []) {
  const res = await call('POST', '/api/journey-groups', w.boss, { name, meetingPoints });
  expect(res.statusCode, res.body).toBe(201);
  return journeyGroupSchema.parse(json<{ group: unknown }>(res).group);
}

describe('the employer manages journey groups', () => {
  it('creates, renames and deletes a group; names are unique per company whatever the case', async () => {
    const g = await create('Leeds North', ['Headingley station', 'Kirkstall Road Tesco']);
    expect(g).toMatchObject({ name: 'Leeds North', meetingPoints: ['Headingley station', 'Kirkstall Road Tesco'], members: [], trips: 0, miles: 0, co2SavedKg: 0 });
    const dup = await call('POST', '/api/journey-groups', w.boss, { name: 'leeds north' });
    expect(dup.statusCode).toBe(409);
    expect(json(dup)).toMatchObject({ message: MESSAGES.journeyGroups.nameTaken });
    // Another company may use the name.
    expect((await call('POST', '/api/journey-groups', w.rival, { name: 'Leeds North' })).statusCode).toBe(201);

    const renamed = await call('PUT', `/api/journey-groups/${g.id}`, w.boss, { name: 'Leeds North East' });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed)).toMatchObject({ message: MESSAGES.journeyGroups.updated, group: { name: 'Leeds North East', meetingPoints: ['Headingley station', 'Kirkstall Road Tesco'] } });
    const moved = await call('PUT', `/api/journey-groups/${g.id}`, w.boss, { name: 'Leeds North East', meetingPoints: ['Roundhay Park'] });
    expect(json(moved)).toMatchObject({ group: { meetingPoints: ['Roundhay Park'] } });

    const removed = await call('DELETE', `/api/journey-groups/${g.id}`, w.boss);
    expect(removed.statusCode).toBe(200);
    expect((await call('DELETE', `/api/journey-groups/${g.id}`, w.boss)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/journey-groups/not-a-uuid', w.boss)).statusCode).toBe(404);
  });

  it('checks names and meeting points', async () => {
    for (const [payload, message] of [
      [{ name: ' ' }, MESSAGES.journeyGroups.nameRequired],
      [{ name: 'x'.repeat(61) }, MESSAGES.journeyGroups.nameMax],
      [{ name: 'Ok', meetingPoints: ['x'.repeat(121)] }, MESSAGES.journeyGroups.meetingPointMax],
      [{ name: 'Ok', meetingPoints: Array.from({ length: 11 }, (_, i) => `Point ${i}`) }, MESSAGES.journeyGroups.meetingPointsMax],
    ] as const) {
      const res = await call('POST', '/api/journey-groups', w.boss, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ message });
    }
  });
});

describe('employees join and leave groups of their company', () => {
  it('lists the company\'s groups with membership, joins and leaves', async () => {
    const north = await create('North');
    const south = await create('South', ['Station']);
    await call('POST', '/api/journey-groups', w.rival, { name: 'Elsewhere' });
    expect((await call('POST', `/api/journey-groups/${north.id}/join`, w.ann.token)).statusCode).toBe(200);
    expect((await call('POST', `/api/journey-groups/${north.id}/join`, w.ann.token)).statusCode).toBe(200);
    await call('POST', `/api/journey-groups/${north.id}/join`, w.bob.token);
    const mine = pageOf(myJourneyGroupSchema).parse(json(await call('GET', '/api/journey-groups/mine', w.ann.token)));
    expect(mine.totalCount).toBe(2);
    expect(mine.items.map((g) => [g.name, g.isMember, g.members.map((m) => m.name)])).toEqual([
      ['North', true, ['Ann Archer', 'Bob Baker']],
      ['South', false, []],
    ]);
    expect((await call('POST', `/api/journey-groups/${north.id}/leave`, w.ann.token)).statusCode).toBe(200);
    const after = pageOf(myJourneyGroupSchema).parse(json(await call('GET', '/api/journey-groups/mine', w.ann.token)));
    expect(after.items[0]).toMatchObject({ isMember: false, members: [{ id: w.bob.id, name: 'Bob Baker' }] });
    // Another company's group does not exist for them.
    const join = await call('POST', `/api/journey-groups/${south.id}/join`, w.gil.token);
    expect(join.statusCode).toBe(404);
    expect(json(join)).toMatchObject({ message: MESSAGES.journeyGroups.notFound });
  });
});

describe('GET /api/journey-groups (figures)', () => {
  it('answers trips, miles and CO2 per group for a month, or all time', async () => {
    const north = await create('North', ['Gate A']);
    await create('Quiet');
    await call('POST', `/api/journey-groups/${north.id}/join`, w.ann.token);
    const last = monthFromNow(-1);
    const lastMonth = new Date(Date.UTC(last.year, last.month - 1, 12, 8)).toISOString();
    const trips: [Person, Parameters<typeof postTrip>[2]][] = [
      [w.ann, { passengerIds: [w.bob.id, w.cat.id], distanceMiles: 10, journeyGroupId: north.id, startedAt: lastMonth }],
      [w.ann, { passengerIds: [w.bob.id], distanceMiles: 5, journeyGroupId: north.id }],
      [w.bob, { passengerIds: [w.cat.id], distanceMiles: 50, startedAt: thisMonthAt(6) }],
    ];
    for (const [driver, body] of trips) {
      expect((await postTrip(t.app, driver.token, body)).statusCode).toBe(201);
    }

    const month = journeyGroupPageSchema.parse(json(await call('GET', `/api/journey-groups?year=${last.year}&month=${last.month}`, w.boss)));
    expect(month.items.map((g) => [g.name, g.trips, g.miles, g.co2SavedKg])).toEqual([
      ['North', 1, 10, 5.38], // 20 passenger miles x 0.26915
      ['Quiet', 0, 0, 0],
    ]);
    expect(month.items[0]).toMatchObject({ meetingPoints: ['Gate A'], members: [{ id: w.ann.id, name: 'Ann Archer' }] });
    const allTime = journeyGroupPageSchema.parse(json(await call('GET', '/api/journey-groups', w.boss)));
    expect(allTime.items[0]).toMatchObject({ name: 'North', trips: 2, miles: 15, co2SavedKg: 6.73 }); // 25 x 0.26915 = 6.72875
    const bad = await call('GET', `/api/journey-groups?year=${last.year}`, w.boss);
    expect(bad.statusCode).toBe(400);

    // Deleting a group keeps its trips in the company's figures.
    await call('DELETE', `/api/journey-groups/${north.id}`, w.boss);
    const summary = json<{ totalTrips: number }>(await call('GET', `/api/dashboard/summary?year=${last.year}&month=${last.month}`, w.boss));
    expect(summary.totalTrips).toBe(1);
  });

  it('counts the well-to-tank factor in the groups’ CO2 and the trend once the company includes it', async () => {
    const north = await create('North');
    await call('POST', `/api/journey-groups/${north.id}/join`, w.ann.token);
    await postTrip(t.app, w.ann.token, { passengerIds: [w.bob.id, w.cat.id], distanceMiles: 10, journeyGroupId: north.id });
    const groupCo2 = async () => journeyGroupPageSchema.parse(json(await call('GET', '/api/journey-groups', w.boss))).items[0]!.co2SavedKg;
    const trendCo2 = async () => json<{ months: { co2SavedKg: number }[] }>(await call('GET', '/api/dashboard/trend', w.boss)).months.at(-1)!.co2SavedKg;
    // 20 passenger miles x 0.26915 = 5.383
    expect([await groupCo2(), await trendCo2()]).toEqual([5.38, 5.38]);
    expect((await call('PUT', `/api/employers/${w.acme}/emissions`, w.boss, { includeWellToTank: true })).statusCode).toBe(200);
    // 20 x (0.26915 + 0.07080) = 6.799
    expect([await groupCo2(), await trendCo2()]).toEqual([6.8, 6.8]);
  });

  it('exports the groups of a month as CSV with formula cells neutralised', async () => {
    const g = await create('-Danger, "quoted"', ['=1+1', 'Bus stop']);
    await call('POST', `/api/journey-groups/${g.id}/join`, w.ann.token);
    await postTrip(t.app, w.ann.token, { passengerIds: [w.bob.id], distanceMiles: 2.5, journeyGroupId: g.id });
    const now = monthFromNow(0);
    const res = await call('GET', `/api/journey-groups/export?year=${now.year}&month=${now.month}`, w.boss);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFFName,Members,Trips,Miles,Meeting Points,CO2 Saved (kg)\r\n')).toBe(true);
    expect(res.body).toContain(`"'-Danger, ""quoted""",Ann Archer,1,2.50,'=1+1; Bus stop,0.67\r\n`);
  });

  it('exports exactly what the list answers, for a month or all time, named for its period', async () => {
    const north = await create('North', ['Gate A']);
    await create('Quiet');
    await call('POST', `/api/journey-groups/${north.id}/join`, w.ann.token);
    const last = monthFromNow(-1);
    await postTrip(t.app, w.ann.token, { passengerIds: [w.bob.id], distanceMiles: 10, journeyGroupId: north.id, startedAt: new Date(Date.UTC(last.year, last.month - 1, 12, 8)).toISOString() });
    await postTrip(t.app, w.ann.token, { passengerIds: [w.bob.id, w.cat.id], distanceMiles: 5, journeyGroupId: north.id });
    const csvRows = (body: string) => body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    const listRows = (page: { items: { name: string; members: { name: string }[]; trips: number; miles: number; meetingPoints: string[]; co2SavedKg: number }[] }) =>
      page.items.map((g) => [g.name, g.members.map((m) => m.name).join('; '), g.trips, g.miles.toFixed(2), g.meetingPoints.join('; '), g.co2SavedKg.toFixed(2)].join(','));
    for (const [query, file] of [
      ['', 'journey-groups-all-time.csv'],
      [`year=${last.year}&month=${last.month}`, `journey-groups-${last.year}-${String(last.month).padStart(2, '0')}.csv`],
    ] as const) {
      const list = journeyGroupPageSchema.parse(json(await call('GET', `/api/journey-groups?pageSize=100&${query}`, w.boss)));
      const res = await call('GET', `/api/journey-groups/export?${query}`, w.boss);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(file);
      expect(csvRows(res.body)).toEqual(listRows(list));
    }
    // All time holds both trips, last month one.
    expect(csvRows((await call('GET', '/api/journey-groups/export', w.boss)).body)[0]).toMatch(/^North,Ann Archer,2,15\.00,/);
    expect((await call('GET', `/api/journey-groups/export?year=${last.year}`, w.boss)).statusCode).toBe(400);
  });
});

describe('journey groups by office', () => {
  async function office(companyId: string, town: string): Promise<string> {
    const [o] = await t.ctx.db.insert(locations).values({ companyId, addressLine1: `1 ${town} Road`, town, postalCode: 'LS1 1AA' }).returning();
    return o!.id;
  }
  const names = async (query: string) => {
    const res = await call('GET', `/api/journey-groups?pageNumber=1&pageSize=50${query}`, w.boss);
    expect(res.statusCode, res.body).toBe(200);
    return pageOf(journeyGroupSchema).parse(json(res)).items.map((g) => g.name);
  };

  it('lists a group under each office one of its members is in, with the group\'s whole figures', async () => {
    const leeds = await office(w.acme, 'Leeds');
    const york = await office(w.acme, 'York');
    const hull = await office(w.acme, 'Hull');
    await t.ctx.db.update(users).set({ officeId: leeds }).where(eq(users.id, w.ann.id));
    await t.ctx.db.update(users).set({ officeId: york }).where(eq(users.id, w.bob.id));
    // Cat has no office.
    const groups = { leedsOnly: await create('Leeds only'), both: await create('Leeds and York'), none: await create('Cat alone'), empty: await create('Nobody yet') };
    const join = async (id: string, who: Person) => expect((await call('POST', `/api/journey-groups/${id}/join`, who.token)).statusCode).toBe(200);
    await join(groups.leedsOnly.id, w.ann);
    await join(groups.both.id, w.ann);
    await join(groups.both.id, w.bob);
    await join(groups.none.id, w.cat);
    const m = monthFromNow(-1);
    expect((await postTrip(t.app, w.ann.token, { passengerIds: [w.bob.id], distanceMiles: 12.5, startedAt: new Date(Date.UTC(m.year, m.month - 1, 3, 8)).toISOString() }, )).statusCode).toBe(201);

    expect(await names('')).toEqual(['Cat alone', 'Leeds and York', 'Leeds only', 'Nobody yet']);
    expect(await names(`&officeId=${leeds}`)).toEqual(['Leeds and York', 'Leeds only']);
    expect(await names(`&officeId=${york}`)).toEqual(['Leeds and York']);
    expect(await names('&officeId=none')).toEqual(['Cat alone']);
    expect(await names(`&officeId=${hull}`)).toEqual([]);
    // Every group with members is under at least one office or No office; a group within one office is under it alone.
    const listed = new Map<string, number>();
    for (const f of [leeds, york, hull, 'none']) for (const n of await names(`&officeId=${f}`)) listed.set(n, (listed.get(n) ?? 0) + 1);
    expect(Object.fromEntries(listed)).toEqual({ 'Leeds only': 1, 'Cat alone': 1, 'Leeds and York': 2 });

    // The figures of a group listed by office are the group's, and the export takes the same filter.
    const all = await call('GET', `/api/journey-groups?pageNumber=1&pageSize=50&year=${m.year}&month=${m.month}`, w.boss);
    const york1 = await call('GET', `/api/journey-groups?pageNumber=1&pageSize=50&year=${m.year}&month=${m.month}&officeId=${york}`, w.boss);
    const figure = (res: typeof all, name: string) => pageOf(journeyGroupSchema).parse(json(res)).items.find((g) => g.name === name);
    expect(figure(york1, 'Leeds and York')).toEqual(figure(all, 'Leeds and York'));
    const csv = await call('GET', `/api/journey-groups/export?officeId=${york}`, w.boss);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean).map((l) => l.split(',')[0])).toEqual([MESSAGES.insights.journeyGroupColumns[0], 'Leeds and York']);

    // A member's office moves with them (migration 0051): Ann to York, then York removed, its people to No office.
    await t.ctx.db.update(users).set({ officeId: york }).where(eq(users.id, w.ann.id));
    expect(await names(`&officeId=${leeds}`)).toEqual([]);
    expect(await names(`&officeId=${york}`)).toEqual(['Leeds and York', 'Leeds only']);
    await t.ctx.db.delete(locations).where(eq(locations.id, york));
    expect(await names('&officeId=none')).toEqual(['Cat alone', 'Leeds and York', 'Leeds only']);
    // Bob joins a group from No office; back in Leeds, it is Leeds's.
    await join(groups.empty.id, w.bob);
    expect(await names('&officeId=none')).toEqual(['Cat alone', 'Leeds and York', 'Leeds only', 'Nobody yet']);
    await t.ctx.db.update(users).set({ officeId: leeds }).where(eq(users.id, w.bob.id));
    expect(await names(`&officeId=${leeds}`)).toEqual(['Leeds and York', 'Nobody yet']);
  });

  // Two connections: PGlite runs one transaction at a time.
  it.skipIf(!process.env.DATABASE_URL)('keeps a member in their office when a join and an office change of theirs overlap (migration 0051)', async () => {
    const db = t.ctx.db;
    const leeds = await office(w.acme, 'Leeds');
    const york = await office(w.acme, 'York');
    const groups = [await create('First'), await create('Second')];
    const memberOffice = async (group: string) =>
      (await rows<{ office_id: string | null }>(db, sql`select office_id from journey_group_members where group_id = ${group} and user_id = ${w.ann.id}`))[0]?.office_id;
    // One transaction writes and waits, open, until the other has started its write.
    const overlap = async (first: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<unknown>, second: () => Promise<unknown>) => {
      let wrote!: () => void;
      let release!: () => void;
      const firstWrote = new Promise<void>((r) => (wrote = r));
      const mayCommit = new Promise<void>((r) => (release = r));
      const a = db.transaction(async (tx) => {
        await first(tx);
        wrote();
        await mayCommit;
      });
      await firstWrote;
      let done = false;
      const b = second().finally(() => (done = true));
      // The first commits once the second waits on a lock, or has finished without waiting.
      for (let i = 0; i < 250 && !done; i++) {
        const [waiting] = await rows<{ n: number }>(db, sql`select count(*)::int as n from pg_locks where not granted`);
        if (waiting!.n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      release();
      await Promise.all([a, b]);
    };
    // The office change first, the join while it is open: the join waits for it and takes the new office.
    await overlap(
      (tx) => tx.execute(sql`update users set office_id = ${leeds} where id = ${w.ann.id}`),
      () => db.execute(sql`insert into journey_group_members (group_id, user_id) values (${groups[0]!.id}, ${w.ann.id})`),
    );
    expect(await memberOffice(groups[0]!.id)).toBe(leeds);
    // The join first, the office change while it is open: the change waits for it and moves the new row.
    await overlap(
      (tx) => tx.execute(sql`insert into journey_group_members (group_id, user_id) values (${groups[1]!.id}, ${w.ann.id})`),
      () => db.execute(sql`update users set office_id = ${york} where id = ${w.ann.id}`),
    );
    expect(await memberOffice(groups[0]!.id)).toBe(york);
    expect(await memberOffice(groups[1]!.id)).toBe(york);
  });

  it('answers another company\'s or an unknown office with a message, and a malformed one with 400', async () => {
    const paris = await office(w.globex, 'Paris');
    for (const url of ['/api/journey-groups?pageNumber=1&pageSize=10', '/api/journey-groups/export?']) {
      for (const id of [paris, '00000000-0000-4000-8000-000000000000']) {
        const res = await call('GET', `${url}&officeId=${id}`, w.boss);
        expect(res.statusCode, url).toBe(404);
        expect(json(res)).toMatchObject({ success: false, message: MESSAGES.insights.officeNotFound });
      }
      const bad = await call('GET', `${url}&officeId=${'x'.repeat(100)}`, w.boss);
      expect(bad.statusCode, url).toBe(400);
      expect(json(bad)).toMatchObject({ success: false, message: MESSAGES.insights.officeInvalid });
    }
    // Globex's employer reads its own office.
    expect((await call('GET', `/api/journey-groups?pageNumber=1&pageSize=10&officeId=${paris}`, w.rival)).statusCode).toBe(200);
  });
});
