import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { ENDPOINTS } from './endpoints';
import {
  DRIVER_RULES,
  approveDriversBodySchema,
  approveVehiclesBodySchema,
  normaliseLicence,
  normaliseRegistration,
  rejectDriverBodySchema,
  vehicleBodySchema,
} from './forms';
import { MESSAGES } from './messages';

function messagesAt(schema: z.ZodMiniType, value: unknown, path: string): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

/** A follow-up a month from now, inside the follow-up window whenever the tests run. */
const FOLLOW_UP = new Date(Date.now() + 30 * 86_400_000).toISOString();
const FOLLOW_UP_DAY = FOLLOW_UP.slice(0, 10);

describe('UK registration numbers', () => {
  it.each([
    ['AB12 CDE', 'AB12 CDE'],
    ['ab12cde', 'AB12 CDE'],
    ['  LS70  XYZ ', 'LS70 XYZ'],
    ['A123 BCD', 'A123 BCD'],
    ['a1bcd', 'A1 BCD'],
    ['ABC 123D', 'ABC 123D'],
    ['abc1d', 'ABC 1D'],
    ['ABC 123', 'ABC 123'],
    ['1 ABC', '1 ABC'],
    ['ABZ 1234', 'ABZ 1234'],
  ])('%j is stored as %j', (typed, stored) => {
    expect(normaliseRegistration(typed)).toBe(stored);
  });
  it.each(['', 'A', 'AB12CDEF', 'AB1 2CD3', '12345', 'ABCD', 'AB-12-CDE', 'ÅB12 CDE'])('%j is not one', (typed) => {
    expect(normaliseRegistration(typed)).toBeNull();
  });
});

describe('DVLA driving licence numbers', () => {
  it('accepts the 16-character format, for men and women (month + 50), and stores it upper case without spaces', () => {
    expect(normaliseLicence('MORGA753116SM9IJ')).toBe('MORGA753116SM9IJ');
    expect(normaliseLicence('morga 753116 sm9ij')).toBe('MORGA753116SM9IJ');
    expect(normaliseLicence('LI999 862155 J99AB')).toBe('LI999862155J99AB');
  });
  it.each([
    ['15 characters', 'MORGA753116SM9I'],
    ['month 13', 'MORGA713116SM9IJ'],
    ['month 63', 'MORGA763116SM9IJ'],
    ['day 32', 'MORGA753326SM9IJ'],
    ['a digit in the surname start', '9ORGA753116SM9IJ'],
    ['check digits instead of letters', 'MORGA753116SM912'],
    ['a letter where the digit goes', 'MORGA753116SMXIJ'],
  ])('refuses %s', (_why, typed) => {
    expect(normaliseLicence(typed)).toBeNull();
  });
});

describe('PUT /api/me/vehicle body', () => {
  const valid = { make: 'Ford', model: 'Focus', yearManufactured: 2019, color: 'Blue', registrationNumber: 'ab19 cde', drivingLicenseNumber: 'morga753116sm9ij' };

  it('normalises registration and licence', () => {
    expect(vehicleBodySchema.parse(valid)).toEqual({ ...valid, registrationNumber: 'AB19 CDE', drivingLicenseNumber: 'MORGA753116SM9IJ' });
  });
  it.each([
    ['make', '', MESSAGES.vehicles.makeRequired],
    ['make', 'x'.repeat(41), MESSAGES.vehicles.makeMax],
    ['model', ' ', MESSAGES.vehicles.modelRequired],
    ['color', 'x'.repeat(31), MESSAGES.vehicles.colorMax],
    ['yearManufactured', '2019', MESSAGES.vehicles.yearInvalid],
    ['yearManufactured', 1949, MESSAGES.vehicles.yearInvalid],
    ['yearManufactured', new Date().getUTCFullYear() + 2, MESSAGES.vehicles.yearInvalid],
    ['yearManufactured', 2019.5, MESSAGES.vehicles.yearInvalid],
    ['registrationNumber', 'NOT A REG', MESSAGES.vehicles.registrationInvalid],
    ['drivingLicenseNumber', 'MORGA753116SM9I', MESSAGES.vehicles.licenceInvalid],
  ])('%s %j: %s', (field, value, message) => {
    expect(messagesAt(vehicleBodySchema, { ...valid, [field]: value }, field)).toEqual([message]);
  });
  it('checks the length before the pattern, with one message', () => {
    expect(messagesAt(vehicleBodySchema, { ...valid, registrationNumber: 'A'.repeat(100_000) }, 'registrationNumber')).toEqual([MESSAGES.vehicles.registrationInvalid]);
    expect(messagesAt(vehicleBodySchema, { ...valid, drivingLicenseNumber: '9'.repeat(100_000) }, 'drivingLicenseNumber')).toEqual([MESSAGES.vehicles.licenceInvalid]);
  });
});

describe('verification bodies', () => {
  it('take the follow-up date only as an ISO date-time with its zone', () => {
    const body = { employeeIds: ['x'], followUpDate: FOLLOW_UP };
    expect(approveDriversBodySchema.safeParse(body).success).toBe(true);
    expect(approveDriversBodySchema.safeParse({ ...body, followUpDate: `${FOLLOW_UP_DAY}T09:30:00+01:00` }).success).toBe(true);
    for (const followUpDate of [FOLLOW_UP_DAY, `${FOLLOW_UP_DAY}T09:30`, '01-12-2026 09:30', 'tomorrow', `${FOLLOW_UP}${' '.repeat(50)}`, '2027-02-30T09:30:00Z', '2027-01-01T24:00:00Z']) {
      expect(messagesAt(approveDriversBodySchema, { ...body, followUpDate }, 'followUpDate'), followUpDate).toEqual([MESSAGES.drivers.verifyFollowUp]);
    }
    expect(messagesAt(approveVehiclesBodySchema, { ...body, notes: 'MOT seen', followUpDate: 'soon' }, 'followUpDate')).toEqual([MESSAGES.drivers.verifyVehicle]);
  });
  it('need at least one driver, at most the bulk limit the message states', () => {
    expect(messagesAt(approveDriversBodySchema, { employeeIds: [], followUpDate: FOLLOW_UP }, 'employeeIds')).toEqual([MESSAGES.drivers.noneSelected]);
    const many = Array.from({ length: DRIVER_RULES.bulkMax + 1 }, (_, i) => String(i));
    expect(messagesAt(approveDriversBodySchema, { employeeIds: many, followUpDate: FOLLOW_UP }, 'employeeIds')).toEqual([MESSAGES.drivers.tooMany]);
    expect(MESSAGES.drivers.tooMany).toContain(String(DRIVER_RULES.bulkMax));
  });
  it('reject needs notes after trimming', () => {
    expect(messagesAt(rejectDriverBodySchema, { employeeId: 'x', notes: '   ' }, 'notes')).toEqual([MESSAGES.drivers.rejectNotes]);
  });
});

describe('drivers endpoints', () => {
  it('keep the bare list as the spec answers it, and page through another id', () => {
    expect(ENDPOINTS.drivers.list.path).toBe('/api/drivers');
    expect(ENDPOINTS.drivers.list.response.safeParse([]).success).toBe(true);
    expect(ENDPOINTS.drivers.page.query.parse({})).toEqual({ pageNumber: 1, pageSize: 10 });
    expect(ENDPOINTS.drivers.page.query.safeParse({ status: 'rejected' }).success).toBe(false);
  });
  it('are for super admins; the vehicle calls for employees', () => {
    for (const e of Object.values(ENDPOINTS.drivers)) expect(e.access, e.id).toEqual(['SuperAdmin']);
    for (const e of Object.values(ENDPOINTS.vehicles)) expect(e.access, e.id).toEqual(['Employee']);
  });
});
