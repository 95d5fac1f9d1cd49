import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, MESSAGES, driverPageSchema, type MyDriver } from '@portal/shared-contracts';
import { users, vehicles } from '../../db/schema';
import { rows } from '../../db/sql';
import { bearer, json, useTestApp, type Res } from '../../test/test-support';
import { DAY_MS, makeCompany, makeEmployer, makePerson, superAdmin } from '../../test/people';

const t = useTestApp();

interface World {
  root: string;
  employer: string;
  /** An employee without a vehicle yet. */
  emma: { id: string; token: string };
  /** An approved driver: both flags set. */
  ann: { id: string; token: string };
}
let w: World;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const acme = await makeCompany(db, 'Acme Ltd');
  w = {
    root: (await superAdmin(db)).token,
    employer: await makeEmployer(db, acme, 'boss@acme.test'),
    emma: await makePerson(db, acme, 'Emma', 'Employee'),
    ann: await makePerson(db, acme, 'Ann', 'Approved', { registration: 'AB12 CDE', licence: 'APPRO753116AA9IJ', driverVerified: true, vehicleVerified: true }),
  };
});

const car = (over: Record<string, unknown> = {}) => ({
  make: 'Toyota',
  model: 'Yaris',
  yearManufactured: 2021,
  color: 'Red',
  registrationNumber: 'ab12cde',
  drivingLicenseNumber: 'appro 753116 aa9ij',
  ...over,
});
const put = (token: string, body: object) => t.app.inject({ method: 'PUT', url: '/api/me/vehicle', headers: bearer(token), payload: body });
const mine = async (token: string) => ENDPOINTS.vehicles.mine.response.parse(json(await t.app.inject({ method: 'GET', url: '/api/me/vehicle', headers: bearer(token) }))).driver;
const err = (res: Res) => json<{ success: false; message: string; errors?: { field: string; message: string }[] }>(res);

async function pendingNames() {
  const res = await t.app.inject({ method: 'GET', url: '/api/drivers/page?status=pending', headers: bearer(w.root) });
  return driverPageSchema.parse(json(res)).items.map((d) => d.firstName);
}
async function historyKinds(id: string) {
  return (await rows<{ kind: string }>(t.ctx.db, sql`select kind from driver_verification_events where driver_id = ${id} order by created_at, kind`)).map((r) => r.kind);
}

describe('PUT /api/me/vehicle', () => {
  it('makes an employee a pending driver, registration and licence stored normalised', async () => {
    expect(await mine(w.emma.token)).toBeNull();
    const res = await put(w.emma.token, car({ registrationNumber: 'ls70xyz', drivingLicenseNumber: 'emplo 753116 ee9ij' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = ENDPOINTS.vehicles.save.response.parse(json(res));
    expect(body.message).toBe(MESSAGES.vehicles.saved);
    const expected: MyDriver = {
      vehicle: { make: 'Toyota', model: 'Yaris', yearManufactured: 2021, color: 'Red', registrationNumber: 'LS70 XYZ', isVerified: false },
      drivingLicenseNumber: 'EMPLO753116EE9IJ',
      isDriverVerified: false,
      status: 'pending',
    };
    expect(body.driver).toEqual(expected);
    expect(await mine(w.emma.token)).toEqual(expected);
    expect(await pendingNames()).toEqual(['Emma']);
    expect(await historyKinds(w.emma.id)).toEqual(['vehicleRegistered']);
  });

  it('clears the vehicle flag when the registration changes, and puts the driver back in the pending list', async () => {
    expect(await pendingNames()).toEqual([]);
    const res = await put(w.ann.token, car({ registrationNumber: 'YA19 NEW' }));
    expect(res.statusCode).toBe(200);
    expect(ENDPOINTS.vehicles.save.response.parse(json(res)).driver).toMatchObject({ vehicle: { registrationNumber: 'YA19 NEW', isVerified: false }, isDriverVerified: true, status: 'pending' });
    expect(await pendingNames()).toEqual(['Ann']);
    expect(await historyKinds(w.ann.id)).toEqual(['registrationChanged']);
  });

  it("clears the driver's flag when the licence changes", async () => {
    const res = await put(w.ann.token, car({ drivingLicenseNumber: 'APPRO753116AA9XY' }));
    expect(ENDPOINTS.vehicles.save.response.parse(json(res)).driver).toMatchObject({ vehicle: { isVerified: true }, isDriverVerified: false, status: 'pending' });
    expect(await pendingNames()).toEqual(['Ann']);
    expect(await historyKinds(w.ann.id)).toEqual(['licenceChanged']);
  });

  it('keeps both flags when only make, model, colour, year or the spacing change', async () => {
    const res = await put(w.ann.token, car({ make: 'Honda', model: 'Jazz', color: 'Silver', yearManufactured: 2018, registrationNumber: ' AB 12 CDE ' }));
    expect(ENDPOINTS.vehicles.save.response.parse(json(res)).driver).toMatchObject({ vehicle: { make: 'Honda', registrationNumber: 'AB12 CDE', isVerified: true }, isDriverVerified: true, status: 'approved' });
    expect(await pendingNames()).toEqual([]);
    expect(await historyKinds(w.ann.id)).toEqual([]);
  });

  it('ends a rejection when the driver changes the licence, not when only the colour changes', async () => {
    await t.app.inject({ method: 'POST', url: '/api/drivers/reject', headers: bearer(w.root), payload: { employeeId: w.ann.id, notes: 'Licence expired' } });
    expect((await mine(w.ann.token))!.status).toBe('rejected');
    await put(w.ann.token, car({ color: 'Green' }));
    expect((await mine(w.ann.token))!.status).toBe('rejected');
    await put(w.ann.token, car({ color: 'Green', drivingLicenseNumber: 'APPRO753116AA9ZZ' }));
    expect((await mine(w.ann.token))!.status).toBe('pending');
  });

  it.each([
    ['a registration of no UK format', 'registrationNumber', 'NOT-A-REG', MESSAGES.vehicles.registrationInvalid],
    ['a registration of 5000 characters', 'registrationNumber', 'A'.repeat(5000), MESSAGES.vehicles.registrationInvalid],
    ['a licence with month 13', 'drivingLicenseNumber', 'MORGA713116SM9IJ', MESSAGES.vehicles.licenceInvalid],
    ['a year sent as text', 'yearManufactured', '2019', MESSAGES.vehicles.yearInvalid],
    ['an empty make', 'make', '', MESSAGES.vehicles.makeRequired],
    ['no colour', 'color', undefined, MESSAGES.vehicles.colorRequired],
  ])('refuses %s with 400 and its message, changing nothing', async (_why, field, value, message) => {
    const res = await put(w.ann.token, car({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(err(res).errors).toEqual([{ field, message }]);
    expect((await mine(w.ann.token))!.status).toBe('approved');
  });

  it('is for employees approved by their employer; super admins and employers are refused', async () => {
    for (const token of [w.root, w.employer]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url: '/api/me/vehicle', headers: bearer(token), ...(method === 'PUT' ? { payload: car() } : {}) });
        expect(res.statusCode, method).toBe(403);
      }
    }
    const pending = await makePerson(t.ctx.db, (await rows<{ id: string }>(t.ctx.db, sql`select id from companies limit 1`))[0]!.id, 'Pen', 'Pending', { approved: false });
    const res = await put(pending.token, car({ drivingLicenseNumber: 'PENDI753116PP9IJ' }));
    expect(res.statusCode).toBe(403);
    expect(err(res).message).toBe(MESSAGES.trips.notApproved);
    expect(await rows(t.ctx.db, sql`select 1 from vehicles where user_id = ${pending.id}`)).toHaveLength(0);
  });
});

describe('DELETE /api/me/vehicle', () => {
  it('makes the driver a passenger again, keeps the history, and removing none is not an error', async () => {
    await t.ctx.db.update(users).set({ driverFollowUpAt: new Date(Date.now() + DAY_MS) }).where(eq(users.id, w.ann.id));
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me/vehicle', headers: bearer(w.ann.token) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.vehicles.removed });
    expect(await mine(w.ann.token)).toBeNull();
    expect(await t.ctx.db.select().from(vehicles).where(eq(vehicles.userId, w.ann.id))).toHaveLength(0);
    const drivers = json<unknown[]>(await t.app.inject({ method: 'GET', url: '/api/drivers', headers: bearer(w.root) }));
    expect(drivers).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/vehicle', headers: bearer(w.ann.token) })).statusCode).toBe(200);
    expect(await historyKinds(w.ann.id)).toEqual(['vehicleRemoved']);
    // Registering again with the same licence keeps the driver's verification; the new vehicle waits.
    const again = ENDPOINTS.vehicles.save.response.parse(json(await put(w.ann.token, car({ registrationNumber: 'SA21 NEW' }))));
    expect(again.driver).toMatchObject({ isDriverVerified: true, vehicle: { isVerified: false }, status: 'pending' });
  });
});
