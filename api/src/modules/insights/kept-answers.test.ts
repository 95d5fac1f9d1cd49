import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminOffices, locations, users } from '../../db/schema';
import { rows } from '../../db/sql';
import { keepListAnswers } from '../../lib/answer-cache';
import { inOffice, type OfficeFilter } from '../../lib/offices';
import { json, useTestApp, type Res } from '../../test/test-support';
import { acmeAndGlobex, dropAddedFactors, foldAllRollups, makeEmployee, makeEmployer, postTrip, thisMonthAt } from '../../test/trips-world';

/**
 * Insight answers kept in memory (docs/decisions/0055-insight-answers-kept-in-memory.md): every
 * write that changes a figure is seen by the next read of every insight endpoint, in the whole
 * company's view and an office's, also a write made outside this api process; and two callers with
 * different office scopes never get each other's answer.
 */

const t = useTestApp();

interface World {
  acme: string;
  boss: string;
  leeds: string;
  york: string;
  /** An admin limited to Leeds. */
  leedsAdmin: string;
  groupId: string;
  dan: { id: string; token: string }; // driver, Leeds
  pat: { id: string; token: string }; // passenger, Leeds
  yan: { id: string; token: string }; // driver, York
  nia: { id: string; token: string }; // passenger, no office
}
let w: World;

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
const ok = (res: Res): unknown => {
  expect(res.statusCode, res.body).toBe(200);
  return json<unknown>(res);
};

const now = new Date();
const m = `year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`;
const page = 'pageNumber=1&pageSize=10';
/** Every kept insight endpoint. */
const ENDPOINTS: Record<string, string> = {
  summary: `/api/dashboard/summary?${m}`,
  trend: `/api/dashboard/trend?${m}`,
  'trend (default)': '/api/dashboard/trend',
  participation: `/api/employees-participation?${m}&${page}`,
  'participation, all time': `/api/employee-participation?${page}`,
  'journey groups': `/api/journey-groups?${m}&${page}`,
  'journey groups, all time': `/api/journey-groups?${page}`,
  co2: `/api/journey-groups/co2?${m}`,
  feedback: `/api/feedbacks?${page}`,
};
const withOffice = (url: string, office: string | null) => (office === null ? url : `${url}${url.includes('?') ? '&' : '?'}officeId=${office}`);

/** Every endpoint's answer in a view (null: the whole company), as the caller `token` reads it. */
async function answers(token: string, office: string | null): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(ENDPOINTS)) {
    // Feedback has no office filter: the caller's offices scope it.
    if (name === 'feedback' && office !== null) continue;
    out[name] = ok(await get(withOffice(url, office), token));
  }
  return out;
}

/** The same answers read without any kept answer (what the database says now). */
async function fresh(token: string, office: string | null): Promise<Record<string, unknown>> {
  keepListAnswers(false);
  try {
    return await answers(token, office);
  } finally {
    keepListAnswers(true);
  }
}

/**
 * `office_monthly_stats` with its deltas not folded yet (migrations 0043, 0044) equals the statement
 * it replaced: per company, month and office, the sum of the employees' monthly rows of the
 * employees in that office now. An office's view and "No office" read it, so their fresh reads are
 * only right if it is. Folded then (what a recorded trip does after its commit), the deltas are
 * gone and the rows alone equal it.
 */
async function expectOfficeRollupsExact() {
  // Each member carries their user's office (migration 0051): the groups of a view are read from it.
  expect(await rows(t.ctx.db, sql`select m.group_id, m.user_id, m.office_id from journey_group_members m join users u on u.id = m.user_id where m.office_id is distinct from u.office_id`)).toEqual([]);
  const kept = (source: SQL) =>
    rows<Record<string, string>>(
      t.ctx.db,
      sql`select company_id, to_char(month, 'YYYY-MM') as month, office_id, sum(trips)::text as trips, sum(distance_hundredths)::text as distance_hundredths,
          sum(passenger_hundredths)::text as passenger_hundredths, sum(participants)::text as participants
        from ${source} k group by 1, 2, 3
        having (sum(trips), sum(distance_hundredths), sum(passenger_hundredths), sum(participants)) <> (0, 0, 0, 0) order by 1, 2, 3`,
    );
  const columns = sql.raw('company_id, month, office_id, trips, distance_hundredths, passenger_hundredths, participants');
  const recount = await rows<Record<string, string>>(
    t.ctx.db,
    sql`select s.company_id, to_char(s.month, 'YYYY-MM') as month, u.office_id, sum(s.trips_as_driver)::text as trips, sum(s.driver_hundredths)::text as distance_hundredths,
        sum(s.passenger_hundredths)::text as passenger_hundredths, count(*)::text as participants
      from employee_monthly_stats s join users u on u.id = s.employee_id where u.office_id is not null group by 1, 2, 3 order by 1, 2, 3`,
  );
  expect(await kept(sql`(select ${columns} from office_monthly_stats union all select ${columns} from office_monthly_stat_deltas)`)).toEqual(recount);
  await foldAllRollups(t.ctx.db);
  expect(await rows(t.ctx.db, sql`select 1 from office_monthly_stat_deltas`)).toHaveLength(0);
  expect(await kept(sql`office_monthly_stats`)).toEqual(recount);
}

interface SummaryAnswer {
  year: number;
  month: number;
  journeyGroups: number;
  activeJourneyGroups: number;
  incentives: { activeEmployees: number; qualifiedForTrips: number; qualifiedForMiles: number };
}

/**
 * The dashboard summary's counts of a view recounted as they are defined, an `exists` per row (the
 * statement decision 0065 replaced with set-based reads): the groups with a member in the view (and,
 * in an office admin's view, those with no member), those of them active in the month, the active
 * employees and the qualifiers of the month.
 */
async function expectSummaryAsDefined(answer: unknown, office: OfficeFilter) {
  const a = answer as SummaryAnswer;
  const month = `${a.year}-${String(a.month).padStart(2, '0')}-01`;
  const groupOf = (g: SQL) => {
    if (office.kind === 'all') return sql`true`;
    const theirs = sql`exists (select 1 from journey_group_members m join users u on u.id = m.user_id where m.group_id = ${g} and ${inOffice(office)})`;
    if (office.kind !== 'offices') return theirs;
    return sql`(${theirs} or not exists (select 1 from journey_group_members em where em.group_id = ${g}))`;
  };
  const employee = office.kind === 'all' ? sql`true` : sql`exists (select 1 from users u where u.id = s.employee_id and ${inOffice(office)})`;
  const [r] = await rows<Record<string, number>>(
    t.ctx.db,
    sql`select (select count(*)::int from journey_groups g where g.company_id = ${w.acme} and ${groupOf(sql`g.id`)}) as groups,
        (select count(*)::int from journey_group_monthly_stats gs where gs.company_id = ${w.acme} and gs.month = ${month}::date and ${groupOf(sql`gs.group_id`)}) as active_groups,
        (select count(*)::int from users u where u.company_id = ${w.acme} and u.role = 'Employee' and u.is_approved and u.is_active and ${inOffice(office)}) as active_employees,
        case when th.t > 0 then (select count(*)::int from employee_monthly_stats s
          where s.company_id = ${w.acme} and s.month = ${month}::date and s.total_trips >= th.t and ${employee}) else 0 end as qualified_trips,
        case when th.m > 0 then (select count(*)::int from employee_monthly_stats s
          where s.company_id = ${w.acme} and s.month = ${month}::date and s.total_hundredths >= th.m * 100 and ${employee}) else 0 end as qualified_miles
      from (select coalesce(max(i.number_of_trips), 0) as t, coalesce(max(i.number_of_miles), 0) as m from incentives i where i.company_id = ${w.acme}) th`,
  );
  const kind = office.kind === 'office' ? office.id : office.kind;
  expect(
    {
      groups: a.journeyGroups,
      active_groups: a.activeJourneyGroups,
      active_employees: a.incentives.activeEmployees,
      qualified_trips: a.incentives.qualifiedForTrips,
      qualified_miles: a.incentives.qualifiedForMiles,
    },
    `summary counts (${kind})`,
  ).toEqual(r);
}

const filterOf = (office: string | null): OfficeFilter => (office === null ? { kind: 'all' } : office === 'none' ? { kind: 'none' } : { kind: 'office', id: office });

/** Reads every view (filling the kept answers), runs `write`, then checks each view's next read. */
async function seenByNextRead(write: () => Promise<void>, changes: { all: string[]; leeds: string[] }) {
  const views: [string, string | null][] = [
    ['all', null],
    ['leeds', w.leeds],
    ['york', w.york],
    ['none', 'none'],
  ];
  const before: Record<string, Record<string, unknown>> = {};
  for (const [view, office] of views) {
    before[view] = await answers(w.boss, office);
    // Read twice: the second is answered from memory.
    expect(await answers(w.boss, office)).toEqual(before[view]);
  }
  const adminBefore = await answers(w.leedsAdmin, null);
  await write();
  await expectOfficeRollupsExact();
  for (const [view, office] of views) {
    const after = await answers(w.boss, office);
    expect(after, view).toEqual(await fresh(w.boss, office));
    await expectSummaryAsDefined(after.summary, filterOf(office));
    // (Feedback is read in the whole company's view only: the caller's offices scope it.)
    for (const name of changes[view as 'all' | 'leeds'] ?? []) if (name in after) expect(after[name], `${view}: ${name}`).not.toEqual(before[view]![name]);
  }
  const adminAfter = await answers(w.leedsAdmin, null);
  expect(adminAfter).toEqual(await fresh(w.leedsAdmin, null));
  await expectSummaryAsDefined(adminAfter.summary, { kind: 'offices', ids: [w.leeds] });
  for (const name of changes.leeds) expect(adminAfter[name], `Leeds admin: ${name}`).not.toEqual(adminBefore[name]);
}

beforeEach(async () => {
  await t.reset();
  await dropAddedFactors(t.ctx.db);
  const db = t.ctx.db;
  const c = await acmeAndGlobex(db, { acmeIncentive: { numberOfTrips: 1, numberOfMiles: 5 } });
  const office = async (town: string) =>
    (await db.insert(locations).values({ companyId: c.acme, addressLine1: `1 ${town} Road`, town, postalCode: 'LS1 1AA' }).returning())[0]!.id;
  const leeds = await office('Leeds');
  const york = await office('York');
  const person = async (first: string, officeId: string | null, car: boolean) => {
    const p = await makeEmployee(db, c.acme, first, 'Smith', { car });
    if (officeId) await db.update(users).set({ officeId }).where(eq(users.id, p.id));
    return p;
  };
  const dan = await person('Dan', leeds, true);
  const pat = await person('Pat', leeds, false);
  const yan = await person('Yan', york, true);
  const nia = await person('Nia', null, false);
  const admin = await makeEmployer(db, c.acme, 'leeds@acme.test', 'Admin');
  await db.update(users).set({ officeLimited: true }).where(eq(users.id, admin.id));
  await db.insert(adminOffices).values({ userId: admin.id, companyId: c.acme, officeId: leeds });
  w = { acme: c.acme, boss: c.boss, leeds, york, leedsAdmin: admin.token, groupId: '', dan, pat, yan, nia };
  const group = await send('POST', '/api/journey-groups', c.boss, { name: 'Leeds run' });
  expect(group.statusCode, group.body).toBe(201);
  w.groupId = json<{ group: { id: string } }>(group).group.id;
  // A first trip, so that every view has figures before the writes below.
  expect((await postTrip(t.app, yan.token, { passengerIds: [nia.id], distanceMiles: 9, startedAt: thisMonthAt(0) })).statusCode).toBe(201);
});

describe('insight answers kept in memory', () => {
  it('a trip is seen by the next read of every endpoint, whole company and office', async () => {
    const figures = ['summary', 'trend', 'trend (default)', 'participation', 'participation, all time', 'co2'];
    await seenByNextRead(
      async () => {
        const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 12, startedAt: thisMonthAt(2), journeyGroupId: w.groupId });
        expect(res.statusCode, res.body).toBe(201);
      },
      { all: [...figures, 'journey groups', 'journey groups, all time'], leeds: figures },
    );
  });

  it('a flagged trip counts once the employer confirms it, at the next read', async () => {
    const res = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 150, startedAt: thisMonthAt(2) });
    expect(res.statusCode, res.body).toBe(201);
    const trip = json<{ trip: { id: string; review: string } }>(res).trip;
    expect(trip.review).toBe('flagged');
    const figures = ['summary', 'participation', 'participation, all time', 'co2'];
    await seenByNextRead(
      async () => {
        const yes = await send('POST', `/api/trips/${trip.id}/confirm`, w.boss, {});
        expect(yes.statusCode, yes.body).toBe(200);
      },
      { all: figures, leeds: figures },
    );
  });

  it('an employee moving office is seen by the next read of every office view', async () => {
    await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 12, startedAt: thisMonthAt(2), journeyGroupId: w.groupId });
    await seenByNextRead(
      async () => {
        const res = await send('PUT', `/api/employees/${w.pat.id}/office`, w.boss, { officeId: w.york });
        expect(res.statusCode, res.body).toBe(200);
      },
      // The company's figures stay; Leeds loses Pat.
      { all: [], leeds: ['summary', 'participation', 'participation, all time', 'co2'] },
    );
  });

  it('a write made outside this api process (another instance) is seen too: the version is in the database', async () => {
    await seenByNextRead(
      async () => {
        await t.ctx.db.update(users).set({ officeId: w.leeds }).where(eq(users.id, w.nia.id));
        await t.ctx.db.execute(sql`insert into feedbacks (company_id, employee_id, feedback_text) values (${w.acme}, ${w.nia.id}, 'More seats please')`);
      },
      { all: ['feedback'], leeds: ['summary', 'participation', 'participation, all time', 'co2', 'feedback'] },
    );
  });

  it('a feedback, a group renamed and an employee deactivated are each seen at the next read', async () => {
    await seenByNextRead(
      async () => {
        expect((await send('POST', '/api/feedbacks', w.pat.token, { feedbackText: 'Lovely' })).statusCode).toBe(201);
      },
      { all: ['feedback'], leeds: ['feedback'] },
    );
    await seenByNextRead(
      async () => {
        expect((await send('PUT', `/api/journey-groups/${w.groupId}`, w.boss, { name: 'Leeds loop' })).statusCode).toBeLessThan(300);
      },
      { all: ['journey groups, all time'], leeds: [] },
    );
    await seenByNextRead(
      async () => {
        await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, w.pat.id));
      },
      { all: ['summary'], leeds: ['summary'] },
    );
  });

  it('two callers with different office scopes never get each other\'s answer', async () => {
    await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 12, startedAt: thisMonthAt(2), journeyGroupId: w.groupId });
    await send('POST', '/api/feedbacks', w.nia.token, { feedbackText: 'From no office' });
    await send('POST', '/api/feedbacks', w.pat.token, { feedbackText: 'From Leeds' });
    // The whole company's answers are kept first, then the Leeds admin reads the same urls.
    const company = await answers(w.boss, null);
    const leedsView = await answers(w.boss, w.leeds);
    const admin = await answers(w.leedsAdmin, null);
    const adminFresh = await fresh(w.leedsAdmin, null);
    expect(admin).toEqual(adminFresh);
    for (const name of Object.keys(ENDPOINTS)) if (name !== 'feedback' && name !== 'summary' && !name.startsWith('journey groups')) expect(admin[name], name).toEqual(leedsView[name]);
    // Their groups, listed and counted, add the groups with no member yet, theirs to manage (decision 0053).
    const leedsSummary = leedsView.summary as { year: number; month: number; journeyGroups: number; activeJourneyGroups: number };
    const monthStart = `${leedsSummary.year}-${String(leedsSummary.month).padStart(2, '0')}-01`;
    const [empty] = await rows<{ all: number; active: number }>(
      t.ctx.db,
      sql`select count(*)::int as all, count(*) filter (where exists (select 1 from journey_group_monthly_stats s where s.group_id = g.id and s.month = ${monthStart}::date))::int as active
        from journey_groups g where g.company_id = ${w.acme} and not exists (select 1 from journey_group_members m where m.group_id = g.id)`,
    );
    expect(empty!.active).toBeGreaterThan(0);
    expect(admin.summary).toEqual({
      ...leedsSummary,
      journeyGroups: leedsSummary.journeyGroups + empty!.all,
      activeJourneyGroups: leedsSummary.activeJourneyGroups + empty!.active,
    });
    for (const name of ['journey groups', 'journey groups, all time']) {
      const groupsOf = (a: Record<string, unknown>) => (a[name] as { items: { members: unknown[] }[] }).items;
      expect(groupsOf(admin).filter((g) => g.members.length > 0), name).toEqual(groupsOf(leedsView));
    }
    expect(admin.summary).not.toEqual(company.summary);
    expect(admin.feedback).not.toEqual(company.feedback);
    // And the other way round: the admin's answers first, then the owner's.
    await t.ctx.db.execute(sql`insert into feedbacks (company_id, employee_id, feedback_text) values (${w.acme}, ${w.yan.id}, 'From York')`);
    const admin2 = await answers(w.leedsAdmin, null);
    const company2 = await answers(w.boss, null);
    expect(company2).toEqual(await fresh(w.boss, null));
    expect(admin2).toEqual(await fresh(w.leedsAdmin, null));
    // An office outside the admin's stays closed, though the owner's answer for it is kept.
    expect((await get(withOffice(ENDPOINTS.summary!, w.york), w.boss)).statusCode).toBe(200);
    expect((await get(withOffice(ENDPOINTS.summary!, w.york), w.leedsAdmin)).statusCode).toBe(403);
  });

  it('a trip deleted, an employee with trips deleted and an office with employees deleted: every view equals a fresh read', async () => {
    const trip = await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id, w.nia.id], distanceMiles: 12, startedAt: thisMonthAt(2), journeyGroupId: w.groupId });
    expect(trip.statusCode, trip.body).toBe(201);
    // A trip of last month too: the trend's other months.
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 8)).toISOString();
    expect((await postTrip(t.app, w.yan.token, { passengerIds: [w.pat.id], distanceMiles: 7, startedAt: lastMonth })).statusCode).toBe(201);
    await expectOfficeRollupsExact();
    const tripId = json<{ trip: { id: string } }>(trip).trip.id;
    const figures = ['summary', 'trend', 'participation', 'participation, all time', 'co2'];
    await seenByNextRead(
      async () => {
        // Straight in SQL, as a script would: the roll-ups of the trip go with it.
        await t.ctx.db.execute(sql`update employee_monthly_stats s set trips_as_driver = s.trips_as_driver - 1, driver_hundredths = s.driver_hundredths - 1200
          where s.employee_id = ${w.dan.id} and s.company_id = ${w.acme}`);
        await t.ctx.db.execute(sql`update employee_monthly_stats s set trips_as_passenger = s.trips_as_passenger - 1, passenger_hundredths = s.passenger_hundredths - 1200
          where s.employee_id in (${w.pat.id}, ${w.nia.id}) and s.month = date_trunc('month', now())::date`);
        await t.ctx.db.execute(sql`delete from employee_monthly_stats where trips_as_driver = 0 and trips_as_passenger = 0`);
        await t.ctx.db.execute(sql`delete from trips where id = ${tripId}`);
      },
      { all: [], leeds: figures },
    );
    await seenByNextRead(
      async () => {
        // Pat (Leeds, rows in two months) leaves: "No office" keeps what the company keeps of them.
        await t.ctx.db.delete(users).where(eq(users.id, w.pat.id));
      },
      { all: [], leeds: ['trend'] },
    );
    // York goes: Yan's figures move to "No office" (York's own view is then a 404).
    const kept = { all: await answers(w.boss, null), none: await answers(w.boss, 'none') };
    await t.ctx.db.delete(locations).where(eq(locations.id, w.york));
    await expectOfficeRollupsExact();
    for (const [view, office] of [['all', null], ['leeds', w.leeds], ['none', 'none']] as const) {
      const after = await answers(w.boss, office);
      expect(after, view).toEqual(await fresh(w.boss, office));
      await expectSummaryAsDefined(after.summary, filterOf(office));
    }
    const admin = await answers(w.leedsAdmin, null);
    expect(admin).toEqual(await fresh(w.leedsAdmin, null));
    await expectSummaryAsDefined(admin.summary, { kind: 'offices', ids: [w.leeds] });
    expect(await answers(w.boss, null)).toEqual(kept.all);
    expect((await answers(w.boss, 'none')).summary).not.toEqual(kept.none.summary);
    const york = await get(withOffice(ENDPOINTS.summary!, w.york), w.boss);
    expect(york.statusCode).toBe(404);
  });

  it('a trip recorded while an older read is under way: the next readers read once, never the old figures', async () => {
    const url = ENDPOINTS.summary!;
    const trips = (res: Res) => (ok(res) as { totalTrips: number }).totalTrips;
    const first = trips(await get(url, w.boss));
    const db = t.ctx.db;
    const execute = db.execute.bind(db);
    const { dialect } = db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } };
    // Every summary statement is counted; the first one's result is held until released: a read
    // with its figures in hand that has not answered yet.
    let summaries = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let signal!: () => void;
    const holding = new Promise<void>((r) => (signal = r));
    db.execute = (async (q: SQL) => {
      const isSummary = dialect.sqlToQuery(q).sql.includes('qualified_trips');
      const res = await execute(q as never);
      if (isSummary && ++summaries === 1) {
        signal();
        await held;
      }
      return res;
    }) as typeof db.execute;
    try {
      expect((await postTrip(t.app, w.dan.token, { passengerIds: [w.pat.id], distanceMiles: 12, startedAt: thisMonthAt(2) })).statusCode).toBe(201);
      // A reader misses (the trip moved the version) and reads the figures with one trip more...
      const older = get(url, w.boss);
      await holding;
      // ...and before it answers, another trip is recorded, then five readers ask at once.
      expect((await postTrip(t.app, w.yan.token, { passengerIds: [w.nia.id], distanceMiles: 7, startedAt: thisMonthAt(3) })).statusCode).toBe(201);
      const newer = await Promise.all(Array.from({ length: 5 }, () => get(url, w.boss)));
      // They have the second trip, from one statement, while the older read is still held.
      expect(newer.map(trips)).toEqual(Array(5).fill(first + 2));
      expect(summaries).toBe(2);
      release();
      expect(trips(await older)).toBe(first + 1);
      // The older answer, arriving last, is not what the next reader gets.
      expect(trips(await get(url, w.boss))).toBe(first + 2);
      expect(summaries).toBe(2);
    } finally {
      release();
      db.execute = execute;
    }
  });

  it('the company fold after a trip moves no figure and not the version: answers kept stay right', async () => {
    const version = async () =>
      (await rows<{ v: string }>(t.ctx.db, sql`select coalesce(max(version), 0)::text as v from insight_versions where company_id = ${w.acme}`))[0]!.v;
    const figures = { all: await answers(w.boss, null), none: await answers(w.boss, 'none') };
    // A trip's share of the company as its transaction leaves it (decision 0057): a delta not folded yet,
    // committed with the version moved (here by hand: a trip moves it with its other rows).
    const month = `${now.toISOString().slice(0, 7)}-01`;
    await t.ctx.db.execute(sql`insert into company_monthly_stat_deltas (company_id, month, trips, distance_hundredths, passenger_hundredths, participants)
      values (${w.acme}, ${month}::date, 3, 4500, 9000, 1)`);
    await t.ctx.db.execute(sql`select insight_bump(array[${w.acme}]::uuid[])`);
    const unfolded = { all: await answers(w.boss, null), none: await answers(w.boss, 'none') };
    for (const view of ['all', 'none'] as const) {
      expect(unfolded[view], view).toEqual(await fresh(w.boss, view === 'all' ? null : 'none'));
      const before = figures[view].summary as { totalTrips: number; passengerMiles: number };
      // The company's figures hold the delta; "No office" (the company less its offices) too.
      expect(unfolded[view].summary, view).toMatchObject({ totalTrips: before.totalTrips + 3, passengerMiles: before.passengerMiles + 90 });
    }
    const kept = await version();
    await foldAllRollups(t.ctx.db);
    expect(await rows(t.ctx.db, sql`select 1 from company_monthly_stat_deltas`)).toHaveLength(0);
    expect(await version()).toBe(kept);
    for (const [view, office] of [['all', null], ['none', 'none']] as const) {
      expect(await answers(w.boss, office), view).toEqual(unfolded[view]);
      expect(await fresh(w.boss, office), view).toEqual(unfolded[view]);
    }
    // Any other write of the company's rows still moves it.
    await t.ctx.db.execute(sql`update company_monthly_stats set trips = trips where company_id = ${w.acme}`);
    expect(await version()).not.toBe(kept);
  });

  it('an office deleted is a 404 at the next read, not its kept answer', async () => {
    const hull = (await t.ctx.db.insert(locations).values({ companyId: w.acme, addressLine1: '1 Hull Road', town: 'Hull', postalCode: 'HU1 1AA' }).returning())[0]!.id;
    expect((await get(withOffice(ENDPOINTS.summary!, hull), w.boss)).statusCode).toBe(200);
    await t.ctx.db.delete(locations).where(eq(locations.id, hull));
    expect((await get(withOffice(ENDPOINTS.summary!, hull), w.boss)).statusCode).toBe(404);
  });
});
