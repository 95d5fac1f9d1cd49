import { sql, type SQL } from 'drizzle-orm';
import type { ENDPOINTS, Employee, EndpointQuery, Page } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { foldSearch, pageAnswer, preparedRows } from '../../db/sql';
import { isUuid } from '../../lib/ids';
import { callerOffices, callerOfficesKey } from '../../lib/offices';
import type { AuthUser } from '../../lib/sessions';
import { scopeOf } from '../../lib/tenancy';
import type { KeptPage } from '../../lib/answer-cache';
import type { ListAnswerCache } from './list-cache';
import { readPage, type ListRead } from './pages';
import { scopeCondition } from './rows';
import { searchList } from './search';

/** Which of the two lists: the approved employees, or the pending join requests. */
export type EmployeeList = 'approved' | 'pending';

type ListQuery = EndpointQuery<typeof ENDPOINTS.employees.list>;

/**
 * One page of approved employees (or of pending join requests) in name order, with the total.
 * Without a search the total is read from `employee_counts` (kept exact by triggers in the
 * transaction of every write to users: docs/decisions/0018-employee-list-at-scale.md) and the page's
 * ids from the covering list index, which an OFFSET walks without reading the table; a page in the
 * second half of the list walks that index from the end instead, so page 5 000 of 9 500 skips 4 500
 * entries, not 49 990. Only the page's rows are then read with their vehicle.
 */
export async function listEmployees(ctx: ApiContext, auth: AuthUser, q: ListQuery, list: EmployeeList): Promise<Page<Employee>> {
  if (q.companyId !== undefined && !isUuid(q.companyId)) return pageAnswer([], 0, q.pageNumber, q.pageSize);
  return (await readList(ctx.db, scopeOf(auth, q.companyId), auth, q, foldSearch(q.search), list)).page;
}

/**
 * `listEmployees` as its answer's JSON, kept in memory per api instance (list-cache.ts) for one
 * company's lists: the company's `answers` version is read (one indexed row) and an answer kept at
 * that version is the answer; otherwise the list is read with the version in one statement (one
 * snapshot) and kept under that version. The caller's session was checked before, on every call.
 * A super admin's all-companies list is read each time: keeping it would need one version for all
 * companies, a row every writer of every company would then update and wait on.
 */
export async function listEmployeesJson(
  ctx: ApiContext,
  cache: ListAnswerCache,
  auth: AuthUser,
  q: ListQuery,
  list: EmployeeList,
  serialize: (page: Page<Employee>) => string,
): Promise<string> {
  if (q.companyId !== undefined && !isUuid(q.companyId)) return serialize(pageAnswer([], 0, q.pageNumber, q.pageSize));
  const scope = scopeOf(auth, q.companyId);
  const term = foldSearch(q.search);
  if (scope === null) return serialize((await readList(ctx.db, scope, auth, q, term, list)).page);
  const status = q.status === 'active' || q.status === 'deactivated' ? q.status : 'all';
  // The caller's offices are part of the key: an office admin's page is never the company's, nor
  // the company's theirs (docs/decisions/0053-office-admins-manage-their-offices.md).
  const key = [scope, callerOfficesKey(auth), list, status, q.pageNumber, q.pageSize, term].join('\n');
  // The caller's own company's version came with the session check; another company's (a super
  // admin's) is read here.
  const version = BigInt(
    scope === auth.companyId && auth.listAnswers !== undefined
      ? auth.listAnswers
      : ((await preparedRows<{ v: string }>(ctx.db, sql`select ${answersOf(scope)} as v`))[0]?.v ?? 0),
  );
  const kept = cache.get(key, version);
  if (kept !== undefined) return kept;
  return cache.read(key, version, async () => {
    // An answer read before writes that left it exact is still the answer, its total moved by the
    // rows that joined or left the list (docs/decisions/0056-reads-after-status-changes.md, addenda).
    const older = cache.older(key, version);
    if (older) {
      const conds = [...listConds(scope, auth, q, list), ...(term ? [sql`strpos(u.search_text, ${term}) > 0`] : [])];
      const delta = await unchangedBy(ctx.db, scope, older.version, version, older.page, conds);
      if (delta !== null) {
        if (delta === 0) return { answer: older.answer, version, page: older.page };
        const total = older.page.total + delta;
        const items = (JSON.parse(older.answer) as Page<Employee>).items;
        return { answer: serialize(pageAnswer(items, total, q.pageNumber, q.pageSize)), version, page: { ...older.page, total } };
      }
    }
    const read = await readList(ctx.db, scope, auth, q, term, list);
    const items = read.page.items;
    const last = items[items.length - 1];
    return {
      answer: serialize(read.page),
      version: read.answers === null ? null : BigInt(read.answers),
      page: {
        ids: items.map((e) => e.id),
        // A name shown empty may be null in the table (it sorts last): such a page is not compared by its key.
        full: items.length === q.pageSize && last !== undefined && last.lastName !== '' && last.firstName !== '',
        last: last ? [last.lastName, last.firstName, last.id] : null,
        total: read.page.totalCount,
      },
    };
  });
}

/**
 * Whether every `answers` version of the company after `from` up to `to` is logged
 * (`employee_list_changes`, migration 0045) as changes that leave the kept `page` of the list
 * `conds` (over users `u`) as it was: each changed employee is off the page, and one who moved
 * (joined, left, or changed place in the list) was and is either outside the list or after the
 * page's last row, which must then be full (a page with room left gains a row joining after it).
 * Answers by how much the list's total moved (the employees who joined it, less those who left),
 * or null when the page must be read again. A version missing from the log (a truncate; older than
 * its last 1 000) or logged as null (a statement changing many employees) answers null.
 */
async function unchangedBy(db: Db, companyId: string, from: bigint, to: bigint, page: KeptPage, conds: SQL[]): Promise<number | null> {
  const inList = (state: SQL) => sql`exists (select 1 from jsonb_populate_record(null::users, ${state}) u where ${sql.join(conds, sql` and `)})`;
  const [ln, fn, id] = page.last ?? ['', '', '00000000-0000-0000-0000-000000000000'];
  const upToLast = (state: SQL) =>
    sql`(select (lower(u.last_name), lower(u.first_name), u.id) <= (lower(${ln}::text), lower(${fn}::text), ${id}::uuid) from jsonb_populate_record(null::users, ${state}) u)`;
  const [r] = await preparedRows<{ n: number | string; known: boolean; delta: number | string; affected: boolean }>(
    db,
    sql`with l as materialized (
        select l.changes from employee_list_changes l
        where l.company_id = ${companyId} and l.answers > ${String(from)}::bigint and l.answers <= ${String(to)}::bigint
      ), d as (
        select s.id, s.moved, ${inList(sql`s.so`)} as i_o, ${inList(sql`s.sn`)} as i_n,
          ${upToLast(sql`s.so`)} as k_o, ${upToLast(sql`s.sn`)} as k_n,
          lower(s.so->>'last_name') is not distinct from lower(s.sn->>'last_name')
            and lower(s.so->>'first_name') is not distinct from lower(s.sn->>'first_name') as same
        from l cross join lateral jsonb_array_elements(case when jsonb_typeof(l.changes) = 'array' then l.changes else '[]'::jsonb end) x(e)
        cross join lateral (
          select x.e->>'id' as id, (x.e ? 'o' or x.e ? 'n') as moved,
            case when jsonb_typeof(x.e->'o') = 'object' then x.e->'o' else '{}'::jsonb end as so,
            case when jsonb_typeof(x.e->'n') = 'object' then x.e->'n' else '{}'::jsonb end as sn
        ) s
      )
      select (select count(*) from l)::int as n,
        coalesce((select bool_and(l.changes is not null) from l), true) as known,
        (select coalesce(sum(d.i_n::int - d.i_o::int), 0) from d)::int as delta,
        coalesce((select bool_or(
          d.id = any(${`{${page.ids.join(',')}}`}::text[])
          or (d.moved and (d.i_o or d.i_n) and not (d.i_o and d.i_n and d.same)
            and (not ${page.full}::boolean or (d.i_o and d.k_o is not false) or (d.i_n and d.k_n is not false)))
        ) from d), false) as affected`,
  );
  if (r === undefined || BigInt(r.n) !== to - from || !r.known || r.affected) return null;
  return Number(r.delta);
}

/** The company's `answers` version (employee_list_versions, bumped by triggers on every write that can change a list answer). */
function answersOf(companyId: string): SQL {
  return sql`(select coalesce(max(answers), 0)::text from employee_list_versions where company_id = ${companyId})`;
}

/** The rows (users `u`) of a list without its search: the same conditions read it and test a logged change. */
function listConds(scope: string | null, auth: AuthUser, q: ListQuery, list: EmployeeList): SQL[] {
  const conds: SQL[] = [sql`u.role = 'Employee'`, sql`u.is_approved = ${list === 'approved'}`, scopeCondition(scope)];
  if (auth.offices) conds.push(callerOffices(auth));
  if (q.status === 'active') conds.push(sql`u.is_active`);
  if (q.status === 'deactivated') conds.push(sql`not u.is_active`);
  return conds;
}

/**
 * `term`: the search as `foldSearch` folded it, once per request (the kept answers' key is the same term).
 * An admin limited to some offices reads their offices' employees only: the office condition is in
 * the statement, and the totals are counted over the same rows (`employee_counts` is per company),
 * without the company's anchors (they are positions in the whole company's list).
 */
async function readList(db: Db, scope: string | null, auth: AuthUser, q: ListQuery, term: string, list: EmployeeList): Promise<ListRead> {
  const approved = list === 'approved';
  const answers = scope === null ? sql`null::text` : answersOf(scope);
  const conds = listConds(scope, auth, q, list);
  const counted: SQL[] = [sql`c.is_approved = ${approved}`, scope === null ? sql`true` : sql`c.company_id = ${scope}`];
  const byOffice = Boolean(auth.offices);
  if (q.status === 'active') counted.push(sql`c.is_active`);
  if (q.status === 'deactivated') counted.push(sql`not c.is_active`);
  if (!term) {
    const where = sql.join(conds, sql` and `);
    const anchors = scope === null || byOffice ? null : { companyId: scope, approved, status: q.status ?? 'all' };
    const total = byOffice ? sql`(select count(*)::int from users u where ${where})` : undefined;
    return readPage(db, { where, counted: sql.join(counted, sql` and `), anchors, answers, total }, q.pageNumber, q.pageSize);
  }
  return searchList(db, { conds, counted, answers, exact: byOffice }, term, q);
}
