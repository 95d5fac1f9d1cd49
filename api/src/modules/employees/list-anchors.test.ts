import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { employeePageSchema } from '@portal/shared-contracts';
import { rows } from '../../db/sql';
import { seedDemoEmployees } from '../../demo/employees';
import { acmeAndGlobexLtd } from '../../test/employees-world';
import { bearer, employerRows, json, useTestApp } from '../../test/test-support';

/**
 * The employee list's anchors (every 1 000th key of a list, decision 0018) kept current through a
 * move by the writer's trigger (migration 0049, decision 0056's addendum "anchors kept through a
 * move"): after an approval, a join, a rename, a change of status, a delete or a move between
 * companies, the anchors of the current version are exactly those a rebuild would make, with no
 * read in between.
 */

const t = useTestApp();
let acme: string;
let globex: string;
let erin: string;

beforeEach(async () => {
  await t.reset();
  ({ acme, globex } = await acmeAndGlobexLtd(t.ctx.db));
  erin = (await employerRows(t.ctx.db, acme, 'erin@acme.test')).token;
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(erin), ...(payload !== undefined ? { payload: payload as object } : {}) });

/** The lists that have anchors: approval and status filter. */
const LISTS = [
  [true, 'all'],
  [true, 'active'],
  [true, 'deactivated'],
  [false, 'all'],
] as const;

const statusCond = (status: string) => (status === 'active' ? sql`and is_active` : status === 'deactivated' ? sql`and not is_active` : sql``);

/** Every 1 000th key of the list, as a rebuild makes them. */
async function rebuilt(approved: boolean, status: string) {
  return rows<{ position: number; ln: string; fn: string; id: string }>(
    t.ctx.db,
    sql`select rn::int as position, ln, fn, id from (
          select lower(last_name) as ln, lower(first_name) as fn, id, row_number() over (order by lower(last_name), lower(first_name), id) as rn
          from users where company_id = ${acme} and role = 'Employee' and is_approved = ${approved} ${statusCond(status)}
        ) k where rn % 1000 = 0 order by 1`,
  );
}

/** The anchors a deep page would use now: those of the list's current version. */
async function current(approved: boolean, status: string) {
  const version = status === 'all' ? sql`v.version` : sql`v.version + v.status_version`;
  return rows<{ position: number; ln: string; fn: string; id: string }>(
    t.ctx.db,
    sql`select a.position, a.last_name_key as ln, a.first_name_key as fn, a.id from employee_list_anchors a
        join employee_list_versions v on v.company_id = a.company_id and a.version = ${version}
        where a.company_id = ${acme} and a.is_approved = ${approved} and a.status = ${status} order by 1`,
  );
}

/** Every list's current anchors equal a rebuild, and none is missing (each list has some). */
async function expectCurrent(step: string) {
  for (const [approved, status] of LISTS) {
    const expected = await rebuilt(approved, status);
    expect(expected.length, `${step}: ${approved} ${status}`).toBeGreaterThan(0);
    expect(await current(approved, status), `${step}: ${approved} ${status}`).toEqual(expected);
  }
}

/** The last page of each list, read once (the first deep read builds the list's anchors). */
async function readDeepPages() {
  for (const [approved, status] of LISTS) {
    const last = Math.ceil((await countOf(approved, status)) / 10);
    const url = `${approved ? '/api/employees' : '/api/employees/pending'}?pageNumber=${last}&pageSize=10${status === 'all' ? '' : `&status=${status}`}`;
    expect((await call('GET', url)).statusCode, url).toBe(200);
  }
}

/** Deep pages of every list equal a plain OFFSET. */
async function expectPagesAsOffset(step: string, lists: readonly (readonly [boolean, string])[] = LISTS) {
  for (const [approved, status] of lists) {
    const [{ n }] = (await rows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from users where company_id = ${acme} and role = 'Employee' and is_approved = ${approved} ${statusCond(status)}`,
    )) as [{ n: number }];
    const last = Math.ceil(n / 10);
    for (const pageNumber of [101, 102, 150, 201, last - 1, last]) {
      const expected = await rows<{ id: string }>(
        t.ctx.db,
        sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved = ${approved} ${statusCond(status)}
            order by lower(last_name), lower(first_name), id limit 10 offset ${(pageNumber - 1) * 10}`,
      );
      const url = `${approved ? '/api/employees' : '/api/employees/pending'}?pageNumber=${pageNumber}&pageSize=10${status === 'all' ? '' : `&status=${status}`}`;
      const page = employeePageSchema.parse(json(await call('GET', url)));
      expect({ ids: page.items.map((e) => e.id), total: page.totalCount }, `${step}: ${url}`).toEqual({ ids: expected.map((r) => r.id), total: n });
    }
  }
}

const idAt = async (approved: boolean, offset: number, active?: boolean) =>
  (
    await rows<{ id: string }>(
      t.ctx.db,
      sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved = ${approved}
          ${active === undefined ? sql`` : active ? sql`and is_active` : sql`and not is_active`}
          order by lower(last_name), lower(first_name), id offset ${offset} limit 1`,
    )
  )[0]!.id;

const countOf = async (approved: boolean, status: string) =>
  (
    await rows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from users where company_id = ${acme} and role = 'Employee' and is_approved = ${approved} ${statusCond(status)}`,
    )
  )[0]!.n;

/** `n` new employees of acme in one statement, named to sort at the front (`Aa…`) or the back (`Zz…`). */
async function insertEmployees(n: number, prefix: string, approved = true, active = true) {
  await t.ctx.db.execute(sql`insert into users (email, password_hash, name, role, company_id, first_name, last_name, is_approved, is_active)
    select ${prefix} || i || '@acme.test', '!', ${prefix} || i, 'Employee', ${acme}, 'N' || i, ${prefix} || lpad(i::text, 4, '0'), ${approved}, ${active}
    from generate_series(1, ${n}) i`);
}

describe('deep page anchors through a move', () => {
  it('stay current and equal a rebuild after approvals, joins, renames, changes of status, deletes and moves between companies', async () => {
    // Every list with anchors (approved: every status, active, deactivated; pending) past 1 000 rows.
    await seedDemoEmployees(t.ctx.db, { companyId: acme, count: 4600, seed: 17, deactivatedShare: 0.45, pendingShare: 0.3 });
    await seedDemoEmployees(t.ctx.db, { companyId: globex, count: 20, seed: 3 });
    await readDeepPages();
    await expectCurrent('built by the first deep reads');

    // An approval through the api of a join request sorting near the front.
    const joiner = await idAt(false, 5);
    expect((await call('PUT', `/api/employees/${joiner}/accept`)).statusCode).toBe(200);
    await expectCurrent('an approval');

    // A new employee through the api (the approved list, at the front).
    expect((await call('POST', '/api/employees', { employees: [{ firstName: 'Ada', lastName: 'Aardvark', email: 'ada@acme.test', employeeNumber: 'N-1' }] })).statusCode).toBe(201);
    await expectCurrent('a new employee');

    // A join request (the pending list, at the back).
    await insertEmployees(1, 'Zzpending', false);
    await expectCurrent('a join request');

    // Renames: from the back to the front, from the front to the back, and in place.
    await t.ctx.db.execute(sql`update users set last_name = 'Aaronson' where id = ${await idAt(true, 2500)}`);
    await expectCurrent('a rename to the front');
    await t.ctx.db.execute(sql`update users set last_name = 'Zzyzx' where id = ${await idAt(true, 10)}`);
    await expectCurrent('a rename to the back');
    const anchorRow = (await current(true, 'all'))[0]!.id;
    await t.ctx.db.execute(sql`update users set last_name = 'Zzyzzy' where id = ${anchorRow}`);
    await expectCurrent('the anchor row itself renamed');
    await t.ctx.db.execute(sql`update users set first_name = upper(first_name) where id = ${await idAt(true, 20)}`);
    await expectCurrent('a rename that keeps the place');

    // Changes of status through the api: out of the active list into the deactivated one, and back.
    const leaver = await idAt(true, 30, true);
    expect((await call('POST', `/api/employees/${leaver}/deactivate`, { reason: 'Left the company' })).statusCode).toBe(200);
    await expectCurrent('a deactivation');
    expect((await call('POST', `/api/employees/reactivate-employee/${leaver}`)).statusCode).toBe(200);
    await expectCurrent('a reactivation');

    // Several moves in one statement: renames, a change of status and an approval together.
    await t.ctx.db.execute(sql`update users set last_name = 'Ab' || last_name where id in (${await idAt(true, 2200)}, ${await idAt(true, 1700)}, ${await idAt(true, 40)})`);
    await t.ctx.db.execute(
      sql`update users set is_active = not is_active, is_approved = true where id in (${await idAt(true, 50, false)}, ${await idAt(false, 60)}, ${await idAt(true, Math.floor((await countOf(true, 'active')) * 0.8), true)})`,
    );
    await expectCurrent('several moves in one statement');

    // Deletes, a move to another company and back, a role change.
    await t.ctx.db.execute(sql`delete from users where id in (${await idAt(true, 3)}, ${await idAt(false, 3)})`);
    await expectCurrent('a delete');
    const mover = await idAt(true, 70);
    await t.ctx.db.execute(sql`update users set company_id = ${globex} where id = ${mover}`);
    await expectCurrent('a move to another company');
    await t.ctx.db.execute(sql`update users set company_id = ${acme} where id = ${mover}`);
    await expectCurrent('a move back');
    await t.ctx.db.execute(sql`update users set role = 'Admin' where id = ${await idAt(true, 80)}`);
    await expectCurrent('a role change');

    // A write that moves nothing and one of another company leave the version and the anchors.
    await t.ctx.db.execute(sql`update users set phone_number = '+44 7700 900999' where id = ${await idAt(true, 90)}`);
    await seedDemoEmployees(t.ctx.db, { companyId: globex, count: 5, seed: 4 });
    await expectCurrent('writes that move nothing');

    // The approved list grows past its next multiple of 1 000 (statements of at most 150 rows), then
    // shrinks below it again: the anchor there is added, then removed.
    const all = await countOf(true, 'all');
    let needed = (Math.floor(all / 1000) + 1) * 1000 - all;
    expect(needed).toBeLessThanOrEqual(1000);
    for (let batch = 1; needed > 0; batch++) {
      const n = Math.min(needed, 150);
      await insertEmployees(n, `Aab${batch}x`);
      needed -= n;
      await expectCurrent(`growth, batch ${batch}`);
    }
    expect((await current(true, 'all')).length).toBe(Math.floor((await countOf(true, 'all')) / 1000));
    await t.ctx.db.execute(sql`delete from users where company_id = ${acme} and last_name like 'Aab1x%'`);
    await expectCurrent('a shrink below a multiple');
    expect((await current(true, 'all')).length).toBe(Math.floor((await countOf(true, 'all')) / 1000));

    // The pages equal a plain OFFSET, read through the kept anchors.
    await expectPagesAsOffset('after every move');
  }, 240_000);

  it('are left to a rebuild by a statement moving more than 200 employees or a name shown empty, and rebuilt exact', async () => {
    await seedDemoEmployees(t.ctx.db, { companyId: acme, count: 2600, seed: 19, deactivatedShare: 0.1, pendingShare: 0.02 });
    const list = [true, 'all'] as const;
    await readDeepPages();
    expect(await current(...list)).toEqual(await rebuilt(...list));
    expect((await current(...list)).length).toBeGreaterThan(0);

    // 250 renames in one statement: the anchors stay at their old version; the next deep page rebuilds them.
    await t.ctx.db.execute(sql`update users set last_name = 'Ab' || last_name where id in (
      select id from users where company_id = ${acme} and role = 'Employee' and is_approved order by id limit 250)`);
    expect(await current(...list)).toEqual([]);
    await readDeepPages();
    expect(await current(...list)).toEqual(await rebuilt(...list));

    // A name shown empty: the list gets no anchors (a missing name sorts last), its deep pages stay exact.
    await t.ctx.db.execute(sql`update users set first_name = null where id = ${await idAt(true, 5)}`);
    expect(await current(...list)).toEqual([]);
    await readDeepPages();
    expect(await current(...list)).toEqual([]);
    const page = employeePageSchema.parse(json(await call('GET', '/api/employees?pageNumber=150&pageSize=10')));
    const expected = await rows<{ id: string }>(
      t.ctx.db,
      sql`select id from users where company_id = ${acme} and role = 'Employee' and is_approved order by lower(last_name), lower(first_name), id limit 10 offset 1490`,
    );
    expect(page.items.map((e) => e.id)).toEqual(expected.map((r) => r.id));
  }, 120_000);
  it('stay exact with movers and deep readers at once', async () => {
    await seedDemoEmployees(t.ctx.db, { companyId: acme, count: 3000, seed: 23, deactivatedShare: 0.4, pendingShare: 0.1 });
    const approvedLists = LISTS.filter(([approved]) => approved);
    const deepUrls = async () =>
      Promise.all(
        approvedLists.map(async ([, status]) => {
          const n = await countOf(true, status);
          return [102, Math.ceil(n / 20), Math.ceil(n / 10)].map((p) => `/api/employees?pageNumber=${p}&pageSize=10${status === 'all' ? '' : `&status=${status}`}`);
        }),
      ).then((u) => u.flat());
    for (const url of await deepUrls()) expect((await call('GET', url)).statusCode).toBe(200);
    /** Each anchor of a current version is the key a rebuild puts at its position. */
    const expectNoWrongAnchor = async (step: string) => {
      for (const [approved, status] of approvedLists) {
        const want = new Map((await rebuilt(approved, status)).map((a) => [a.position, a]));
        for (const a of await current(approved, status)) expect(a, `${step}: ${status} ${a.position}`).toEqual(want.get(a.position));
      }
    };
    for (let round = 0; round < 4; round++) {
      const urls = await deepUrls();
      const pending = await rows<{ id: string }>(t.ctx.db, sql`select id from users where company_id = ${acme} and role = 'Employee' and not is_approved order by id limit 2`);
      const movers = await Promise.all([idAt(true, 100 + round), idAt(true, 1500 + round), idAt(true, 40 + round, true), idAt(true, 60 + round, false)]);
      const results = await Promise.all([
        ...pending.map((p) => call('PUT', `/api/employees/${p.id}/accept`)),
        call('POST', '/api/employees', { employees: [{ firstName: `Cy${round}`, lastName: `Ab${round}`, email: `cy${round}@acme.test`, employeeNumber: `CY-${round}` }] }),
        t.ctx.db.execute(sql`update users set last_name = ${`Aaa${round}`} where id = ${movers[0]!}`),
        t.ctx.db.execute(sql`update users set last_name = ${`Zzz${round}`} where id = ${movers[1]!}`),
        call('POST', `/api/employees/${movers[2]!}/deactivate`, { reason: `Round ${round}` }),
        call('POST', `/api/employees/reactivate-employee/${movers[3]!}`),
        // A statement of more than 200 moves in one round: the anchors go stale and are rebuilt by a reader beside the others.
        ...(round === 2 ? [insertEmployees(210, `Ac${round}x`)] : []),
        ...urls.map((url) => call('GET', url)),
      ]);
      for (const r of results) if (typeof r === 'object' && r !== null && 'statusCode' in r) expect(r.statusCode).toBeLessThan(300);
      await expectNoWrongAnchor(`round ${round}`);
    }
    for (const url of await deepUrls()) expect((await call('GET', url)).statusCode).toBe(200);
    for (const [approved, status] of approvedLists) expect(await current(approved, status), status).toEqual(await rebuilt(approved, status));
    await expectPagesAsOffset('after movers and readers at once', approvedLists);
  }, 240_000);
});
