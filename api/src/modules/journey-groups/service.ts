import { sql, type SQL } from 'drizzle-orm';
import {
  MESSAGES,
  nameKey,
  type JourneyGroup,
  type JourneyGroupBody,
  type JourneyGroupUpdateBody,
  type MyJourneyGroup,
  type Page,
} from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation, pageAnswer, rows, toIso } from '../../db/sql';
import { HttpError, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../lib/sessions';
import { recordAudit } from '../../lib/audit';
import { kgPerMileSql } from '../../lib/emission-factors';
import { decimal, fromHundredths } from '../../lib/period';
import { approvedEmployee, scopeOf } from '../../lib/tenancy';
import { ALL_OFFICES, callerOffices, inOffice, type OfficeFilter } from '../../lib/offices';

/**
 * Journey groups: the employer creates, renames and deletes them; employees join and leave them
 * in the mobile app; the lists answer members, meeting points and the figures of the trips
 * recorded for each group (from `journey_group_monthly_stats`).
 */

interface GroupDbRow {
  total: number;
  id: string | null;
  name: string;
  meeting_points: string[] | string | null;
  members: { id: string; name: string }[] | string | null;
  created_at: Date | string;
  trips: number | string | null;
  distance_hundredths: number | string | null;
  co2_kg: number | string | null;
  is_member?: boolean;
  manageable?: boolean;
}

const parsed = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** A list as a text[] value, in its order. */
const textArray = (list: string[]) =>
  sql`array(select e.v from json_array_elements_text(${JSON.stringify(list)}::json) with ordinality as e(v, n) order by e.n)`;


/** Members in name order, as one JSON array per group (no per-group queries). */
const MEMBERS = sql`coalesce((
    select json_agg(json_build_object('id', u.id, 'name', coalesce(u.first_name || ' ' || u.last_name, u.name))
      order by lower(coalesce(u.last_name, u.name)), lower(coalesce(u.first_name, '')), u.id)
    from journey_group_members m join users u on u.id = m.user_id
    where m.group_id = g.id), '[]'::json) as members`;

/** A group's figures for one month, or summed over every month (CO2 with each month's own factor). */
function figures(month: string | null): SQL {
  return sql`left join lateral (
      select sum(gs.trips)::int as trips, sum(gs.distance_hundredths) as distance_hundredths,
        round(coalesce(sum(gs.passenger_hundredths * ${kgPerMileSql(sql`gs.month`, sql`c.include_well_to_tank`)}), 0) / 100, 2) as co2_kg
      from journey_group_monthly_stats gs
      where gs.group_id = g.id ${month === null ? sql`` : sql`and gs.company_id = g.company_id and gs.month = ${month}::date`}
    ) st on true`;
}

function toGroup(r: GroupDbRow): JourneyGroup {
  return {
    id: r.id!,
    name: r.name,
    members: parsed(r.members) ?? [],
    meetingPoints: parsed(r.meeting_points) ?? [],
    trips: Number(r.trips ?? 0),
    miles: fromHundredths(r.distance_hundredths),
    co2SavedKg: decimal(r.co2_kg),
    createdAt: toIso(r.created_at) ?? '',
    manageable: r.manageable ?? true,
  };
}

/**
 * An office's journey groups (docs/decisions/0045-offices-as-a-dimension.md): those with a member in
 * the office ("No office": a member without one), each with the group's whole figures. A group can
 * span offices, so it is listed under each of its members' offices; a group with no members is the
 * company's only, and an office admin's: with no office named they read every group they may change
 * (docs/decisions/0053-office-admins-manage-their-offices.md, addendum), so the group they have just
 * created is in their list before anyone joins it.
 */
function ofOffice(office: OfficeFilter): SQL {
  if (office.kind === 'all') return sql``;
  // One set of the groups with a member in the view, hashed once, not an `exists` per group (decision
  // 0065), read from journey_group_members_office_idx: each member carries their office (migration 0051).
  const theirs = sql`g.id in (select om.group_id from journey_group_members om where ${inOffice(office, sql`om`)})`;
  if (office.kind === 'offices') return sql`and (${theirs} or not exists (select 1 from journey_group_members em where em.group_id = g.id))`;
  return sql`and ${theirs}`;
}

/**
 * Whether the caller may rename and delete the group `g`, as SQL: an office admin only when every
 * member is of their offices (the check `membersInOffices` makes on a change), anyone else always.
 */
function manageableBy(auth: Pick<AuthUser, 'offices'>): SQL {
  if (!auth.offices) return sql`true`;
  return sql`not exists (select 1 from journey_group_members mm join users u on u.id = mm.user_id where mm.group_id = g.id and (${callerOffices(auth)}) is not true)`;
}

/**
 * One statement: the count and a page of groups in name order with members and figures. The page's
 * groups are chosen first, then only their figures summed (all time, an office's, read them for every
 * group before the sort: 0.4 s at 1 250 groups and a million trips).
 */
async function groupPage(
  db: Db,
  auth: Pick<AuthUser, 'offices'>,
  companyId: string,
  office: OfficeFilter,
  month: string | null,
  limit: number | null,
  offset: number,
  only?: string,
): Promise<{ total: number; items: JourneyGroup[] }> {
  const filter = sql`${only ? sql`and g.id = ${only}` : sql``} ${ofOffice(office)}`;
  const found = await rows<GroupDbRow>(
    db,
    sql`select t.total, p.* from (select count(*)::int as total from journey_groups g where g.company_id = ${companyId} ${filter}) t
      left join lateral (
        select g.id, g.name, to_json(g.meeting_points) as meeting_points, g.created_at, ${MEMBERS}, st.trips, st.distance_hundredths, st.co2_kg,
          ${manageableBy(auth)} as manageable
        from (
          select g.* from journey_groups g
          where g.company_id = ${companyId} ${filter}
          order by lower(g.name), g.id
          ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}
        ) g
        join companies c on c.id = g.company_id
        ${figures(month)}
        order by lower(g.name), g.id
      ) p on true
      order by lower(p.name), p.id`,
  );
  return { total: Number(found[0]?.total ?? 0), items: found.filter((r) => r.id !== null).map(toGroup) };
}

/** The caller of a read made for the whole company (no office admin): every group is theirs to change. */
const WHOLE_COMPANY: Pick<AuthUser, 'offices'> = { offices: null };

export async function listGroups(
  db: Db,
  companyId: string,
  office: OfficeFilter,
  month: string | null,
  pageNumber: number,
  pageSize: number,
  auth: Pick<AuthUser, 'offices'> = WHOLE_COMPANY,
): Promise<Page<JourneyGroup>> {
  const { total, items } = await groupPage(db, auth, companyId, office, month, pageSize, (pageNumber - 1) * pageSize);
  return pageAnswer(items, total, pageNumber, pageSize);
}

/** Every group with its figures for a month, or all time (the CSV export of the list). */
export async function allGroups(db: Db, companyId: string, office: OfficeFilter, month: string | null, auth: Pick<AuthUser, 'offices'> = WHOLE_COMPANY): Promise<JourneyGroup[]> {
  return (await groupPage(db, auth, companyId, office, month, null, 0)).items;
}

// ---------------------------------------------------------------- the employer's changes

/** The group `id` within the caller's scope (any company for a super admin), locked for the transaction. */
async function groupInScope(db: Db, auth: AuthUser, id: string): Promise<{ companyId: string; name: string; meetingPoints: string[] }> {
  const scope = scopeOf(auth);
  if (!isUuid(id)) throw notFound(MESSAGES.journeyGroups.notFound);
  const [g] = await rows<{ company_id: string; name: string; meeting_points: string[] | string | null }>(
    db,
    sql`select company_id, name, to_json(meeting_points) as meeting_points from journey_groups
      where id = ${id} ${scope === null ? sql`` : sql`and company_id = ${scope}`} for update`,
  );
  if (!g) throw notFound(MESSAGES.journeyGroups.notFound);
  if (auth.offices) await membersInOffices(db, auth, id);
  return { companyId: g.company_id, name: g.name, meetingPoints: parsed(g.meeting_points) ?? [] };
}

/**
 * An office admin changes a group only when every member is of their offices
 * (docs/decisions/0053-office-admins-manage-their-offices.md). A group with no member of their
 * offices is not in their lists (decision 0045), so it is absent (404) like an id that never was; one
 * they see, with a member of another office or of none as well, is refused (403) with why. A group
 * with no members is nobody's office's: every member (none) is theirs, so they may change it.
 *
 * Read after the group's row is locked: a join takes a key-share lock on it (the members' foreign
 * key), so nobody joins between this check and the change.
 */
async function membersInOffices(db: Db, auth: AuthUser, id: string): Promise<void> {
  const [m] = await rows<{ theirs: boolean; others: boolean }>(
    db,
    sql`select coalesce(bool_or(${callerOffices(auth)}), false) as theirs, coalesce(bool_or(${callerOffices(auth)} is not true), false) as others
      from journey_group_members m join users u on u.id = m.user_id
      where m.group_id = ${id}`,
  );
  if (!m?.others) return;
  if (!m.theirs) throw notFound(MESSAGES.journeyGroups.notFound);
  throw new HttpError(403, MESSAGES.journeyGroups.membersOutsideOffices);
}

async function oneGroup(db: Db, auth: AuthUser, companyId: string, id: string): Promise<JourneyGroup> {
  const [group] = (await groupPage(db, auth, companyId, ALL_OFFICES, null, 1, 0, id)).items;
  if (!group) throw notFound(MESSAGES.journeyGroups.notFound);
  return group;
}

const nameTaken = () => new HttpError(409, MESSAGES.journeyGroups.nameTaken, [{ field: 'name', message: MESSAGES.journeyGroups.nameTaken }]);

/** A taken name is the unique index's answer; it ends the transaction, so the audit entry goes with the change. */
async function unlessNameTaken<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

const groupTarget = (id: string, name: string) => ({ kind: 'journeyGroup' as const, id, label: name });

export async function createGroup(db: Db, auth: AuthUser, body: JourneyGroupBody): Promise<JourneyGroup> {
  const companyId = auth.companyId;
  if (!companyId) throw notFound(MESSAGES.company.notFound);
  const id = await unlessNameTaken(() =>
    db.transaction(async (tx) => {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into journey_groups (company_id, name, name_key, meeting_points)
          values (${companyId}, ${body.name}, ${nameKey(body.name)}, ${textArray(body.meetingPoints)})
          returning id`,
      );
      await recordAudit(tx, auth, { action: 'journeyGroup.created', companyId, target: groupTarget(row!.id, body.name) });
      return row!.id;
    }),
  );
  return oneGroup(db, auth, companyId, id);
}

/** A rename or new meeting points; saving the group as it is changes nothing and records nothing. */
export async function updateGroup(db: Db, auth: AuthUser, id: string, body: JourneyGroupUpdateBody): Promise<JourneyGroup> {
  const companyId = await unlessNameTaken(() =>
    db.transaction(async (tx) => {
      const before = await groupInScope(tx, auth, id);
      const renamed = before.name !== body.name;
      const pointsChanged = body.meetingPoints !== undefined && JSON.stringify(body.meetingPoints) !== JSON.stringify(before.meetingPoints);
      if (!renamed && !pointsChanged) return before.companyId;
      const points = body.meetingPoints === undefined ? sql`meeting_points` : textArray(body.meetingPoints);
      await tx.execute(sql`update journey_groups set name = ${body.name}, name_key = ${nameKey(body.name)}, meeting_points = ${points}, updated_at = now() where id = ${id}`);
      await recordAudit(tx, auth, {
        action: 'journeyGroup.changed',
        companyId: before.companyId,
        target: groupTarget(id, body.name),
        ...(renamed ? { detail: MESSAGES.audit.renamedFrom(before.name) } : {}),
      });
      return before.companyId;
    }),
  );
  return oneGroup(db, auth, companyId, id);
}

/** Members leave with it; its trips keep counting for the company and their people, under no group. */
export async function removeGroup(db: Db, auth: AuthUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await groupInScope(tx, auth, id);
    await recordAudit(tx, auth, { action: 'journeyGroup.deleted', companyId: group.companyId, target: groupTarget(id, group.name) });
    await tx.execute(sql`delete from journey_groups where id = ${id}`);
  });
}

// ---------------------------------------------------------------- the mobile app

export async function myGroups(db: Db, auth: AuthUser, pageNumber: number, pageSize: number): Promise<Page<MyJourneyGroup>> {
  const { companyId } = await approvedEmployee(db, auth);
  const found = await rows<GroupDbRow>(
    db,
    sql`select t.total, p.* from (select count(*)::int as total from journey_groups g where g.company_id = ${companyId}) t
      left join lateral (
        select g.id, g.name, to_json(g.meeting_points) as meeting_points, ${MEMBERS},
          exists (select 1 from journey_group_members m where m.group_id = g.id and m.user_id = ${auth.userId}) as is_member
        from journey_groups g
        where g.company_id = ${companyId}
        order by lower(g.name), g.id
        limit ${pageSize} offset ${(pageNumber - 1) * pageSize}
      ) p on true
      order by lower(p.name), p.id`,
  );
  const items = found
    .filter((r) => r.id !== null)
    .map((r) => ({ id: r.id!, name: r.name, members: parsed(r.members) ?? [], meetingPoints: parsed(r.meeting_points) ?? [], isMember: Boolean(r.is_member) }));
  return pageAnswer(items, Number(found[0]?.total ?? 0), pageNumber, pageSize);
}

/** A group of the caller's own company, else "not found" (another company's groups do not exist for them). */
async function ownGroup(db: Db, auth: AuthUser, id: string): Promise<void> {
  const { companyId } = await approvedEmployee(db, auth);
  if (!isUuid(id)) throw notFound(MESSAGES.journeyGroups.notFound);
  const [g] = await rows<{ id: string }>(db, sql`select id from journey_groups where id = ${id} and company_id = ${companyId}`);
  if (!g) throw notFound(MESSAGES.journeyGroups.notFound);
}

export async function joinGroup(db: Db, auth: AuthUser, id: string): Promise<void> {
  await ownGroup(db, auth, id);
  await db.execute(sql`insert into journey_group_members (group_id, user_id) values (${id}, ${auth.userId}) on conflict do nothing`);
}

export async function leaveGroup(db: Db, auth: AuthUser, id: string): Promise<void> {
  await ownGroup(db, auth, id);
  await db.execute(sql`delete from journey_group_members where group_id = ${id} and user_id = ${auth.userId}`);
}
