import { sql, type SQL } from 'drizzle-orm';
import { MESSAGES, type Employee } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { rows, toIso } from '../../db/sql';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { callerOffices } from '../../lib/offices';
import type { AuthUser } from '../../lib/sessions';
import { scopeOf } from '../../lib/tenancy';

/**
 * One employee as the api answers it: the columns read (with the vehicle and who deactivated
 * them), their mapping to the contract's `Employee`, the caller's scope as a condition, and one
 * employee read by id.
 */

/** Employees `u` of the scope (lib/tenancy.ts): one company's, or every company's (null). */
export function scopeCondition(scope: string | null): SQL {
  return scope === null ? sql`true` : sql`u.company_id = ${scope}`;
}

/**
 * Employees `u` the caller may see and manage: of their company scope, and for an admin limited to
 * some offices, of those offices (lib/offices.ts); another office's employee is as absent as one of
 * another company (docs/decisions/0053-office-admins-manage-their-offices.md).
 */
export function callerCondition(auth: AuthUser): SQL {
  return sql`${scopeCondition(scopeOf(auth))} and ${callerOffices(auth)}`;
}

export interface EmployeeDbRow {
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
  erased: boolean;
  created_at: Date | string;
  office_id: string | null;
  v_make: string | null;
  v_model: string | null;
  v_year: number | null;
  v_color: string | null;
  v_registration: string | null;
  v_verified: boolean | null;
}

/** The columns of one employee answer (users `u`, vehicles `v`, deactivating user `d`). */
export const EMPLOYEE_COLUMNS = sql`
  u.id, u.company_id, u.first_name, u.last_name, u.email, u.phone_number, u.employee_number, u.department,
  u.driving_license_number, u.postal_code, u.is_active, u.is_approved, u.is_driver_verified,
  u.deactivation_reason, u.deactivated_at, d.name as deactivated_by, u.erased_at is not null as erased, u.created_at, u.office_id,
  v.make as v_make, v.model as v_model, v.year_manufactured as v_year, v.color as v_color,
  v.registration_number as v_registration, v.is_verified as v_verified`;

export const EMPLOYEE_JOINS = sql`left join vehicles v on v.user_id = u.id left join users d on d.id = u.deactivated_by`;

/**
 * The employees of a page, given the subquery of their ids. Each row is read by its key (`offset 0`
 * keeps the lateral subqueries as written), so the plan is the same whatever the planner guesses of
 * the page's size: a list statement is prepared and planned once per connection, not once a request
 * (`preparedRows`, db/client.ts), and a generic plan must not turn into a scan of the table.
 */
export function rowsOf(ids: SQL): SQL {
  return sql`select ${EMPLOYEE_COLUMNS} from (${ids}) pg
    cross join lateral (select * from users u where u.id = pg.id offset 0) u
    left join lateral (select * from vehicles v where v.user_id = u.id offset 0) v on true
    left join lateral (select d.name from users d where d.id = u.deactivated_by offset 0) d on true`;
}

export function toEmployee(r: EmployeeDbRow): Employee {
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
    officeId: r.office_id ?? null,
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
    isErased: r.erased,
    journeyGroupName: null,
    createdAt: toIso(r.created_at) ?? '',
  };
}

async function loadEmployee(db: Db, auth: AuthUser, id: string): Promise<Employee | null> {
  if (!isUuid(id)) return null;
  const [r] = await rows<EmployeeDbRow>(
    db,
    sql`select ${EMPLOYEE_COLUMNS} from users u ${EMPLOYEE_JOINS}
      where u.id = ${id} and u.role = 'Employee' and ${callerCondition(auth)}`,
  );
  return r ? toEmployee(r) : null;
}

export async function getEmployee(ctx: ApiContext, auth: AuthUser, id: string): Promise<Employee> {
  const employee = await loadEmployee(ctx.db, auth, id);
  if (!employee) throw notFound(MESSAGES.employees.notFound);
  return employee;
}
