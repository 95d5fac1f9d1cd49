import { sql } from 'drizzle-orm';
import { MESSAGES, normaliseLicence, normaliseRegistration, type MyDriver, type VehicleBody } from '@portal/shared-contracts';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/sql';
import { HttpError, forbidden } from '../../lib/http-error';
import type { AuthUser } from '../../lib/sessions';
import { driverStatus, toVehicle, type DriverStateColumns } from '../../lib/driver-state';
import { recordEvents, type DriverEvent } from '../../lib/driver-history';

/**
 * The mobile app's side of driving: an employee registers a vehicle and a licence (and becomes a
 * driver), changes them, or removes the vehicle. What a super admin verified stays verified only
 * while it stays the same (docs/decisions/0009-drivers.md).
 */

interface MineDbRow extends DriverStateColumns {
  driving_license_number: string | null;
}

async function loadMine(db: Db, userId: string): Promise<MyDriver | null> {
  const [r] = await rows<MineDbRow>(
    db,
    sql`select v.make, v.model, v.year_manufactured, v.color, v.registration_number, v.is_verified as vehicle_verified,
        u.driving_license_number, u.is_driver_verified, u.driver_rejected_at
      from vehicles v join users u on u.id = v.user_id where v.user_id = ${userId}`,
  );
  if (!r) return null;
  return { vehicle: toVehicle(r), drivingLicenseNumber: r.driving_license_number, isDriverVerified: r.is_driver_verified, status: driverStatus(r) };
}

export async function myDriver(ctx: ApiContext, auth: AuthUser): Promise<MyDriver | null> {
  return loadMine(ctx.db, auth.userId);
}

/** Stored values may predate the checks (a licence typed at sign-up): compare them normalised. */
const sameRegistration = (stored: string, sent: string) => (normaliseRegistration(stored) ?? stored.toUpperCase()) === sent;
const sameLicence = (stored: string, sent: string) => (normaliseLicence(stored) ?? stored.toUpperCase()) === sent;

/**
 * Registers or changes the caller's vehicle and licence (already normalised by the contract). A
 * changed registration clears the vehicle's flag, a changed licence the driver's; a new vehicle or
 * either change ends a rejection. The caller's row is locked, so two saves run one after the other.
 */
export async function saveVehicle(ctx: ApiContext, auth: AuthUser, body: VehicleBody): Promise<MyDriver> {
  await ctx.db.transaction(async (tx) => {
    const [me] = await rows<{ company_id: string | null; is_approved: boolean; driving_license_number: string | null; registration_number: string | null }>(
      tx,
      sql`select u.company_id, u.is_approved, u.driving_license_number, v.registration_number
        from users u left join vehicles v on v.user_id = u.id
        where u.id = ${auth.userId} and u.role = 'Employee' for update of u`,
    );
    if (!me?.company_id) throw forbidden();
    if (!me.is_approved) throw new HttpError(403, MESSAGES.trips.notApproved);
    const isNew = me.registration_number === null;
    const registrationChanged = !isNew && !sameRegistration(me.registration_number!, body.registrationNumber);
    const hadLicence = me.driving_license_number !== null && me.driving_license_number !== '';
    const licenceChanged = !hadLicence || !sameLicence(me.driving_license_number!, body.drivingLicenseNumber);
    const events: DriverEvent[] = [];
    if (isNew) events.push({ driverId: auth.userId, kind: 'vehicleRegistered' });
    if (registrationChanged) events.push({ driverId: auth.userId, kind: 'registrationChanged' });
    // A first licence is part of registering, not a change of a checked one.
    if (licenceChanged && hadLicence) events.push({ driverId: auth.userId, kind: 'licenceChanged' });

    await tx.execute(sql`
      insert into vehicles (user_id, make, model, year_manufactured, color, registration_number)
      values (${auth.userId}, ${body.make}, ${body.model}, ${body.yearManufactured}, ${body.color}, ${body.registrationNumber})
      on conflict (user_id) do update set make = excluded.make, model = excluded.model, year_manufactured = excluded.year_manufactured,
        color = excluded.color, registration_number = excluded.registration_number,
        is_verified = vehicles.is_verified and ${!registrationChanged}`);
    await tx.execute(sql`
      update users set driving_license_number = ${body.drivingLicenseNumber},
        is_driver_verified = is_driver_verified and ${!licenceChanged},
        driver_rejected_at = case when ${isNew || registrationChanged || licenceChanged} then null else driver_rejected_at end,
        updated_at = now()
      where id = ${auth.userId}`);
    await recordEvents(tx, auth, events);
  });
  return (await loadMine(ctx.db, auth.userId))!;
}

/** Removes the caller's vehicle: no longer a driver. The history and the licence stay; none to remove is not an error. */
export async function removeVehicle(ctx: ApiContext, auth: AuthUser): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await rows<{ id: string }>(tx, sql`delete from vehicles where user_id = ${auth.userId} returning id`);
    if (removed.length) await recordEvents(tx, auth, [{ driverId: auth.userId, kind: 'vehicleRemoved' }]);
  });
}
