import { sql, type SQL } from 'drizzle-orm';
import { MESSAGES, type PersonalDataExport } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';

/**
 * Where the portal holds something about a person, and what an export and an erasure do with it
 * (docs/decisions/0044-data-rights-and-retention.md). Every column of the schema that names a user
 * is listed here: a test reads the schema and fails on a new one until it is classified.
 *
 * `export`: the key of the export's table that carries the rows, or null when the column never names
 * an employee (an administrator's own actions). `erasure`: what erasing the employee does.
 */
export const PERSON_COLUMNS = {
  'users.id': { export: 'users', erasure: 'The row is replaced by an anonymous record under a new id; then deleted' },
  'users.deactivated_by': { export: null, erasure: 'Names the administrator who deactivated someone, never an employee' },
  'companies.deactivated_by': { export: null, erasure: 'A super admin who deactivated a company' },
  'subscriptions.accepted_by': { export: null, erasure: 'The employer or admin who accepted the plan' },
  'scheme_settings.updated_by': { export: null, erasure: 'A super admin' },
  'vehicles.user_id': { export: 'vehicles', erasure: 'Deleted (registration number)' },
  'driver_verification_events.driver_id': { export: 'driver_verification_events', erasure: 'Deleted' },
  'driver_verification_events.by_user_id': { export: null, erasure: 'The driver acting on their own record is covered by driver_id; otherwise a super admin' },
  'employer_users.user_id': { export: null, erasure: 'Employers and admins only' },
  'admin_offices.user_id': { export: null, erasure: 'Admins limited to some offices only' },
  'sessions.user_id': { export: 'sessions', erasure: 'Deleted: every session ends' },
  'scim_tokens.created_by': { export: null, erasure: 'Employers and admins only' },
  'sso_identities.user_id': { export: 'sso_identities', erasure: 'Deleted: the provider link goes' },
  'sso_logins.user_id': { export: 'sso_logins', erasure: 'Deleted' },
  'password_reset_tokens.user_id': { export: 'password_reset_tokens', erasure: 'Deleted' },
  'auth_events.user_id': { export: 'auth_events', erasure: 'Deleted, with the events that name their email' },
  'journey_group_members.user_id': { export: 'journey_group_members', erasure: 'Moved to the anonymous record: member counts stay' },
  'trips.driver_id': { export: 'trips', erasure: 'Moved to the anonymous record: distances and CO2 stay; the ids in a flagged trip\'s overlap follow' },
  'trips.reviewed_by': { export: null, erasure: 'Employers and admins only' },
  'trip_passengers.passenger_id': { export: 'trip_passengers', erasure: 'Moved to the anonymous record' },
  'feedbacks.employee_id': { export: 'feedbacks', erasure: 'Moved to the anonymous record; the text is removed' },
  'employee_monthly_stats.employee_id': { export: 'employee_monthly_stats', erasure: 'Moved to the anonymous record' },
  'employee_trip_totals.employee_id': { export: 'employee_trip_totals', erasure: 'Moved to the anonymous record' },
  'audit_log.actor_user_id': { export: 'audit_log', erasure: 'Actor named as the anonymous record; name and email removed' },
  'audit_log.target_id': { export: 'audit_log', erasure: 'Target named as the anonymous record; label, summary and reason lose the person' },
  'category7_reports.produced_by': { export: null, erasure: 'Employers and admins only' },
  'erasure_requests.user_id': { export: 'erasure_requests', erasure: 'Marked done; the link to the person is cleared' },
  'mail_outbox.to': { export: 'mail_outbox', erasure: 'Deleted (mail to their address)' },
} as const satisfies Record<string, { export: string | null; erasure: string }>;

/** One table of the export: its rows about the person, as JSON built by the database. */
const part = (key: string, query: SQL): SQL => sql`${key}::text, (select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) from (${query}) x)`;

/**
 * Everything about one user, in one statement. Secrets (password, token and state hashes, the
 * encrypted ID tokens) are left out: they are the portal's, not the person's, and would help no one.
 */
function exportQuery(id: string, email: string): SQL {
  return sql`select jsonb_build_object(
    ${part('users', sql`select id, company_id, email, name, role, first_name, last_name, phone_number, employee_number, department,
      driving_license_number, postal_code, is_active, is_approved, is_driver_verified, deactivation_reason, deactivated_at,
      invited_at, scim_external_id, created_at, updated_at, password_changed_at from users where id = ${id}`)},
    ${part('vehicles', sql`select make, model, year_manufactured, color, registration_number, is_verified, created_at from vehicles where user_id = ${id}`)},
    ${part('driver_verification_events', sql`select kind, notes, follow_up_at, by_name, created_at from driver_verification_events where driver_id = ${id} order by created_at`)},
    ${part('sessions', sql`select created_at, last_seen_at, expires_at, remember, ip, user_agent, sso_issuer from sessions where user_id = ${id} order by created_at`)},
    ${part('sso_identities', sql`select issuer, subject, created_at, last_login_at from sso_identities where user_id = ${id}`)},
    ${part('sso_logins', sql`select client, created_at, expires_at, exchanged_at from sso_logins where user_id = ${id} order by created_at`)},
    ${part('password_reset_tokens', sql`select kind, created_at, expires_at, used_at from password_reset_tokens where user_id = ${id} order by created_at`)},
    ${part('auth_events', sql`select kind, email, ip, user_agent, detail, created_at from auth_events
      where user_id = ${id} or lower(email) = lower(${email}) order by created_at, id`)},
    ${part('journey_group_members', sql`select g.id as group_id, g.name as group_name, m.joined_at
      from journey_group_members m join journey_groups g on g.id = m.group_id where m.user_id = ${id} order by m.joined_at`)},
    ${part('trips', sql`select t.id, t.client_trip_id, t.started_at, t.distance_hundredths / 100.0 as distance_miles, t.passenger_count,
      t.journey_group_id, t.status, t.created_at from trips t where t.driver_id = ${id} order by t.started_at, t.id`)},
    ${part('trip_passengers', sql`select t.id as trip_id, t.started_at, t.distance_hundredths / 100.0 as distance_miles, t.status
      from trip_passengers p join trips t on t.id = p.trip_id where p.passenger_id = ${id} order by t.started_at, t.id`)},
    ${part('feedbacks', sql`select id, feedback_text, created_at from feedbacks where employee_id = ${id} order by created_at, id`)},
    ${part('employee_monthly_stats', sql`select month, trips_as_driver, trips_as_passenger, driver_hundredths / 100.0 as driver_miles,
      passenger_hundredths / 100.0 as passenger_miles from employee_monthly_stats where employee_id = ${id} order by month`)},
    ${part('employee_trip_totals', sql`select trips_as_driver, trips_as_passenger, driver_hundredths / 100.0 as driver_miles,
      passenger_hundredths / 100.0 as passenger_miles from employee_trip_totals where employee_id = ${id}`)},
    ${part('audit_log', sql`select id, created_at, actor_name, actor_email, actor_role, action, summary, company_name, target_kind, target_label, reason
      from audit_log where actor_user_id = ${id} or (target_kind = 'user' and target_id = ${id}::text) order by created_at, id`)},
    ${part('erasure_requests', sql`select requested_at, due_at, completed_at from erasure_requests where user_id = ${id} order by requested_at`)},
    ${part('mail_outbox', sql`select subject, kind, status, created_at, sent_at from mail_outbox where lower("to") = lower(${email}) order by created_at, id`)}
  ) as tables`;
}

/** The employee `id` (of `scope`, a company, or any when null) as the export and erasure find them; else 404. */
export async function findEmployee(db: Db, id: string, scope: string | null, lock = false) {
  if (!isUuid(id)) throw notFound(MESSAGES.employees.notFound);
  const [u] = await rows<{ id: string; email: string; company_id: string | null; name: string; erased_at: Date | string | null }>(
    db,
    sql`select id, email, company_id, coalesce(first_name || ' ' || last_name, name) as name, erased_at from users
      where id = ${id.toLowerCase()} and role = 'Employee' ${scope === null ? sql`` : sql`and company_id = ${scope}`} ${lock ? sql`for update` : sql``}`,
  );
  if (!u) throw notFound(MESSAGES.employees.notFound);
  if (u.erased_at) throw new HttpError(409, MESSAGES.dataRights.alreadyErased);
  return u;
}

/** The person's data as the export's file holds it. */
export async function exportPerson(db: Db, person: { id: string; email: string; company_id: string | null }): Promise<PersonalDataExport> {
  const [r] = await rows<{ tables: PersonalDataExport['tables'] | string }>(db, exportQuery(person.id, person.email));
  const tables = typeof r!.tables === 'string' ? (JSON.parse(r!.tables) as PersonalDataExport['tables']) : r!.tables;
  return { format: 'portal-personal-data/1', exportedAt: new Date().toISOString(), subject: { id: person.id, companyId: person.company_id }, tables };
}
