import { sql, type SQL } from 'drizzle-orm';
import type { ENDPOINTS, Employee, EndpointQuery, Page } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { foldSearch, pageAnswer, preparedRows } from '../../db/sql';
import { isUuid } from '../../lib/ids';
import { callerOffices, callerOfficesKey } from '../../lib/offices';
import type { AuthUser } from '../../lib/sessions';
import { scopeOf } from '../../lib/tenancy';
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
  const everyStatus = status === 'all';
  return cache.read(key, version, async () => {
    // An answer for every status read before changes of status of employees not on its page is
    // still the answer: its total, order and rows are as they were (docs/decisions/0056-reads-after-status-changes.md).
    const older = everyStatus ? cache.older(key, version) : undefined;
    if (older && (await onlyStatusChangesOfOthers(ctx.db, scope, older.version, version, older.ids))) {
      return { answer: older.answer, version, ids: older.ids };
    }
    const read = await readList(ctx.db, scope, auth, q, term, list);
    return {
      answer: serialize(read.page),
      version: read.answers === null ? null : BigInt(read.answers),
      ids: everyStatus ? read.page.items.map((e) => e.id) : null,
    };
  });
}

/**
 * Whether every `answers` version of the company after `from` up to `to` is logged
 * (`employee_list_changes`, migration 0038) as a change of status of employees none of whom is in
 * `ids`. A version missing from the log (a truncate; older than its last 1 000) answers no.
 */
async function onlyStatusChangesOfOthers(db: Db, companyId: string, from: bigint, to: bigint, ids: string[]): Promise<boolean> {
  const [r] = await preparedRows<{ n: number | string; others: boolean | null }>(
    db,
    sql`select count(*) as n, bool_and(l.status_of is not null and not (l.status_of && ${`{${ids.join(',')}}`}::uuid[])) as others
      from employee_list_changes l where l.company_id = ${companyId} and l.answers > ${String(from)}::bigint and l.answers <= ${String(to)}::bigint`,
  );
  return r !== undefined && BigInt(r.n) === to - from && r.others === true;
}

/** The company's `answers` version (employee_list_versions, bumped by triggers on every write that can change a list answer). */
function answersOf(companyId: string): SQL {
  return sql`(select coalesce(max(answers), 0)::text from employee_list_versions where company_id = ${companyId})`;
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
  const conds: SQL[] = [sql`u.role = 'Employee'`, sql`u.is_approved = ${approved}`, scopeCondition(scope)];
  const counted: SQL[] = [sql`c.is_approved = ${approved}`, scope === null ? sql`true` : sql`c.company_id = ${scope}`];
  const byOffice = Boolean(auth.offices);
  if (byOffice) conds.push(callerOffices(auth));
  if (q.status === 'active') {
    conds.push(sql`u.is_active`);
    counted.push(sql`c.is_active`);
  }
  if (q.status === 'deactivated') {
    conds.push(sql`not u.is_active`);
    counted.push(sql`not c.is_active`);
  }
  if (!term) {
    const where = sql.join(conds, sql` and `);
    const anchors = scope === null || byOffice ? null : { companyId: scope, approved, status: q.status ?? 'all' };
    const total = byOffice ? sql`(select count(*)::int from users u where ${where})` : undefined;
    return readPage(db, { where, counted: sql.join(counted, sql` and `), anchors, answers, total }, q.pageNumber, q.pageSize);
  }
  return searchList(db, { conds, counted, answers, exact: byOffice }, term, q);
}
