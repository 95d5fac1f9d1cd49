import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { prng } from './employees';

/**
 * Driver verification for a demo company's drivers (its employees with a vehicle), in every state
 * the back office shows: waiting on the licence, on the vehicle or on both, rejected with notes,
 * approved with a follow-up ahead, and approved with the follow-up due. Each driver gets a valid
 * DVLA licence number and the history that led there (the vehicle registered by the driver, then
 * the verifications or the rejection by a super admin). The same seed and drivers give the same states;
 * drivers that already have a history are left alone, so running it again only sets up new drivers.
 */

const DAY = 86_400_000;

export const DEMO_DRIVER_STATES = ['awaitingBoth', 'awaitingLicence', 'awaitingVehicle', 'rejected', 'approved', 'followUpDue'] as const;
export type DemoDriverState = (typeof DEMO_DRIVER_STATES)[number];

/** Cumulative shares of the states, in `DEMO_DRIVER_STATES` order. */
const STATE_SHARES = [0.2, 0.32, 0.44, 0.52, 0.9, 1] as const;

const DRIVER_NOTES = [
  'Licence checked with the DVLA; no endorsements.',
  'Licence photo and DVLA check code match.',
  'Full licence held for more than three years.',
  'Checked the licence summary online; 3 points, within the scheme rules.',
] as const;
const VEHICLE_NOTES = [
  'MOT valid, insurance covers commuting, tax paid.',
  'Insurance certificate seen; business use included.',
  'MOT and tax checked on gov.uk; insurance renewal due in the autumn.',
  'New car, no MOT due yet; insurance and tax seen.',
] as const;
const REJECTION_NOTES = [
  'The licence number does not match the name on the account. Please check it in the app.',
  'The licence photo is unreadable. Please upload a clearer one.',
  'The insurance does not cover commuting. Please add business use and update your details.',
  'The licence shows a driving ban until next year.',
] as const;

export interface SeedDemoDriversResult {
  drivers: number;
  states: Record<DemoDriverState, number>;
}

interface DemoDriverRow {
  id: string;
  first_name: string;
  last_name: string;
  vehicle_created: Date | string;
  joined: Date | string;
  /** Active and approved: may drive in the demo's trips. */
  active: boolean;
}

/** A DVLA-format licence number for the name, with a birth date drawn from `rand`. */
function licenceFor(first: string, last: string, rand: () => number): string {
  const surname = last.toUpperCase().replace(/[^A-Z]/g, '').padEnd(5, '9').slice(0, 5);
  const year = 1960 + Math.floor(rand() * 45);
  const month = 1 + Math.floor(rand() * 12) + (rand() < 0.5 ? 50 : 0);
  const day = 1 + Math.floor(rand() * 28);
  const pad = (n: number) => String(n).padStart(2, '0');
  const letter = () => 'ABCDEFGHJKLMNPRSTUVWXY'[Math.floor(rand() * 22)]!;
  const initials = `${first[0]!.toUpperCase()}${rand() < 0.4 ? letter() : '9'}`;
  return `${surname}${Math.floor(year / 10) % 10}${pad(month)}${pad(day)}${year % 10}${initials}9${letter()}${letter()}`;
}

/** Drivers approved whatever their draw: those of the company's active employees who joined first. */
const LONGEST_SERVING_APPROVED = 3;

/** Drivers per statement: each brings up to three history rows. */
const CHUNK = 5000;

export async function seedDemoDrivers(db: Db, options: { companyId: string; seed?: number | string }): Promise<SeedDemoDriversResult> {
  const { companyId } = options;
  const drivers = await rows<DemoDriverRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, v.created_at as vehicle_created, u.created_at as joined, u.is_active and u.is_approved as active
      from vehicles v join users u on u.id = v.user_id
      where u.company_id = ${companyId} and u.role = 'Employee'
        and not exists (select 1 from driver_verification_events e where e.driver_id = u.id)
      order by u.id`,
  );
  const [admin] = await rows<{ id: string; name: string }>(db, sql`select id, name from users where role = 'SuperAdmin' order by created_at limit 1`);
  const by = { id: admin?.id ?? null, name: admin?.name ?? 'Verification team' };
  const rand = prng(`drivers:${options.seed ?? 1}:${companyId}`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const states = Object.fromEntries(DEMO_DRIVER_STATES.map((s) => [s, 0])) as Record<DemoDriverState, number>;
  const now = Date.now();
  // The longest-serving drivers who may drive are approved whatever their draw: the demo's year of
  // trips (seedDemoInsights) then has verified drivers from its first month. Left to the draw, about
  // one company id in forty had every approved driver join within the year, and a first month
  // without a trip.
  const longest = new Set(
    drivers
      .filter((d) => d.active)
      .sort((a, b) => new Date(a.joined).getTime() - new Date(b.joined).getTime() || a.id.localeCompare(b.id))
      .slice(0, LONGEST_SERVING_APPROVED)
      .map((d) => d.id),
  );

  const updates: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  for (const d of drivers) {
    const roll = rand();
    const state = longest.has(d.id) ? 'approved' : DEMO_DRIVER_STATES[STATE_SHARES.findIndex((share) => roll < share)]!;
    states[state]++;
    // Approved drivers registered long ago (over a year, or when they joined): their trips span
    // the demo's year, and only verified drivers drive. Those still waiting registered lately.
    const verifiedState = state === 'approved' || state === 'followUpDue';
    const ago = verifiedState ? 380 + Math.floor(rand() * 80) : 3 + Math.floor(rand() * 40);
    const registered = Math.min(new Date(d.vehicle_created).getTime(), Math.max(now - ago * DAY, new Date(d.joined).getTime()), now - 8 * DAY);
    const checked = registered + (1 + Math.floor(rand() * 7)) * DAY;
    const followUp = state === 'followUpDue' ? now - (1 + Math.floor(rand() * 20)) * DAY : now + (30 + Math.floor(rand() * 330)) * DAY;
    const driverVerified = state === 'approved' || state === 'followUpDue' || state === 'awaitingVehicle';
    const vehicleVerified = state === 'approved' || state === 'followUpDue' || state === 'awaitingLicence';
    const driverNotes = driverVerified ? pick(DRIVER_NOTES) : state === 'rejected' ? pick(REJECTION_NOTES) : null;
    const vehicleNotes = vehicleVerified ? pick(VEHICLE_NOTES) : null;
    updates.push({
      id: d.id,
      licence: licenceFor(d.first_name, d.last_name, rand),
      driver_verified: driverVerified,
      driver_notes: driverNotes,
      driver_follow_up_at: driverVerified ? new Date(followUp).toISOString() : null,
      driver_rejected_at: state === 'rejected' ? new Date(checked).toISOString() : null,
      vehicle_verified: vehicleVerified,
      vehicle_notes: vehicleNotes,
      vehicle_follow_up_at: vehicleVerified ? new Date(followUp).toISOString() : null,
    });
    const event = (kind: string, at: number, notes: string | null, followUpAt: number | null, self = false) =>
      events.push({
        driver_id: d.id,
        kind,
        notes,
        follow_up_at: followUpAt === null ? null : new Date(followUpAt).toISOString(),
        by_user_id: self ? d.id : by.id,
        by_name: self ? `${d.first_name} ${d.last_name}` : by.name,
        created_at: new Date(at).toISOString(),
      });
    event('vehicleRegistered', registered, null, null, true);
    if (driverVerified) event('driverVerified', checked, driverNotes, followUp);
    if (vehicleVerified) event('vehicleVerified', checked + 3_600_000, vehicleNotes, followUp);
    if (state === 'rejected') event('rejected', checked, driverNotes, null);
  }

  await db.transaction(async (tx) => {
    for (let i = 0; i < updates.length; i += CHUNK) {
      const part = JSON.stringify(updates.slice(i, i + CHUNK));
      await tx.execute(sql`
        update users u set driving_license_number = x.licence, is_driver_verified = x.driver_verified, driver_notes = x.driver_notes,
          driver_follow_up_at = x.driver_follow_up_at, driver_rejected_at = x.driver_rejected_at
        from json_to_recordset(${part}::json) as x(id uuid, licence text, driver_verified boolean, driver_notes text,
          driver_follow_up_at timestamptz, driver_rejected_at timestamptz)
        where u.id = x.id`);
      await tx.execute(sql`
        update vehicles v set is_verified = x.vehicle_verified, notes = x.vehicle_notes, follow_up_at = x.vehicle_follow_up_at
        from json_to_recordset(${part}::json) as x(id uuid, vehicle_verified boolean, vehicle_notes text, vehicle_follow_up_at timestamptz)
        where v.user_id = x.id`);
    }
    for (let i = 0; i < events.length; i += CHUNK) {
      await tx.execute(sql`
        insert into driver_verification_events (driver_id, kind, notes, follow_up_at, by_user_id, by_name, created_at)
        select x.driver_id, x.kind, x.notes, x.follow_up_at, x.by_user_id, x.by_name, x.created_at
        from json_to_recordset(${JSON.stringify(events.slice(i, i + CHUNK))}::json) as x(
          driver_id uuid, kind text, notes text, follow_up_at timestamptz, by_user_id uuid, by_name text, created_at timestamptz)`);
    }
  });
  return { drivers: drivers.length, states };
}
