import { sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  ROUTES,
  SAME_LICENCE_SHOWN,
  type ApproveDriversBody,
  type ApproveVehiclesBody,
  type Driver,
  type DriverHistoryEntry,
  type ENDPOINTS,
  type EndpointQuery,
  type NotificationSummary,
  type Page,
  type SameLicenceDriver,
} from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { licenceKey } from '../../db/schema';
import { containsPattern, pageAnswer, rows, toIso } from '../../db/sql';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { driverRejectedMail, driverVerifiedMail, vehicleVerifiedMail } from '../../mail/templates';
import type { AuthUser } from '../../lib/sessions';
import { recordUserAudit } from '../../lib/audit';
import { driverStatus, toVehicle, type DriverStateColumns } from '../../lib/driver-state';
import { recordEvents } from '../../lib/driver-history';

/**
 * Driver and vehicle verification by super admins (docs/decisions/0009-drivers.md). A driver is an
 * employee with a row in `vehicles`; the driver's flag, notes, follow-up and rejection live on
 * `users`, the vehicle's on `vehicles`, and every decision is also a row of the history.
 */

// ---------------------------------------------------------------- reads

interface DriverDbRow extends DriverStateColumns {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  employee_number: string | null;
  company_id: string;
  company_name: string;
  driving_license_number: string | null;
  driver_notes: string | null;
  driver_follow_up_at: Date | string | null;
  vehicle_notes: string | null;
  vehicle_follow_up_at: Date | string | null;
  follow_up_due: boolean;
}

/** Drivers: vehicles `v` and their employees `u` (all a filter or a count reads). */
const DRIVERS = sql`vehicles v join users u on u.id = v.user_id and u.role = 'Employee'`;
/** The same with the companies `c`, for the answer. */
const DRIVERS_WITH_COMPANY = sql`${DRIVERS} join companies c on c.id = u.company_id`;

const APPROVED = sql`(u.is_driver_verified and v.is_verified)`;
/** Either follow-up date has passed (`least` skips a missing one). */
const FOLLOW_UP_DUE = sql`coalesce(least(u.driver_follow_up_at, v.follow_up_at) <= now(), false)`;

const DRIVER_COLUMNS = sql`
  u.id, u.first_name, u.last_name, u.email, u.employee_number, u.company_id, c.name as company_name,
  u.driving_license_number, u.is_driver_verified, u.driver_notes, u.driver_follow_up_at, u.driver_rejected_at,
  v.make, v.model, v.year_manufactured, v.color, v.registration_number, v.is_verified as vehicle_verified,
  v.notes as vehicle_notes, v.follow_up_at as vehicle_follow_up_at, ${FOLLOW_UP_DUE} as follow_up_due`;

/** Name order, the same for the bare list and the pages. */
const NAME_ORDER = sql`order by lower(u.last_name), lower(u.first_name), u.id`;

function toDriver(r: DriverDbRow): Driver {
  return {
    id: r.id,
    firstName: r.first_name ?? '',
    lastName: r.last_name ?? '',
    email: r.email,
    employeeNumber: r.employee_number ?? '',
    drivingLicense: r.driving_license_number,
    isVerified: r.is_driver_verified,
    vehicle: toVehicle(r),
    notes: r.driver_notes,
    followUpDate: toIso(r.driver_follow_up_at),
    companyId: r.company_id,
    companyName: r.company_name,
    status: driverStatus(r),
    vehicleNotes: r.vehicle_notes,
    vehicleFollowUpDate: toIso(r.vehicle_follow_up_at),
    followUpDue: Boolean(r.follow_up_due),
    rejectedAt: driverStatus(r) === 'rejected' ? toIso(r.driver_rejected_at) : null,
  };
}

/** First name, last name, email (the indexed `search_text`, which also holds the employee number) and licence. */
function searchCondition(term: string | undefined): SQL[] {
  const t = term?.trim();
  if (!t) return [];
  const pattern = containsPattern(t);
  return [sql`(u.search_text like ${pattern} or lower(u.driving_license_number) like ${pattern})`];
}

/** Every driver in name order: the spec's `GET drivers`, split by the screen itself. */
export async function listDrivers(db: Db, search: string | undefined): Promise<Driver[]> {
  const where = sql.join([sql`true`, ...searchCondition(search)], sql` and `);
  const found = await rows<DriverDbRow>(db, sql`select ${DRIVER_COLUMNS} from ${DRIVERS_WITH_COMPANY} where ${where} ${NAME_ORDER}`);
  return found.map(toDriver);
}

/**
 * One page with its total in one statement. Without a search the count joins the two flag
 * indexes and the page walks the employees' name index, probing each one's vehicle, until the page
 * is full. A term of 3+ characters goes through the trigram indexes: its matches are found once,
 * then counted and sorted (walking the name order hoping to meet matches early is slow when they
 * sit at the end). Shorter terms match too much for trigrams; the ordered walk suits them.
 */
export async function pageDrivers(db: Db, q: EndpointQuery<typeof ENDPOINTS.drivers.page>): Promise<Page<Driver>> {
  const conds: SQL[] = [sql`true`, ...searchCondition(q.search)];
  if (q.status === 'pending') conds.push(sql`not ${APPROVED}`);
  if (q.status === 'approved') conds.push(APPROVED);
  if (q.followUp === 'due') conds.push(FOLLOW_UP_DUE);
  const where = sql.join(conds, sql` and `);
  const offset = (q.pageNumber - 1) * q.pageSize;
  const viaTrigrams = (q.search?.trim().length ?? 0) >= 3;
  const found = await rows<DriverDbRow & { total: number | string }>(
    db,
    viaTrigrams
      ? sql`with m as materialized (
            select u.id, lower(u.last_name) as ln, lower(u.first_name) as fn from ${DRIVERS} where ${where}
          )
          select t.total, p.* from (select count(*)::int as total from m) t
          left join lateral (
            select ${DRIVER_COLUMNS} from (select id from m order by ln, fn, id limit ${q.pageSize} offset ${offset}) pg
            join users u on u.id = pg.id join vehicles v on v.user_id = u.id join companies c on c.id = u.company_id
            ${NAME_ORDER}
          ) p on true`
      : sql`select t.total, p.* from (select count(*)::int as total from ${DRIVERS} where ${where}) t
          left join lateral (
            select ${DRIVER_COLUMNS} from ${DRIVERS_WITH_COMPANY} where ${where} ${NAME_ORDER}
            limit ${q.pageSize} offset ${offset}
          ) p on true`,
  );
  const items = found.filter((r) => r.id !== null).map(toDriver);
  return pageAnswer(items, Number(found[0]?.total ?? 0), q.pageNumber, q.pageSize);
}

interface EventDbRow {
  id: string;
  kind: DriverHistoryEntry['kind'];
  notes: string | null;
  follow_up_at: Date | string | null;
  by_user_id: string | null;
  by_name: string;
  created_at: Date | string;
}

interface SameLicenceDbRow extends DriverStateColumns {
  id: string;
  first_name: string | null;
  last_name: string | null;
  company_id: string;
  company_name: string;
  total: number | string;
}

/**
 * The other drivers of any company whose licence number is the same once case, spaces and hyphens
 * are set aside: the first `SAME_LICENCE_SHOWN` in name order and how many there are, in one
 * statement on `users_licence_key_idx`.
 */
async function sameLicence(db: Db, driverId: string, licence: string | null): Promise<{ drivers: SameLicenceDriver[]; total: number }> {
  if (!licence || !/[^\s-]/.test(licence)) return { drivers: [], total: 0 };
  const found = await rows<SameLicenceDbRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.company_id, c.name as company_name,
        v.make, v.model, v.year_manufactured, v.color, v.registration_number, v.is_verified as vehicle_verified,
        u.is_driver_verified, u.driver_rejected_at, count(*) over () as total
      from users u
      join vehicles v on v.user_id = u.id
      join companies c on c.id = u.company_id
      where ${licenceKey(sql`u.driving_license_number`)} = ${licenceKey(licence)} and u.role = 'Employee' and u.id <> ${driverId}
      ${NAME_ORDER}
      limit ${SAME_LICENCE_SHOWN}`,
  );
  return {
    drivers: found.map((r) => ({
      id: r.id,
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
      companyId: r.company_id,
      companyName: r.company_name,
      status: driverStatus(r),
    })),
    total: Number(found[0]?.total ?? 0),
  };
}

/** The driver, the verification history (newest first) and the other drivers with the same licence. */
export async function getDriver(
  db: Db,
  id: string,
): Promise<{ driver: Driver; history: DriverHistoryEntry[]; sameLicence: SameLicenceDriver[]; sameLicenceTotal: number }> {
  if (!isUuid(id)) throw notFound(MESSAGES.drivers.notFound);
  const [r] = await rows<DriverDbRow>(db, sql`select ${DRIVER_COLUMNS} from ${DRIVERS_WITH_COMPANY} where u.id = ${id}`);
  if (!r) throw notFound(MESSAGES.drivers.notFound);
  const [events, shared] = await Promise.all([
    rows<EventDbRow>(
      db,
      sql`select id, kind, notes, follow_up_at, by_user_id, by_name, created_at from driver_verification_events
        where driver_id = ${id} order by created_at desc, id desc`,
    ),
    sameLicence(db, r.id, r.driving_license_number),
  ]);
  return {
    driver: toDriver(r),
    history: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      notes: e.notes,
      followUpDate: toIso(e.follow_up_at),
      by: { id: e.by_user_id, name: e.by_name },
      createdAt: toIso(e.created_at) ?? '',
    })),
    sameLicence: shared.drivers,
    sameLicenceTotal: shared.total,
  };
}

// ---------------------------------------------------------------- decisions

interface LockedDriver {
  id: string;
  email: string;
  first_name: string | null;
  is_driver_verified: boolean;
  vehicle_verified: boolean;
  registration_number: string;
}

/** A list of ids as one parameter (a statement's parameter count stays 1 however many are sent). */
const idList = (ids: string[]) => sql`(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/** The drivers among `ids` (UUIDs), locked for the transaction in one order, so two bulk calls cannot deadlock. */
async function lockExisting(tx: Tx, ids: string[]): Promise<LockedDriver[]> {
  if (!ids.length) return [];
  return rows<LockedDriver>(
    tx,
    sql`select u.id, u.email, u.first_name, u.is_driver_verified, v.is_verified as vehicle_verified, v.registration_number
      from vehicles v join users u on u.id = v.user_id and u.role = 'Employee'
      where u.id in ${idList(ids)}
      order by u.id for update of u, v`,
  );
}

/**
 * The drivers `ids` name, locked. All or nothing: any id that is not a driver (unknown, malformed,
 * or an employee without a vehicle) is a 400 naming each of them, and nothing changes.
 */
async function lockDrivers(tx: Tx, ids: string[]): Promise<LockedDriver[]> {
  const found = await lockExisting(tx, [...new Set(ids.filter(isUuid).map((i) => i.toLowerCase()))]);
  const known = new Set(found.map((d) => d.id));
  const errors = ids.flatMap((id, i) => (isUuid(id) && known.has(id.toLowerCase()) ? [] : [{ field: `employeeIds.${i}`, message: MESSAGES.drivers.notADriver(id) }]));
  if (errors.length) throw new HttpError(400, MESSAGES.drivers.notDrivers, errors);
  return found;
}

const noteOrNull = (notes: string | undefined) => (notes?.trim() ? notes.trim() : null);

/**
 * Verifies the drivers' own flag with notes and a follow-up date; verifying again records new
 * notes and a new date. Ends a rejection. Each driver's mail is queued in the same transaction.
 */
export async function approveDrivers(ctx: ApiContext, auth: AuthUser, body: ApproveDriversBody): Promise<number> {
  const notes = noteOrNull(body.notes);
  const followUpAt = new Date(body.followUpDate);
  const drivers = await ctx.db.transaction(async (tx) => {
    const found = await lockDrivers(tx, body.employeeIds);
    const ids = found.map((d) => d.id);
    await tx.execute(sql`update users set is_driver_verified = true, driver_notes = ${notes}, driver_follow_up_at = ${followUpAt.toISOString()}::timestamptz,
        driver_rejected_at = null, updated_at = now()
      where id in ${idList(ids)}`);
    await recordEvents(tx, auth, found.map((d) => ({ driverId: d.id, kind: 'driverVerified', notes, followUpAt })));
    await recordUserAudit(tx, auth, 'driver.verified', ids);
    await ctx.mailer.enqueueMany(
      tx,
      found.map((d) => driverVerifiedMail(d.email, d.first_name ?? '', notes, d.vehicle_verified)),
    );
    return found;
  });
  ctx.mailer.wake();
  return drivers.length;
}

/** Verifies the drivers' vehicles with notes and a follow-up date, as `approveDrivers` does the drivers. */
export async function approveVehicles(ctx: ApiContext, auth: AuthUser, body: ApproveVehiclesBody): Promise<number> {
  const notes = body.notes.trim();
  const followUpAt = new Date(body.followUpDate);
  const drivers = await ctx.db.transaction(async (tx) => {
    const found = await lockDrivers(tx, body.employeeIds);
    const ids = found.map((d) => d.id);
    await tx.execute(sql`update vehicles set is_verified = true, notes = ${notes}, follow_up_at = ${followUpAt.toISOString()}::timestamptz
      where user_id in ${idList(ids)}`);
    await recordEvents(tx, auth, found.map((d) => ({ driverId: d.id, kind: 'vehicleVerified', notes, followUpAt })));
    await recordUserAudit(tx, auth, 'vehicle.verified', ids);
    await ctx.mailer.enqueueMany(
      tx,
      found.map((d) => vehicleVerifiedMail(d.email, d.first_name ?? '', d.registration_number, notes, d.is_driver_verified)),
    );
    return found;
  });
  ctx.mailer.wake();
  return drivers.length;
}

/**
 * Rejects a driver: the driver's flag is cleared and the rejection (notes, when) recorded; the
 * vehicle and its flag stay. The driver stays rejected until verified again or until they change
 * their licence or registration.
 */
export async function rejectDriver(ctx: ApiContext, auth: AuthUser, employeeId: string, notes: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [found] = isUuid(employeeId) ? await lockExisting(tx, [employeeId.toLowerCase()]) : [];
    if (!found) throw notFound(MESSAGES.drivers.notFound);
    await tx.execute(sql`update users set is_driver_verified = false, driver_notes = ${notes}, driver_rejected_at = now(), updated_at = now()
      where id = ${found.id}`);
    await recordEvents(tx, auth, [{ driverId: found.id, kind: 'rejected', notes }]);
    await recordUserAudit(tx, auth, 'driver.rejected', [found.id], { reason: notes });
    await ctx.mailer.enqueue(tx, driverRejectedMail(found.email, found.first_name ?? '', notes), ctx.log);
  });
  ctx.mailer.wake();
}

// ---------------------------------------------------------------- the badge

/**
 * The four counts in one statement. Rejected drivers wait for the driver, not for a super admin,
 * so neither their licence nor their vehicle is counted as pending.
 */
export async function notificationSummary(db: Db): Promise<NotificationSummary> {
  const [r] = await rows<Record<'pending_drivers' | 'pending_vehicles' | 'follow_ups_due' | 'new_employers', number | string>>(
    db,
    sql`select
        count(*) filter (where not u.is_driver_verified and u.driver_rejected_at is null)::int as pending_drivers,
        count(*) filter (where not v.is_verified and u.driver_rejected_at is null)::int as pending_vehicles,
        count(*) filter (where ${APPROVED} and ${FOLLOW_UP_DUE})::int as follow_ups_due,
        (select count(*)::int from companies where created_at > now() - interval '7 days') as new_employers
      from ${DRIVERS}`,
  );
  const counts = {
    pendingDrivers: Number(r?.pending_drivers ?? 0),
    pendingVehicles: Number(r?.pending_vehicles ?? 0),
    followUpsDue: Number(r?.follow_ups_due ?? 0),
    newEmployers: Number(r?.new_employers ?? 0),
  };
  const links: Record<keyof typeof counts, string> = {
    pendingDrivers: ROUTES.pendingDrivers,
    pendingVehicles: ROUTES.pendingDrivers,
    followUpsDue: `${ROUTES.approvedDrivers}?followUp=due`,
    newEmployers: ROUTES.superAdmin,
  };
  const kinds = Object.keys(counts) as (keyof typeof counts)[];
  return {
    count: kinds.reduce((sum, k) => sum + counts[k], 0),
    counts,
    items: kinds.filter((k) => counts[k] > 0).map((k) => ({ kind: k, count: counts[k], text: MESSAGES.notifications[k](counts[k]), link: links[k] })),
  };
}
