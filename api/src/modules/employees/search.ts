import { sql, type SQL } from 'drizzle-orm';
import { escapeLike, pageAnswer, preparedRows } from '../../db/sql';
import type { Db } from '../../db/client';
import type { ListRead } from './pages';
import { rowsOf, toEmployee, type EmployeeDbRow } from './rows';

/**
 * The search of the employees' lists, in three ways chosen by the term and what it matches: a term
 * of 3+ characters through the trigram index, a short term through its gram counts and index, and a
 * term that matches much of the list by walking the list in name order from the nearer end.
 */

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

/** The list a search runs in: its conditions over users `u` and over its `employee_counts c` rows. */
export interface SearchedList {
  conds: SQL[];
  counted: SQL[];
  /** The company's `answers` version, read in the same statement (else `null::text`). */
  answers: SQL;
  /**
   * The totals are counted over `conds` rather than read from the counters of `counted` (an office
   * admin's list: the counters are per company). The counters still bound the matches from above.
   */
  exact?: boolean;
}

/** One page of the employees of `list` whose text contains `gram` (a term folded by db/sql's `foldSearch`), with the total. */
export async function searchList(db: Db, list: SearchedList, gram: string, paging: { pageNumber: number; pageSize: number }): Promise<ListRead> {
  const { conds, counted, answers } = list;
  const offset = (paging.pageNumber - 1) * paging.pageSize;
  const order = sql`order by lower(u.last_name), lower(u.first_name), u.id`;
  type Found = EmployeeDbRow & { total: number | string; answers: string | null };
  const answer = (found: Found[]): ListRead => ({
    page: pageAnswer(found.filter((r) => r.id !== null).map(toEmployee), Number(found[0]?.total ?? 0), paging.pageNumber, paging.pageSize),
    answers: found[0]?.answers ?? null,
  });
  const countedWhere = sql.join(counted, sql` and `);
  const listTotal = list.exact
    ? sql`(select count(*)::int from users u where ${sql.join(conds, sql` and `)})`
    : sql`(select coalesce(sum(c.n), 0)::int from employee_counts c where ${countedWhere})`;
  const contains = sql.join([...conds, sql`strpos(u.search_text, ${gram}) > 0`], sql` and `);
  const pageSize = sql`${paging.pageSize}::int`;
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
    const where = sql.join([...conds, sql`u.search_text like ${`%${escapeLike(gram)}%`}`], sql` and `);
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
  const withGram = sql.join([...conds, sql`employee_search_gram_array(u.search_text) @> array[${gram}::text]`], sql` and `);
  const gramTotal = list.exact
    ? sql`(select count(*)::int from users u where ${withGram})`
    : sql`(select coalesce(sum(c.n), 0)::int from employee_search_gram_counts c where c.gram = ${gram} and ${countedWhere})`;
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
