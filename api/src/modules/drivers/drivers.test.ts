import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, MESSAGES, ROUTES, SAME_LICENCE_SHOWN, driverPageSchema, driverSchema, followUpWindow, notificationSummarySchema, type Driver } from '@portal/shared-contracts';
import { licenceKey, users, vehicles } from '../../db/schema';
import { rows } from '../../db/sql';
import { readOutbox } from '../../mail/mailer';
import { bearer, json, useTestApp, type Res } from '../../test/test-support';
import { DAY_MS, makeCompany, makeEmployer, makePerson, superAdmin } from '../../test/people';

const t = useTestApp();

interface World {
  acme: string;
  globex: string;
  root: string;
  rootId: string;
  employer: string;
  admin: string;
  employee: string;
  /** Acme: neither flag. */
  nia: string;
  /** Acme: driver verified, vehicle not. */
  dev: string;
  /** Globex: vehicle verified, driver not. */
  val: string;
  /** Globex: both verified. */
  bob: string;
  /** Acme: rejected. */
  rex: string;
  /** Acme: a passenger with a licence but no vehicle. */
  pat: string;
}
let w: World;

beforeEach(async () => {
  await t.reset();
  const db = t.ctx.db;
  const acme = await makeCompany(db, 'Acme Ltd');
  const globex = await makeCompany(db, 'Globex');
  const root = await superAdmin(db);
  w = {
    acme,
    globex,
    root: root.token,
    rootId: root.id,
    employer: await makeEmployer(db, acme, 'boss@acme.test'),
    admin: await makeEmployer(db, acme, 'admin@acme.test', 'Admin'),
    nia: (await makePerson(db, acme, 'Nia', 'Newman', { registration: 'AB12 CDE', licence: 'NEWMA753116NN9IJ' })).id,
    dev: (await makePerson(db, acme, 'Dev', 'Driver', { registration: 'LS70 XYZ', licence: 'DRIVE712026DD9AB', driverVerified: true })).id,
    val: (await makePerson(db, globex, 'Val', 'Vance', { registration: 'YA19 VAN', licence: 'VANCE860101VV9AB', vehicleVerified: true })).id,
    bob: (await makePerson(db, globex, 'Bob', 'Both', { registration: 'MA68 BOB', licence: 'BOTH9801010BB9AB', driverVerified: true, vehicleVerified: true })).id,
    rex: (await makePerson(db, acme, 'Rex', 'Rejected', { registration: 'SA21 REX', licence: 'REJEC801010RR9AB', rejected: true })).id,
    pat: (await makePerson(db, acme, 'Pat', 'Passenger', { licence: 'PASSE801010PP9AB' })).id,
    employee: (await makePerson(db, acme, 'Emma', 'Employee')).token,
  };
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const err = (res: Res) => json<{ success: false; message: string; errors?: { field: string; message: string }[] }>(res);
const FOLLOW_UP = new Date(Date.now() + 90 * DAY_MS).toISOString();

async function page(query: string, token = w.root) {
  const res = await call('GET', `/api/drivers/page?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return driverPageSchema.parse(json(res));
}
const names = (drivers: Driver[]) => drivers.map((d) => d.firstName);

async function flags(id: string) {
  const [r] = await rows<{ driver: boolean; vehicle: boolean; rejected: boolean }>(
    t.ctx.db,
    sql`select u.is_driver_verified as driver, v.is_verified as vehicle, u.driver_rejected_at is not null as rejected
      from users u join vehicles v on v.user_id = u.id where u.id = ${id}`,
  );
  return r;
}

async function badge() {
  const res = await call('GET', '/api/notifications', w.root);
  expect(res.statusCode).toBe(200);
  return notificationSummarySchema.parse(json(res));
}

describe('who may call the drivers endpoints', () => {
  const calls = (): [Method, string, object?][] => [
    ['GET', '/api/drivers'],
    ['GET', '/api/drivers/page?status=pending'],
    ['GET', `/api/drivers/${w.nia}`],
    ['POST', '/api/drivers/approve', { employeeIds: [w.nia], followUpDate: FOLLOW_UP }],
    ['POST', '/api/vehicles/approve', { employeeIds: [w.nia], notes: 'MOT seen', followUpDate: FOLLOW_UP }],
    ['POST', '/api/drivers/reject', { employeeId: w.nia, notes: 'No' }],
    ['GET', '/api/notifications'],
  ];

  it('refuses an employer, an admin and an employee (403) and a caller without a session (401), changing nothing', async () => {
    for (const token of [w.employer, w.admin, w.employee]) {
      for (const [method, url, payload] of calls()) {
        const res = await call(method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(err(res).message).toBe(MESSAGES.common.forbidden);
      }
    }
    for (const [method, url, payload] of calls()) {
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await flags(w.nia)).toEqual({ driver: false, vehicle: false, rejected: false });
    expect(await rows(t.ctx.db, sql`select 1 from driver_verification_events`)).toHaveLength(0);
  });
});

describe('GET /api/drivers (the spec\'s list)', () => {
  it('answers every employee with a vehicle, in name order, with both flags, notes, follow-up and company', async () => {
    const res = await call('GET', '/api/drivers', w.root);
    expect(res.statusCode).toBe(200);
    const list = z.array(driverSchema).parse(json(res));
    expect(names(list)).toEqual(['Bob', 'Dev', 'Nia', 'Rex', 'Val']);
    const dev = list.find((d) => d.id === w.dev)!;
    expect(dev).toMatchObject({
      email: expect.stringContaining('dev.driver'),
      drivingLicense: 'DRIVE712026DD9AB',
      isVerified: true,
      vehicle: { make: 'Ford', model: 'Focus', yearManufactured: 2019, color: 'Blue', registrationNumber: 'LS70 XYZ', isVerified: false },
      companyId: w.acme,
      companyName: 'Acme Ltd',
      status: 'pending',
      followUpDue: false,
    });
    expect(list.find((d) => d.id === w.rex)).toMatchObject({ status: 'rejected', notes: 'Licence photo unreadable', rejectedAt: expect.any(String) });
    expect(list.find((d) => d.id === w.bob)!.status).toBe('approved');
  });

  it('searches first name, last name, email and driving licence, case-insensitively', async () => {
    for (const [search, expected] of [
      ['NIA', ['Nia']],
      ['vance', ['Val']],
      ['dev.driver', ['Dev']],
      ['drive712', ['Dev']],
      ['PASSE', []],
      ['%', []],
    ] as const) {
      const list = z.array(driverSchema).parse(json(await call('GET', `/api/drivers?search=${encodeURIComponent(search)}`, w.root)));
      expect(names(list), search).toEqual(expected);
    }
  });
});

describe('GET /api/drivers/page', () => {
  it('splits pending (either flag false, rejected included) from approved (both flags)', async () => {
    const pending = await page('status=pending');
    expect(names(pending.items)).toEqual(['Dev', 'Nia', 'Rex', 'Val']);
    expect(pending.totalCount).toBe(4);
    const approved = await page('status=approved');
    expect(names(approved.items)).toEqual(['Bob']);
    expect((await page('')).totalCount).toBe(5);
  });

  it('pages in name order with the total, and searches within a status', async () => {
    const first = await page('pageSize=2');
    expect(first).toMatchObject({ totalCount: 5, pageNumber: 1, pageSize: 2, totalPages: 3, hasPreviousPage: false, hasNextPage: true });
    expect(names(first.items)).toEqual(['Bob', 'Dev']);
    expect(names((await page('pageSize=2&pageNumber=3')).items)).toEqual(['Val']);
    expect((await page('pageNumber=9')).items).toEqual([]);
    expect(names((await page('status=pending&search=AcMe')).items)).toEqual([]);
    expect(names((await page('status=pending&search=rejec')).items)).toEqual(['Rex']);
    expect(names((await page('status=approved&search=nia')).items)).toEqual([]);
    // Terms under 3 characters are matched without the trigram indexes: the same answers.
    expect(names((await page('search=NI')).items)).toEqual(['Nia']);
    expect(names((await page('status=approved&search=ob')).items)).toEqual(['Bob']);
  });

  it('keeps only drivers whose follow-up date has passed with followUp=due', async () => {
    await t.ctx.db.update(users).set({ driverFollowUpAt: new Date(Date.now() - DAY_MS) }).where(eq(users.id, w.bob));
    await t.ctx.db.update(vehicles).set({ followUpAt: new Date(Date.now() - 60_000) }).where(eq(vehicles.userId, w.val));
    await t.ctx.db.update(users).set({ driverFollowUpAt: new Date(Date.now() + DAY_MS) }).where(eq(users.id, w.dev));
    const due = await page('followUp=due');
    expect(names(due.items)).toEqual(['Bob', 'Val']);
    expect(due.items.every((d) => d.followUpDue)).toBe(true);
    expect(names((await page('status=approved&followUp=due')).items)).toEqual(['Bob']);
  });

  it('refuses a bad status, page or search (400 with the field)', async () => {
    for (const q of ['status=rejected', 'pageSize=101', 'pageNumber=0', `search=${'x'.repeat(101)}`, 'followUp=soon']) {
      const res = await call('GET', `/api/drivers/page?${q}`, w.root);
      expect(res.statusCode, q).toBe(400);
      expect(err(res).errors?.[0]?.field, q).toBe(q.split('=')[0]);
    }
  });
});

describe('POST /api/drivers/approve', () => {
  it("sets the drivers' flag with notes and follow-up, ends a rejection, records who and when, and mails each driver", async () => {
    const res = await call('POST', '/api/drivers/approve', w.root, { employeeIds: [w.nia, w.rex, w.val], notes: '  Licence checked with DVLA ', followUpDate: FOLLOW_UP });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.drivers.bulkApproved, count: 3 });
    expect(await flags(w.nia)).toEqual({ driver: true, vehicle: false, rejected: false });
    expect(await flags(w.rex)).toEqual({ driver: true, vehicle: false, rejected: false });
    // Val's vehicle was verified already: now an approved driver.
    expect(names((await page('status=approved')).items)).toEqual(['Bob', 'Val']);
    const { driver, history } = json<{ driver: Driver; history: { kind: string; notes: string; followUpDate: string; by: { id: string; name: string } }[] }>(
      await call('GET', `/api/drivers/${w.nia}`, w.root),
    );
    expect(driver).toMatchObject({ isVerified: true, notes: 'Licence checked with DVLA', followUpDate: FOLLOW_UP });
    expect(history).toEqual([
      expect.objectContaining({ kind: 'driverVerified', notes: 'Licence checked with DVLA', followUpDate: FOLLOW_UP, by: { id: w.rootId, name: expect.any(String) } }),
    ]);
    await t.ctx.mailer.flush();
    const mails = await readOutbox(t.ctx.db, { kind: 'driver-verified' });
    expect(mails).toHaveLength(3);
    const valMail = mails.find((m) => m.to.startsWith('val.vance'))!;
    expect(valMail.text).toContain('Licence checked with DVLA');
    expect(valMail.text).toContain('You can now offer lifts');
  });

  it('answers the singular message for one driver, and may verify again with new notes and date', async () => {
    const first = await call('POST', '/api/drivers/approve', w.root, { employeeIds: [w.dev], followUpDate: FOLLOW_UP });
    expect(json(first)).toMatchObject({ message: MESSAGES.drivers.approved, count: 1 });
    const later = new Date(Date.now() + 200 * DAY_MS).toISOString();
    expect((await call('POST', '/api/drivers/approve', w.root, { employeeIds: [w.dev], notes: 'Re-checked', followUpDate: later })).statusCode).toBe(200);
    const { driver, history } = json<{ driver: Driver; history: unknown[] }>(await call('GET', `/api/drivers/${w.dev}`, w.root));
    expect(driver).toMatchObject({ notes: 'Re-checked', followUpDate: later });
    expect(history).toHaveLength(2);
  });

  it('is all or nothing: any id that is not a driver is a 400 naming it, and nothing changes', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await call('POST', '/api/drivers/approve', w.root, { employeeIds: [w.nia, w.pat, unknown, 'not-an-id'], followUpDate: FOLLOW_UP });
    expect(res.statusCode).toBe(400);
    expect(err(res)).toEqual({
      success: false,
      message: MESSAGES.drivers.notDrivers,
      errors: [
        { field: 'employeeIds.1', message: MESSAGES.drivers.notADriver(w.pat) },
        { field: 'employeeIds.2', message: MESSAGES.drivers.notADriver(unknown) },
        { field: 'employeeIds.3', message: MESSAGES.drivers.notADriver('not-an-id') },
      ],
    });
    expect(await flags(w.nia)).toEqual({ driver: false, vehicle: false, rejected: false });
    expect(await rows(t.ctx.db, sql`select 1 from driver_verification_events`)).toHaveLength(0);
    await t.ctx.mailer.flush();
    expect(await readOutbox(t.ctx.db, { kind: 'driver-verified' })).toHaveLength(0);
  });

  it.each([
    [{ employeeIds: ['x'] }, 'followUpDate', MESSAGES.drivers.verifyFollowUp],
    [{ employeeIds: ['x'], followUpDate: '' }, 'followUpDate', MESSAGES.drivers.verifyFollowUp],
    [{ employeeIds: ['x'], followUpDate: '12-01-2027 10:00' }, 'followUpDate', MESSAGES.drivers.verifyFollowUp],
    [{ employeeIds: [], followUpDate: FOLLOW_UP }, 'employeeIds', MESSAGES.drivers.noneSelected],
    [{ followUpDate: FOLLOW_UP }, 'employeeIds', MESSAGES.drivers.noneSelected],
  ])('refuses %j with 400 and the spec\'s message', async (body, field, message) => {
    const res = await call('POST', '/api/drivers/approve', w.root, body);
    expect(res.statusCode).toBe(400);
    expect(err(res).message).toBe(message);
    expect(err(res).errors?.[0]?.field).toBe(field);
  });

  it('takes a follow-up from today up to two years ahead; before or after, 400 saying so, and nothing changes', async () => {
    const { from, until } = followUpWindow();
    const yesterday = new Date(from.getTime() - 1).toISOString();
    for (const url of ['/api/drivers/approve', '/api/vehicles/approve']) {
      for (const followUpDate of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', yesterday, until.toISOString(), '2000-01-01T00:00:00Z']) {
        const res = await call('POST', url, w.root, { employeeIds: [w.nia], notes: 'Checked', followUpDate });
        expect(res.statusCode, `${url} ${followUpDate} ${res.body}`).toBe(400);
        expect(err(res)).toMatchObject({ message: MESSAGES.drivers.followUpOutOfRange, errors: [{ field: 'followUpDate', message: MESSAGES.drivers.followUpOutOfRange }] });
      }
    }
    expect(await flags(w.nia)).toEqual({ driver: false, vehicle: false, rejected: false });
    // The first and the last moment of the window are in it.
    expect((await call('POST', '/api/drivers/approve', w.root, { employeeIds: [w.nia], followUpDate: from.toISOString() })).statusCode).toBe(200);
    const last = new Date(until.getTime() - 1).toISOString();
    expect((await call('POST', '/api/vehicles/approve', w.root, { employeeIds: [w.nia], notes: 'ok', followUpDate: last })).statusCode).toBe(200);
  });
});

describe('POST /api/vehicles/approve', () => {
  it("sets the vehicles' flag with notes and follow-up date and mails each driver", async () => {
    const res = await call('POST', '/api/vehicles/approve', w.root, { employeeIds: [w.dev, w.nia], notes: 'MOT and insurance seen', followUpDate: FOLLOW_UP });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.drivers.vehicleApproved, count: 2 });
    expect(await flags(w.dev)).toEqual({ driver: true, vehicle: true, rejected: false });
    expect(await flags(w.nia)).toEqual({ driver: false, vehicle: true, rejected: false });
    const dev = driverSchema.parse(json<{ driver: unknown }>(await call('GET', `/api/drivers/${w.dev}`, w.root)).driver);
    expect(dev).toMatchObject({ status: 'approved', vehicleNotes: 'MOT and insurance seen', vehicleFollowUpDate: FOLLOW_UP });
    await t.ctx.mailer.flush();
    const mails = await readOutbox(t.ctx.db, { kind: 'vehicle-verified' });
    expect(mails.map((m) => m.to).sort()).toEqual([expect.stringMatching(/^dev\.driver/), expect.stringMatching(/^nia\.newman/)]);
    expect(mails.find((m) => m.to.startsWith('nia'))!.text).toContain('AB12 CDE');
  });

  it('needs notes and a follow-up date ("Please provide notes and follow up date for the vehicle.")', async () => {
    for (const body of [{ employeeIds: [w.dev], notes: '   ', followUpDate: FOLLOW_UP }, { employeeIds: [w.dev], notes: 'ok' }, { employeeIds: [w.dev] }]) {
      const res = await call('POST', '/api/vehicles/approve', w.root, body);
      expect(res.statusCode).toBe(400);
      expect(err(res).message).toBe(MESSAGES.drivers.verifyVehicle);
    }
    expect(await flags(w.dev)).toEqual({ driver: true, vehicle: false, rejected: false });
  });

  it('is all or nothing', async () => {
    const res = await call('POST', '/api/vehicles/approve', w.root, { employeeIds: [w.dev, w.pat], notes: 'ok', followUpDate: FOLLOW_UP });
    expect(res.statusCode).toBe(400);
    expect(err(res).errors).toEqual([{ field: 'employeeIds.1', message: MESSAGES.drivers.notADriver(w.pat) }]);
    expect(await flags(w.dev)).toEqual({ driver: true, vehicle: false, rejected: false });
  });
});

describe('POST /api/drivers/reject', () => {
  it("clears the driver's flag, keeps the vehicle, records the notes and mails them to the driver", async () => {
    const res = await call('POST', '/api/drivers/reject', w.root, { employeeId: w.bob, notes: '  Licence expired in March ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ success: true, message: MESSAGES.drivers.rejected });
    expect(await flags(w.bob)).toEqual({ driver: false, vehicle: true, rejected: true });
    const pending = await page('status=pending');
    expect(pending.items.find((d) => d.id === w.bob)).toMatchObject({ status: 'rejected', notes: 'Licence expired in March', vehicle: { isVerified: true } });
    const { history } = json<{ history: { kind: string; notes: string }[] }>(await call('GET', `/api/drivers/${w.bob}`, w.root));
    expect(history).toEqual([expect.objectContaining({ kind: 'rejected', notes: 'Licence expired in March' })]);
    await t.ctx.mailer.flush();
    const [mail] = await readOutbox(t.ctx.db, { kind: 'driver-rejected' });
    expect(mail!.to).toMatch(/^bob\.both/);
    expect(mail!.text).toContain('Licence expired in March');
  });

  it('needs notes after trimming, and a driver (404 otherwise)', async () => {
    for (const body of [{ employeeId: w.bob, notes: '   ' }, { employeeId: w.bob }]) {
      const res = await call('POST', '/api/drivers/reject', w.root, body);
      expect(res.statusCode).toBe(400);
      expect(err(res).message).toBe(MESSAGES.drivers.rejectNotes);
    }
    for (const employeeId of [w.pat, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await call('POST', '/api/drivers/reject', w.root, { employeeId, notes: 'No' });
      expect(res.statusCode, employeeId).toBe(404);
      expect(err(res).message).toBe(MESSAGES.drivers.notFound);
    }
    expect(await flags(w.bob)).toEqual({ driver: true, vehicle: true, rejected: false });
  });
});

describe('GET /api/drivers/{id}', () => {
  it('answers the driver with the whole history, newest first, and 404 for anyone else', async () => {
    await call('POST', '/api/drivers/reject', w.root, { employeeId: w.nia, notes: 'Blurred photo' });
    await call('POST', '/api/vehicles/approve', w.root, { employeeIds: [w.nia], notes: 'MOT seen', followUpDate: FOLLOW_UP });
    await call('POST', '/api/drivers/approve', w.root, { employeeIds: [w.nia], followUpDate: FOLLOW_UP });
    const res = await call('GET', `/api/drivers/${w.nia}`, w.root);
    expect(res.statusCode).toBe(200);
    const { history } = json<{ history: { kind: string; createdAt: string }[] }>(res);
    expect(history.map((h) => h.kind)).toEqual(['driverVerified', 'vehicleVerified', 'rejected']);
    for (const id of [w.pat, 'x', '00000000-0000-4000-8000-000000000000']) {
      const r = await call('GET', `/api/drivers/${id}`, w.root);
      expect(r.statusCode, id).toBe(404);
      expect(err(r).message).toBe(MESSAGES.drivers.notFound);
    }
  });
});

describe('the same licence held by other drivers', () => {
  const details = async (id: string) => {
    const res = await call('GET', `/api/drivers/${id}`, w.root);
    expect(res.statusCode, res.body).toBe(200);
    return ENDPOINTS.drivers.get.response.parse(json(res));
  };
  const setLicence = (id: string, licence: string | null) => t.ctx.db.update(users).set({ drivingLicenseNumber: licence }).where(eq(users.id, id));

  it("names the other drivers of any company holding the licence, however it was typed, with company and state, to whichever of them is opened", async () => {
    // Nia's licence as typed elsewhere: lower case with spaces (the shared link keeps it so), and with hyphens.
    await setLicence(w.bob, 'newma 753116 nn9ij');
    await setLicence(w.rex, 'NEWMA-753116-NN9IJ');
    // A passenger with the licence is not a driver; a licence that only starts the same is another licence.
    await setLicence(w.pat, 'NEWMA753116NN9IJ');
    await setLicence(w.dev, 'NEWMA753116NN9IJX');

    const nia = await details(w.nia);
    expect(nia.sameLicenceTotal).toBe(2);
    expect(nia.sameLicence).toEqual([
      { id: w.bob, firstName: 'Bob', lastName: 'Both', companyId: w.globex, companyName: 'Globex', status: 'approved' },
      { id: w.rex, firstName: 'Rex', lastName: 'Rejected', companyId: w.acme, companyName: 'Acme Ltd', status: 'rejected' },
    ]);
    const bob = await details(w.bob);
    expect(bob.sameLicence.map((d) => [d.firstName, d.companyName, d.status])).toEqual([
      ['Nia', 'Acme Ltd', 'pending'],
      ['Rex', 'Acme Ltd', 'rejected'],
    ]);
    expect((await details(w.dev)).sameLicence).toEqual([]);
    expect((await details(w.val)).sameLicenceTotal).toBe(0);
  });

  it('names no one for a driver without a licence, or whose licence is only spaces and hyphens', async () => {
    for (const blank of [null, '', ' - ']) {
      await setLicence(w.nia, blank);
      await setLicence(w.bob, blank);
      const nia = await details(w.nia);
      expect(nia, String(blank)).toMatchObject({ sameLicence: [], sameLicenceTotal: 0 });
    }
  });

  it(`shows the first ${SAME_LICENCE_SHOWN} in name order and says how many there are`, async () => {
    for (let i = 0; i < SAME_LICENCE_SHOWN + 3; i++) {
      const p = await makePerson(t.ctx.db, w.globex, `Copy${String(i).padStart(2, '0')}`, 'Clone', { registration: `CL${String(i).padStart(2, '0')} ONE`, licence: 'NEWMA753116NN9IJ' });
      expect(p.id).toBeTruthy();
    }
    const nia = await details(w.nia);
    expect(nia.sameLicenceTotal).toBe(SAME_LICENCE_SHOWN + 3);
    expect(nia.sameLicence.map((d) => d.firstName)).toEqual(Array.from({ length: SAME_LICENCE_SHOWN }, (_, i) => `Copy${String(i).padStart(2, '0')}`));
  });

  it('finds them through the licence index', async () => {
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      const plan = JSON.stringify(
        await tx.execute(sql`explain select id from users u where ${licenceKey(sql`u.driving_license_number`)} = ${licenceKey('newma-753116')}`),
      );
      expect(plan).toContain('users_licence_key_idx');
    });
  });
});

describe('GET /api/notifications', () => {
  it('counts pending drivers, pending vehicles, due follow-ups and new employers, and follows the verifications', async () => {
    await makeCompany(t.ctx.db, 'Fresh Start Ltd', 2);
    await t.ctx.db.update(users).set({ driverFollowUpAt: new Date(Date.now() - DAY_MS) }).where(eq(users.id, w.bob));
    // Nia: both flags false; Dev: vehicle; Val: driver; Rex is rejected (waits for the driver).
    let b = await badge();
    expect(b.counts).toEqual({ pendingDrivers: 2, pendingVehicles: 2, followUpsDue: 1, newEmployers: 1 });
    expect(b.count).toBe(6);
    expect(b.items).toEqual([
      { kind: 'pendingDrivers', count: 2, text: MESSAGES.notifications.pendingDrivers(2), link: ROUTES.pendingDrivers },
      { kind: 'pendingVehicles', count: 2, text: MESSAGES.notifications.pendingVehicles(2), link: ROUTES.pendingDrivers },
      { kind: 'followUpsDue', count: 1, text: MESSAGES.notifications.followUpsDue(1), link: `${ROUTES.approvedDrivers}?followUp=due` },
      { kind: 'newEmployers', count: 1, text: MESSAGES.notifications.newEmployers(1), link: ROUTES.superAdmin },
    ]);

    await call('POST', '/api/drivers/approve', w.root, { employeeIds: [w.nia, w.val, w.bob], followUpDate: FOLLOW_UP });
    b = await badge();
    expect(b.counts).toEqual({ pendingDrivers: 0, pendingVehicles: 2, followUpsDue: 0, newEmployers: 1 });
    await call('POST', '/api/vehicles/approve', w.root, { employeeIds: [w.nia, w.dev], notes: 'ok', followUpDate: FOLLOW_UP });
    b = await badge();
    expect(b.counts).toEqual({ pendingDrivers: 0, pendingVehicles: 0, followUpsDue: 0, newEmployers: 1 });
    expect(b.items.map((i) => i.kind)).toEqual(['newEmployers']);
    await call('POST', '/api/drivers/reject', w.root, { employeeId: w.nia, notes: 'Points on licence' });
    expect((await badge()).count).toBe(1);
  });
});
