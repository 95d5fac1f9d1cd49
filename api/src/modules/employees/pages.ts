import { sql, type SQL } from 'drizzle-orm';
import type { Employee, Page } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { pageAnswer, preparedRows } from '../../db/sql';
import { rowsOf, toEmployee, type EmployeeDbRow } from './rows';

/**
 * A page of a list without a search: its total from `employee_counts`, its ids from the covering
 * list index (docs/decisions/0018-employee-list-at-scale.md), a deep page from the anchor before it.
 */

/** A list's answer, and the company's `answers` version read in the same snapshot (null: not to be kept). */
export interface ListRead {
  page: Page<Employee>;
  answers: string | null;
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
  /** The list's total, when `counted` cannot say it (an office admin's list: its offices only). */
  total?: SQL;
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

export async function readPage(db: Db, list: ListWithoutSearch, pageNumber: number, pageSize: number): Promise<ListRead> {
  const { where, counted, anchors } = list;
  const answers = list.answers ?? sql`null::text`;
  const offset = (pageNumber - 1) * pageSize;
  const totalOf = list.total ?? sql`(select coalesce(sum(c.n), 0)::int from employee_counts c where ${counted})`;
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
  // The list of every status keeps its anchors through changes of status (its order and rows stay);
  // the active and the deactivated lists' anchors belong to `version + status_version` (migration 0038).
  const version = anchors
    ? anchors.status === 'all'
      ? sql`(select coalesce(max(version), 0) from employee_list_versions where company_id = ${anchors.companyId})`
      : sql`(select coalesce(max(version + status_version), 0) from employee_list_versions where company_id = ${anchors.companyId})`
    : sql`null`;
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
