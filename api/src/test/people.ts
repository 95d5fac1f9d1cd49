import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, employerUsers, users, vehicles } from '../db/schema';
import { rows } from '../db/sql';
import { TEST_SUPERADMIN } from './testing';
import { createSession } from '../lib/sessions';

/**
 * Companies, people, drivers and signed-in tokens for the drivers and vehicles tests (imported only
 * by `*.test.ts`). Sessions are made directly: a password login per person would cost an argon2 hash.
 */

export async function tokenFor(db: Db, userId: string): Promise<string> {
  return (await createSession(db, userId, false, { ip: '127.0.0.1' })).token;
}

/** A session of the super admin `reset()` seeds. */
export async function superAdmin(db: Db): Promise<{ id: string; token: string }> {
  const [r] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = ${TEST_SUPERADMIN.email}`);
  return { id: r!.id, token: await tokenFor(db, r!.id) };
}

export async function makeCompany(db: Db, name: string, createdDaysAgo = 30): Promise<string> {
  const [c] = await db
    .insert(companies)
    .values({
      name,
      email: `hello@${name.toLowerCase().replace(/\W+/g, '')}.test`,
      phoneNumber: '0113 496 0000',
      signUpState: 3,
      createdAt: new Date(Date.now() - createdDaysAgo * 86_400_000),
    })
    .returning();
  return c!.id;
}

/** A signed-in Employer or Admin of the company. */
export async function makeEmployer(db: Db, companyId: string, email: string, role: 'Employer' | 'Admin' = 'Employer'): Promise<string> {
  const [u] = await db.insert(users).values({ email, passwordHash: '!', name: `Boss ${email}`, role, companyId }).returning();
  await db.insert(employerUsers).values({ userId: u!.id });
  return tokenFor(db, u!.id);
}

export interface DriverOptions {
  licence?: string | null;
  /** A vehicle with this registration (none: a passenger). */
  registration?: string;
  driverVerified?: boolean;
  vehicleVerified?: boolean;
  rejected?: boolean;
  driverFollowUp?: Date;
  vehicleFollowUp?: Date;
  approved?: boolean;
}

let seq = 0;

/** An employee of the company, signed in; a driver when given a registration. */
export async function makePerson(db: Db, companyId: string, first: string, last: string, o: DriverOptions = {}): Promise<{ id: string; token: string; email: string }> {
  seq += 1;
  const email = `${first}.${last}.${seq}@people.test`.toLowerCase();
  const [u] = await db
    .insert(users)
    .values({
      email,
      passwordHash: '!',
      name: `${first} ${last}`,
      role: 'Employee',
      companyId,
      firstName: first,
      lastName: last,
      employeeNumber: `E${String(seq).padStart(5, '0')}`,
      isApproved: o.approved ?? true,
      drivingLicenseNumber: o.licence === undefined ? null : o.licence,
      isDriverVerified: o.driverVerified ?? false,
      driverFollowUpAt: o.driverFollowUp ?? null,
      driverRejectedAt: o.rejected ? new Date() : null,
      driverNotes: o.rejected ? 'Licence photo unreadable' : null,
    })
    .returning();
  if (o.registration) {
    await db.insert(vehicles).values({
      userId: u!.id,
      make: 'Ford',
      model: 'Focus',
      yearManufactured: 2019,
      color: 'Blue',
      registrationNumber: o.registration,
      isVerified: o.vehicleVerified ?? false,
      followUpAt: o.vehicleFollowUp ?? null,
    });
  }
  return { id: u!.id, token: await tokenFor(db, u!.id), email };
}

export const DAY_MS = 86_400_000;
