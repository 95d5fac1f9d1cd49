import { randomUUID } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  type EmployeeSignupBody,
  type Employee,
  type ENDPOINTS,
  type EndpointQuery,
  type Page,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { companies, users } from '../../db/schema';
import { containsPattern, pageAnswer, preparedRows, rows, searchTerm, toIso } from '../../db/sql';
import { HttpError, notFound, tooManyRequests } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { createUser, mailRegistrationAttempt } from '../../lib/new-user';
import { hashPassword } from '../../lib/passwords';
import { accountKey } from '../../lib/rate-limiter';
import type { ClientMeta } from '../../lib/request-meta';
import { recordAuthEvent } from '../../lib/auth-events';
import { recordUserAudit } from '../../lib/audit';
import type { AuthUser } from '../../lib/sessions';
import { scopeOf } from '../../lib/tenancy';
import type { ListAnswerCache } from './list-cache';

/**
 * The employees' list and lifecycle: reads, the shared link's sign-up, approval, deactivation and
 * removal. Adding employees (manual list, CSV file) is `import.ts`.
 */

function scopeCondition(scope: string | null): SQL {
  return scope === null ? sql`true` : sql`u.company_id = ${scope}`;
}

// ---------------------------------------------------------------- reads

interface EmployeeDbRow {
  id: string;
  company_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone_number: string | null;
  employee_number: string | null;
  department: string | null;
  driving_license_number: string | null;
  postal_code: string | null;
  is_active: boolean;
  is_approved: boolean;
  is_driver_verified: boolean;
  deactivation_reason: string | null;
  deactivated_at: Date | string | null;
  deactivated_by: string | null;
  created_at: Date | string;
  v_make: string | null;
  v_model: string | null;
  v_year: number | null;
  v_color: string | null;
  v_registration: string | null;
  v_verified: boolean | null;
}

/** The columns of one employee answer (users `u`, vehicles `v`, deactivating user `d`). */
const EMPLOYEE_COLUMNS = sql`
  u.id, u.company_id, u.first_name, u.last_name, u.email, u.phone_number, u.employee_number, u.department,
  u.driving_license_number, u.postal_code, u.is_active, u.is_approved, u.is_driver_verified,
  u.deactivation_reason, u.deactivated_at, d.name as deactivated_by, u.created_at,
  v.make as v_make, v.model as v_model, v.year_manufactured as v_year, v.color as v_color,
  v.registration_number as v_registration, v.is_verified as v_verified`;

const EMPLOYEE_JOINS = sql`left join vehicles v on v.user_id = u.id left join users d on d.id = u.deactivated_by`;

/**
 * The employees of a page, given the subquery of their ids. Each row is read by its key (`offset 0`
 * keeps the lateral subqueries as written), so the plan is the same whatever the planner guesses of
 * the page's size: a list statement is prepared and planned once per connection, not once a request
 * (`preparedRows`, db/client.ts), and a generic plan must not turn into a scan of the table.
 */
function rowsOf(ids: SQL): SQL {
  return sql`select ${EMPLOYEE_COLUMNS} from (${ids}) pg
    cross join lateral (select * from users u where u.id = pg.id offset 0) u
    left join lateral (select * from vehicles v where v.user_id = u.id offset 0) v on true
    left join lateral (select d.name from users d where d.id = u.deactivated_by offset 0) d on true`;
}

function toEmployee(r: EmployeeDbRow): Employee {
  return {
    id: r.id,
    companyId: r.company_id,
    firstName: r.first_name ?? '',
    lastName: r.last_name ?? '',
    email: r.email,
    phoneNumber: r.phone_number,
    employeeNumber: r.employee_number ?? '',
    department: r.department,
    drivingLicense: r.driving_license_number,
    drivingLicenseNumber: r.driving_license_number,
    isActive: r.is_active,
    isApproved: r.is_approved,
    isVerified: r.is_approved,
    isDriverVerified: r.is_driver_verified,
    postalCode: r.postal_code ? { value: r.postal_code } : null,
    vehicle:
      r.v_make !== null
        ? {
            make: r.v_make,
            model: r.v_model ?? '',
            yearManufactured: r.v_year === null ? null : Number(r.v_year),
            color: r.v_color,
            registrationNumber: r.v_registration ?? '',
            isVerified: Boolean(r.v_verified),
          }
        : null,
    deactivationReason: r.deactivation_reason,
    deactivatedAt: toIso(r.deactivated_at),
    deactivatedBy: r.deactivated_by,
    journeyGroupName: null,
    createdAt: toIso(r.created_at) ?? '',
  };
}

/**
 * One page of approved employees (or of pending join requests) in name order, with the total.
 * Without a search the total is read from `employee_counts` (kept exact by triggers in the
 * transaction of every write to users: docs/decisions/0018-employee-list-at-scale.md) and the page's
 * ids from the covering list index, which an OFFSET walks without reading the table; a page in the
 * second half of the list walks that index from the end instead, so page 5 000 of 9 500 skips 4 500
 * entries, not 49 990. Only the page's rows are then read with their vehicle.
 */
export async function listEmployees(ctx: ApiContext, auth: AuthUser, q: ListQuery, approved: boolean): Promise<Page<Employee>> {
  if (q.companyId !== undefined && !isUuid(q.companyId)) return pageAnswer([], 0, q.pageNumber, q.pageSize);
  return (await readList(ctx.db, scopeOf(auth, q.companyId), q, approved)).page;
}

type ListQuery = EndpointQuery<typeof ENDPOINTS.employees.list>;

/** A list's answer, and the company's `answers` version read in the same snapshot (null: not to be kept). */
interface ListRead {
  page: Page<Employee>;
  answers: string | null;
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
  approved: boolean,
  serialize: (page: Page<Employee>) => string,
): Promise<string> {
  if (q.companyId !== undefined && !isUuid(q.companyId)) return serialize(pageAnswer([], 0, q.pageNumber, q.pageSize));
  const scope = scopeOf(auth, q.companyId);
  if (scope === null) return serialize((await readList(ctx.db, scope, q, approved)).page);
  const status = q.status === 'active' || q.status === 'deactivated' ? q.status : 'all';
  const key = [scope, approved ? 'approved' : 'pending', status, q.pageNumber, q.pageSize, searchTerm(q.search).toLowerCase()].join('\n');
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
    const read = await readList(ctx.db, scope, q, approved);
    return { answer: serialize(read.page), version: read.answers === null ? null : BigInt(read.answers) };
  });
}

/** The company's `answers` version (employee_list_versions, bumped by triggers on every write that can change a list answer). */
function answersOf(companyId: string): SQL {
  return sql`(select coalesce(max(answers), 0)::text from employee_list_versions where company_id = ${companyId})`;
}

async function readList(db: Db, scope: string | null, q: ListQuery, approved: boolean): Promise<ListRead> {
  const answers = scope === null ? sql`null::text` : answersOf(scope);
  const conds: SQL[] = [sql`u.role = 'Employee'`, sql`u.is_approved = ${approved}`, scopeCondition(scope)];
  const counted: SQL[] = [sql`c.is_approved = ${approved}`, scope === null ? sql`true` : sql`c.company_id = ${scope}`];
  if (q.status === 'active') {
    conds.push(sql`u.is_active`);
    counted.push(sql`c.is_active`);
  }
  if (q.status === 'deactivated') {
    conds.push(sql`not u.is_active`);
    counted.push(sql`not c.is_active`);
  }
  const term = searchTerm(q.search);
  const offset = (q.pageNumber - 1) * q.pageSize;
  const order = sql`order by lower(u.last_name), lower(u.first_name), u.id`;
  if (!term) {
    const anchors = scope === null ? null : { companyId: scope, approved, status: q.status ?? 'all' };
    return readPage(db, { where: sql.join(conds, sql` and `), counted: sql.join(counted, sql` and `), anchors, answers }, q.pageNumber, q.pageSize);
  }

  const gram = term.toLowerCase();
  type Found = EmployeeDbRow & { total: number | string; answers: string | null };
  const answer = (found: Found[]): ListRead => ({
    page: pageAnswer(found.filter((r) => r.id !== null).map(toEmployee), Number(found[0]?.total ?? 0), q.pageNumber, q.pageSize),
    answers: found[0]?.answers ?? null,
  });
  const countedWhere = sql.join(counted, sql` and `);
  const listTotal = sql`(select coalesce(sum(c.n), 0)::int from employee_counts c where ${countedWhere})`;
  const contains = sql.join([...conds, sql`strpos(u.search_text, ${gram}) > 0`], sql` and `);
  const pageSize = sql`${q.pageSize}::int`;
  const skip = sql`${offset}::int`;
  /** The page's ids walking the list in name order, from the nearer end, when `walk`; `t.total` is the exact total. */
  const walks = (walk: SQL) => sql`(
      select u.id from users u where ${contains} and ${walk} and t.total > ${skip} and t.total - ${skip} - ${pageSize} >= ${skip}
      ${order} limit ${pageSize} offset ${skip}
    ) union all (
      select u.id from users u where ${contains} and ${walk} and t.total > ${skip} and t.total - ${skip} - ${pageSize} < ${skip}
      order by lower(u.last_name) desc, lower(u.first_name) desc, u.id desc
      limit greatest(least(${pageSize}, t.total - ${skip}), 0) offset greatest(t.total - ${skip} - ${pageSize}, 0)
    )`;
  /**
   * Whether `matches` (of the `listed` employees) are few enough to sort: at most `shortSearchSorted`,
   * or fewer than the rows the page's walk would test (estimated from the share of the list that matches).
   */
  const sorts = (matches: SQL, listed: SQL) => sql`${matches} <= greatest(${shortSearchSorted}::int,
      (least(${skip}, ${matches} - ${skip} - ${pageSize}) + ${pageSize})::float8 * ${listed} / greatest(${matches}, 1))`;
  if ([...gram].length > 2) {
    // A term of 3+ characters goes through the trigram index: its matches are found once, then
    // counted and sorted. Left to itself the planner may instead walk the name-order index hoping
    // to meet 10 matches early, which is slow when they sit at the end (a search for "wright").
    // A term that may match much of the list (`exa` of every example.com address) would sort it
    // all: when the fewest employees having one of its pairs of characters (the gram counters: no
    // more can contain the term) are many, its matches are only counted (the trigram index, no
    // sort) and the page walks the list from the nearer end as a dense short term's does.
    // The statement is prepared: its plan does not depend on the term.
    const where = sql.join([...conds, sql`u.search_text like ${containsPattern(term)}`], sql` and `);
    const chars = [...gram];
    const pairs = [...new Set(chars.slice(1).map((c, i) => chars[i]! + c))];
    const atMost = sql`(select coalesce(min(k.n), 0)::int from (
        select (select coalesce(sum(c.n), 0) from employee_search_gram_counts c where c.gram = g.value and ${countedWhere}) as n
        from json_array_elements_text(${JSON.stringify(pairs)}::json) g
      ) k)`;
    return answer(
      await preparedRows<Found>(
        db,
        sql`with b as materialized (select ${atMost} as at_most, ${listTotal} as listed),
          s as materialized (
            select ${sorts(sql`b.at_most`, sql`b.listed`)} as sorted from b
          ),
          m as materialized (
            select u.id, lower(u.last_name) as ln, lower(u.first_name) as fn from users u where ${where} and (select s.sorted from s)
          )
          select t.total, t.answers, p.* from (
            select case when s.sorted then (select count(*)::int from m) else (select count(*)::int from users u where ${where}) end as total,
              ${answers} as answers, s.sorted
            from s offset 0
          ) t left join lateral (
            ${rowsOf(sql`(select id from m where t.sorted order by ln, fn, id limit ${pageSize} offset ${skip}) union all ${walks(sql`not t.sorted`)}`)}
            ${order}
          ) p on true`,
      ),
    );
  }
  // A term of one or two characters is contained in the text exactly when it is one of its grams:
  // its exact total is read from `employee_search_gram_counts` (migration 0013), and its matches,
  // when they are few, from the GIN index over each employee's grams (migration 0014), then sorted
  // and paged as the trigram search does. A dense term (most one-character ones) would sort most of
  // the list: its page is found by walking the list index in name order, testing each row, from the
  // nearer end (the total says where the end is), which meets its matches early. One prepared
  // statement holds the three ways, each behind a condition on the total it reads in the same
  // snapshot, so only one of them runs. The walks test with `strpos` (the same "contains" as the
  // LIKE): a LIKE would let the generic plan take the trigram index, which reads every entry for a
  // term this short, and sort.
  const gramTotal = sql`(select coalesce(sum(c.n), 0)::int from employee_search_gram_counts c where c.gram = ${gram} and ${countedWhere})`;
  const withGram = sql.join([...conds, sql`employee_search_gram_array(u.search_text) @> array[${gram}::text]`], sql` and `);
  return answer(
    await preparedRows<Found>(
      db,
      sql`select t.total, t.answers, p.* from (
            select y.total, y.answers, y.total > ${skip} and ${sorts(sql`y.total`, sql`y.listed`)} as via_index
            from (select ${gramTotal} as total, ${listTotal} as listed, ${answers} as answers offset 0) y
          ) t left join lateral (
            ${rowsOf(sql`(
                select m.id from (
                  select u.id, lower(u.last_name) as ln, lower(u.first_name) as fn from users u where ${withGram} and t.via_index
                ) m order by m.ln, m.fn, m.id limit ${pageSize} offset ${skip}
              ) union all ${walks(sql`not t.via_index`)}`)}
            ${order}
          ) p on true`,
    ),
  );
}

/**
 * A search reads its matches (through the gram index for one or two characters, the trigram index for
 * more), sorts and pages them when they are at most this many, or fewer than the rows its page's walk
 * would test (estimated from the share of the list that matches); else it walks the list in name order.
 */
let shortSearchSorted = 5000;

/** Sets that bound (tests: 0 makes a small list's dense terms walk, as a large list's do). */
export function sortShortSearchesUpTo(n: number): void {
  shortSearchSorted = n;
}

/**
 * Pages up to this offset are read in one statement with their total; deeper ones seek to the
 * anchor before them (one every `ANCHOR_EVERY` rows), so no page walks more index entries than this.
 */
const SHALLOW_OFFSET = 1000;
const ANCHOR_EVERY = SHALLOW_OFFSET;

/** One list without a search: `where` over users `u`, `counted` over its `employee_counts c` rows. */
export interface ListWithoutSearch {
  where: SQL;
  counted: SQL;
  /** The list's key in `employee_list_anchors`; null (all companies) reads deep pages without anchors. */
  anchors: { companyId: string; approved: boolean; status: string } | null;
  /** The company's `answers` version, read with the page where it is one statement (else not read). */
  answers?: SQL;
}

/** The ids of a stretch of the list `where` selects, in name order (`dir`), after the row `after` says. */
function listIds(where: SQL) {
  return (dir: SQL, limit: number, skip: number, after: SQL = sql`true`) =>
    sql`select u.id from users u where ${where} and ${after}
        order by lower(u.last_name) ${dir}, lower(u.first_name) ${dir}, u.id ${dir} limit ${limit} offset ${skip}`;
}

/** The employees of those ids, in name order. */
function page(ids: SQL): SQL {
  return sql`${rowsOf(ids)} order by lower(u.last_name), lower(u.first_name), u.id`;
}

/** A page of a list without a search (exported for the test comparing it with a plain OFFSET). */
export async function listPage(db: Db, list: ListWithoutSearch, pageNumber: number, pageSize: number): Promise<Page<Employee>> {
  return (await readPage(db, list, pageNumber, pageSize)).page;
}

async function readPage(db: Db, list: ListWithoutSearch, pageNumber: number, pageSize: number): Promise<ListRead> {
  const { where, counted, anchors } = list;
  const answers = list.answers ?? sql`null::text`;
  const offset = (pageNumber - 1) * pageSize;
  const totalOf = sql`(select coalesce(sum(c.n), 0)::int from employee_counts c where ${counted})`;
  const ids = listIds(where);
  if (offset <= SHALLOW_OFFSET) {
    const found = await preparedRows<EmployeeDbRow & { total: number | string; answers: string | null }>(
      db,
      sql`select t.total, t.answers, p.* from (select ${totalOf} as total, ${answers} as answers) t left join lateral (${page(ids(sql`asc`, pageSize, offset))}) p on true`,
    );
    const total = Number(found[0]?.total ?? 0);
    return { page: pageAnswer(found.filter((r) => r.id !== null).map(toEmployee), total, pageNumber, pageSize), answers: found[0]?.answers ?? null };
  }
  const position = Math.floor(offset / ANCHOR_EVERY) * ANCHOR_EVERY;
  const version = anchors ? sql`(select coalesce(max(version), 0) from employee_list_versions where company_id = ${anchors.companyId})` : sql`null`;
  if (anchors) {
    // The total, the anchor before the page and the page after it, in one statement: it seeks past
    // the anchor's row (the last one before `position`) and walks fewer than ANCHOR_EVERY entries.
    // Without an anchor of the current version the lateral page is empty and the walk below runs.
    const found = await preparedRows<EmployeeDbRow & { total: number | string; anchored: boolean; answers: string | null }>(
      db,
      sql`select t.total, t.anchored, t.answers, p.* from (
            select ${totalOf} as total, ${answers} as answers, a.last_name_key as ln, a.first_name_key as fn, a.id as anchor_id,
              (a.last_name_key is not null and a.first_name_key is not null) as anchored
            from (select 1) one
            left join employee_list_anchors a on a.company_id = ${anchors.companyId} and a.is_approved = ${anchors.approved}
              and a.status = ${anchors.status} and a.position = ${position} and a.version = ${version}
          ) t left join lateral (
            ${page(ids(sql`asc`, pageSize, offset - position, sql`t.anchored and (lower(u.last_name), lower(u.first_name), u.id) > (t.ln, t.fn, t.anchor_id)`))}
          ) p on true`,
    );
    const total = Number(found[0]?.total ?? 0);
    const snapshot = found[0]?.answers ?? null;
    if (offset >= total) return { page: pageAnswer([], total, pageNumber, pageSize), answers: snapshot };
    if (found[0]?.anchored) return { page: pageAnswer(found.filter((r) => r.id !== null).map(toEmployee), total, pageNumber, pageSize), answers: snapshot };
    // The walk reads in statements of their own: its answer is not kept (the next call finds the anchors).
    return { page: await walkPage(db, list, total, pageNumber, pageSize, version), answers: null };
  }
  const [t] = await preparedRows<{ total: number | string; answers: string | null }>(db, sql`select ${totalOf} as total, ${answers} as answers`);
  const total = Number(t?.total ?? 0);
  if (offset >= total) return { page: pageAnswer([], total, pageNumber, pageSize), answers: t?.answers ?? null };
  return { page: await walkPage(db, list, total, pageNumber, pageSize, version), answers: null };
}

/**
 * A deep page without an anchor: the anchors of the list are built (when it has a key in
 * `employee_list_anchors`), and the page walks the index from the nearer end.
 */
async function walkPage(db: Db, list: ListWithoutSearch, total: number, pageNumber: number, pageSize: number, version: SQL): Promise<Page<Employee>> {
  const { where, anchors } = list;
  const offset = (pageNumber - 1) * pageSize;
  const ids = listIds(where);
  if (anchors) await buildAnchors(db, where, anchors, version);
  const limit = Math.min(pageSize, total - offset);
  // From the nearer end: the rows after this page are fewer than the rows before it.
  const fromEnd = total - offset - limit;
  const found = await preparedRows<EmployeeDbRow>(db, fromEnd < offset ? page(ids(sql`desc`, limit, fromEnd)) : page(ids(sql`asc`, limit, offset)));
  return pageAnswer(found.map(toEmployee), total, pageNumber, pageSize);
}

/**
 * Every `ANCHOR_EVERY`th key of the list, read in one walk of its index together with the list's
 * version (one statement, one snapshot), replacing anchors of an older version. A list in which a
 * name is missing gets none (a missing name sorts last, which a row comparison cannot seek past).
 */
async function buildAnchors(db: Db, where: SQL, anchors: NonNullable<ListWithoutSearch['anchors']>, version: SQL): Promise<void> {
  await db.execute(sql`insert into employee_list_anchors as a (company_id, is_approved, status, position, version, last_name_key, first_name_key, id)
    select ${anchors.companyId}, ${anchors.approved}, ${anchors.status}, k.rn, ${version}, k.ln, k.fn, k.id from (
      select lower(u.last_name) as ln, lower(u.first_name) as fn, u.id,
        row_number() over (order by lower(u.last_name), lower(u.first_name), u.id) as rn
      from users u where ${where}
    ) k
    where k.rn % ${ANCHOR_EVERY} = 0
      and not exists (select 1 from users u where ${where} and (u.last_name is null or u.first_name is null))
    on conflict (company_id, is_approved, status, position) do update
      set version = excluded.version, last_name_key = excluded.last_name_key, first_name_key = excluded.first_name_key, id = excluded.id
      where a.version < excluded.version`);
}

async function loadEmployee(db: Db, scope: string | null, id: string): Promise<Employee | null> {
  if (!isUuid(id)) return null;
  const [r] = await rows<EmployeeDbRow>(
    db,
    sql`select ${EMPLOYEE_COLUMNS} from users u ${EMPLOYEE_JOINS}
      where u.id = ${id} and u.role = 'Employee' and ${scopeCondition(scope)}`,
  );
  return r ? toEmployee(r) : null;
}

export async function getEmployee(ctx: ApiContext, auth: AuthUser, id: string): Promise<Employee> {
  const employee = await loadEmployee(ctx.db, scopeOf(auth), id);
  if (!employee) throw notFound(MESSAGES.employees.notFound);
  return employee;
}

// ---------------------------------------------------------------- self-registration

/**
 * The shared link's sign-up: a pending employee (inactive, not approved) of an active company.
 * The company comes from the path; `isActive` and `company_id` in the body are ignored.
 * Whether the address has an account is not told: a taken address gets the same answer as a new
 * request (a join request id that matches nothing) and its owner a notice by mail, once a day at
 * most (docs/decisions/0014-address-enumeration.md). The form is anonymous, so it is rate limited
 * per client address, per company and per email.
 */
export async function selfRegister(ctx: ApiContext, companyId: string, body: EmployeeSignupBody, meta: ClientMeta): Promise<{ id: string }> {
  const rl = ctx.config.rateLimits;
  const email = body.email.trim();
  const byAddress = await ctx.limiter.hit(`self-register:ip:${meta.ip}`, rl.windowSeconds);
  if (byAddress.count > rl.selfRegisterPerAddress) await limited(ctx, meta, email, 'address', byAddress.retryAfter);
  const [company] = isUuid(companyId)
    ? await ctx.db.select({ id: companies.id, isActive: companies.isActive }).from(companies).where(eq(companies.id, companyId))
    : [];
  if (!company || !company.isActive) throw notFound(MESSAGES.employeeSignup.companyNotFound);
  const byCompany = await ctx.limiter.hit(`self-register:company:${company.id}`, rl.windowSeconds);
  if (byCompany.count > rl.selfRegisterPerCompany) await limited(ctx, meta, email, 'company', byCompany.retryAfter);
  const byAccount = await ctx.limiter.hit(`self-register:acct:${accountKey(email)}`, rl.windowSeconds);
  if (byAccount.count > rl.selfRegisterPerAccount) await limited(ctx, meta, email, 'account', byAccount.retryAfter);

  const employeeNumber = body.employeeNumber.trim();
  // The employee number is checked before the email: were it after, a number known to be taken
  // would make the answer depend on the email alone.
  const [numberTaken] = await rows<{ id: string }>(
    ctx.db,
    sql`select id from users where company_id = ${company.id} and lower(employee_number) = ${employeeNumber.toLowerCase()} limit 1`,
  );
  const passwordHash = await hashPassword(body.password);
  if (numberTaken) throw new HttpError(400, MESSAGES.signup.failed);
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  const created = await createUser(ctx.db, {
    email,
    passwordHash,
    name: `${firstName} ${lastName}`,
    role: 'Employee',
    companyId,
    firstName,
    lastName,
    employeeNumber,
    drivingLicenseNumber: body.drivingLicenseNumber?.trim() || null,
    isActive: false,
    isApproved: false,
  });
  if (!('id' in created)) {
    if (created.refused === 'conflict') throw new HttpError(400, MESSAGES.signup.failed);
    await mailRegistrationAttempt(ctx, email);
    ctx.log.info({ companyId }, 'employee join request for an address in use; owner notified');
    return { id: randomUUID() };
  }
  const { id } = created;
  ctx.log.info({ employeeId: id, companyId }, 'employee join request');
  return { id };
}

async function limited(ctx: ApiContext, meta: ClientMeta, email: string, scope: string, retryAfter: number): Promise<never> {
  await recordAuthEvent(ctx.db, ctx.log, { kind: 'rate-limited', email, ip: meta.ip, userAgent: meta.userAgent, detail: { action: 'self-register', scope } });
  throw tooManyRequests(retryAfter);
}

// ---------------------------------------------------------------- decisions

/** The employee `id` of the caller's scope, locked for the transaction; else "not found". */
async function lockEmployee(tx: Tx, auth: AuthUser, id: string) {
  if (!isUuid(id)) throw notFound(MESSAGES.employees.notFound);
  const [r] = await rows<{ id: string; is_approved: boolean; is_active: boolean }>(
    tx,
    sql`select u.id, u.is_approved, u.is_active from users u
      where u.id = ${id} and u.role = 'Employee' and ${scopeCondition(scopeOf(auth))} for update`,
  );
  if (!r) throw notFound(MESSAGES.employees.notFound);
  return r;
}

/** Approves a join request: approved and active. An already approved employee is left as is. */
export async function accept(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (e.is_approved) return;
    await tx.update(users).set({ isApproved: true, isActive: true, updatedAt: sql`now()` }).where(eq(users.id, id));
    await recordUserAudit(tx, auth, 'employee.approved', [e.id]);
  });
}

/** All or nothing: every id must be a pending request of the caller's scope. */
export async function bulkAccept(ctx: ApiContext, auth: AuthUser, ids: string[]): Promise<number> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    const scope = scopeOf(auth);
    const found = await rows<{ id: string; is_approved: boolean }>(
      tx,
      sql`select u.id, u.is_approved from users u
        where u.id in (select value::uuid from json_array_elements_text(${JSON.stringify(unique)}::json))
          and u.role = 'Employee' and ${scopeCondition(scope)} for update`,
    );
    if (found.length !== unique.length) throw notFound(MESSAGES.employees.notFound);
    if (found.some((r) => r.is_approved)) throw new HttpError(400, MESSAGES.employees.notPending);
    await tx.update(users).set({ isApproved: true, isActive: true, updatedAt: sql`now()` }).where(inArray(users.id, unique));
    await recordUserAudit(tx, auth, 'employee.approved', unique);
    return unique.length;
  });
}

/** Rejects several join requests, all or nothing: every id must be a pending request of the caller's scope. */
export async function bulkReject(ctx: ApiContext, auth: AuthUser, ids: string[]): Promise<number> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  return ctx.db.transaction(async (tx) => {
    const found = await rows<{ id: string; is_approved: boolean }>(
      tx,
      sql`select u.id, u.is_approved from users u
        where u.id in (select value::uuid from json_array_elements_text(${JSON.stringify(unique)}::json))
          and u.role = 'Employee' and ${scopeCondition(scopeOf(auth))} for update`,
    );
    if (found.length !== unique.length) throw notFound(MESSAGES.employees.notFound);
    if (found.some((r) => r.is_approved)) throw new HttpError(400, MESSAGES.employees.notPending);
    await recordUserAudit(tx, auth, 'employee.rejected', unique);
    await tx.delete(users).where(inArray(users.id, unique));
    return unique.length;
  });
}

/** Rejects a join request: the pending user is removed (sessions and tokens go with it). */
export async function reject(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (e.is_approved) throw new HttpError(400, MESSAGES.employees.notPending);
    await recordUserAudit(tx, auth, 'employee.rejected', [e.id]);
    await tx.delete(users).where(eq(users.id, id));
  });
}

/** Deactivation: the reason is stored with who and when; the employee's sessions end at once. */
export async function deactivate(ctx: ApiContext, auth: AuthUser, id: string, reason: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (!e.is_approved) throw notFound(MESSAGES.employees.notFound);
    await tx
      .update(users)
      .set({ isActive: false, deactivationReason: reason, deactivatedBy: auth.userId, deactivatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await tx.execute(sql`delete from sessions where user_id = ${id}`);
    await recordUserAudit(tx, auth, 'employee.deactivated', [e.id], { reason });
  });
}

export async function reactivate(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    if (!e.is_approved) throw notFound(MESSAGES.employees.notFound);
    await tx
      .update(users)
      .set({ isActive: true, deactivationReason: null, deactivatedBy: null, deactivatedAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await recordUserAudit(tx, auth, 'employee.reactivated', [e.id]);
  });
}

/** Immediate and irreversible: the row goes, and with it (by cascade) sessions, tokens and the vehicle. */
export async function remove(ctx: ApiContext, auth: AuthUser, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const e = await lockEmployee(tx, auth, id);
    await recordUserAudit(tx, auth, 'employee.deleted', [e.id]);
    await tx.execute(sql`delete from sessions where user_id = ${id}`);
    await tx.delete(users).where(eq(users.id, id));
  });
}
