import { sql } from 'drizzle-orm';
import type { Feedback, Page } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { feedbacks } from '../../db/schema';
import { pageAnswer, rows, toIso } from '../../db/sql';
import { callerOffices } from '../../lib/offices';
import type { AuthUser } from '../../lib/sessions';
import { approvedEmployee } from '../../lib/tenancy';

/** An employee's feedback, kept with their company so the employer's list is one index range. */
export async function sendFeedback(db: Db, auth: AuthUser, text: string): Promise<string> {
  const me = await approvedEmployee(db, auth);
  const [row] = await db.insert(feedbacks).values({ companyId: me.companyId, employeeId: auth.userId, feedbackText: text }).returning({ id: feedbacks.id });
  return row!.id;
}

interface FeedbackDbRow {
  total: number;
  id: string | null;
  employee_id: string;
  full_name: string;
  employee_number: string | null;
  feedback_text: string;
  created_at: Date | string;
}

/**
 * Newest first, with the author's full name and employee number joined here (no per-item lookups).
 * An admin limited to some offices reads the feedback of their offices' employees only (by the
 * author's office now), its total counted over the same rows
 * (docs/decisions/0053-office-admins-manage-their-offices.md).
 */
export async function listFeedback(db: Db, companyId: string, pageNumber: number, pageSize: number, auth: Pick<AuthUser, 'offices'> = {}): Promise<Page<Feedback>> {
  const offices = callerOffices(auth);
  const total = auth.offices
    ? sql`select count(*)::int as total from feedbacks f join users u on u.id = f.employee_id where f.company_id = ${companyId} and ${offices}`
    : sql`select count(*)::int as total from feedbacks f where f.company_id = ${companyId}`;
  const found = await rows<FeedbackDbRow>(
    db,
    sql`select t.total, p.* from (${total}) t
      left join lateral (
        select f.id, f.employee_id, coalesce(u.first_name || ' ' || u.last_name, u.name) as full_name, u.employee_number,
          f.feedback_text, f.created_at
        from feedbacks f join users u on u.id = f.employee_id
        where f.company_id = ${companyId} and ${offices}
        order by f.created_at desc nulls last, f.id desc nulls last
        limit ${pageSize} offset ${(pageNumber - 1) * pageSize}
      ) p on true
      order by p.created_at desc, p.id desc`,
  );
  const items = found
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      employeeId: r.employee_id,
      fullName: r.full_name,
      employeeNumber: r.employee_number ?? '',
      feedbackText: r.feedback_text,
      createdAt: toIso(r.created_at) ?? '',
    }));
  return pageAnswer(items, Number(found[0]?.total ?? 0), pageNumber, pageSize);
}
