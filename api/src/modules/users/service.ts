import { sql, type SQL } from 'drizzle-orm';
import type { ENDPOINTS, EndpointQuery, Page, UserListItem } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import { containsPattern, pageAnswer, rows } from '../../db/sql';

interface UserDbRow {
  total: number | string;
  id: string | null;
  first_name: string | null;
  last_name: string | null;
  name: string;
  email: string;
  phone_number: string | null;
  role: string;
  company_id: string | null;
  company_name: string | null;
  company_country: string | null;
}

/** An employer user has one name field: its first word is the first name, the rest the last. */
function splitName(name: string): [string, string] {
  const trimmed = name.trim();
  const i = trimmed.indexOf(' ');
  return i < 0 ? [trimmed, ''] : [trimmed.slice(0, i), trimmed.slice(i + 1).trim()];
}

/**
 * Every employee and employer user (the Employers filter takes Employer and Admin), in name order,
 * searched case-insensitively on first name, last name, email and phone, each with its company's
 * name and country (two people of one name are told apart by it); one statement.
 */
export async function listUsers(ctx: ApiContext, q: EndpointQuery<typeof ENDPOINTS.accounts.users>): Promise<Page<UserListItem>> {
  const conds: SQL[] = [];
  if (q.type === 'Employees') conds.push(sql`u.role = 'Employee'`);
  else if (q.type === 'Employers') conds.push(sql`u.role in ('Employer', 'Admin')`);
  else conds.push(sql`u.role in ('Employee', 'Employer', 'Admin')`);
  const term = q.search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conds.push(sql`(u.search_text like ${pattern} or u.phone_number like ${pattern})`);
  }
  const where = sql.join(conds, sql` and `);
  const found = await rows<UserDbRow>(
    ctx.db,
    sql`select t.total, p.* from (select count(*)::int as total from users u where ${where}) t
      left join lateral (
        select u.id, u.first_name, u.last_name, u.name, u.email, u.phone_number, u.role, u.company_id,
          c.name as company_name, c.country_code as company_country
        from users u left join companies c on c.id = u.company_id
        where ${where}
        order by lower(u.name), u.id
        limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}
      ) p on true`,
  );
  const items = found
    .filter((r) => r.id !== null)
    .map((r): UserListItem => {
      const [first, last] = r.role === 'Employee' ? [r.first_name ?? '', r.last_name ?? ''] : splitName(r.name);
      return {
        id: r.id!,
        firstName: first,
        lastName: last,
        email: r.email,
        phoneNumber: r.phone_number,
        role: r.role === 'Employee' || r.role === 'Admin' ? r.role : 'Employer',
        companyId: r.company_id,
        companyName: r.company_name,
        companyCountry: r.company_country,
      };
    });
  return pageAnswer(items, Number(found[0]?.total ?? 0), q.pageNumber, q.pageSize);
}
