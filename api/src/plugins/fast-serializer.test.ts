import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, type Employee } from '@portal/shared-contracts';
import { FAST_SERIALIZED, fastSerializer } from './fast-serializer';

const employee = (over: Partial<Employee> = {}): Employee => ({
  id: '3286fea8-cdd1-46df-b046-99c659480127',
  companyId: '5a1c0d6e-2b7f-4c1e-9a43-0f6a2d9e8b11',
  firstName: 'Ann "Nan"',
  lastName: 'Smith\u00e9 \u{1F697}',
  email: 'ann.smith@example.com',
  phoneNumber: null,
  employeeNumber: 'E1',
  department: 'Ops\nNorth',
  drivingLicense: null,
  drivingLicenseNumber: null,
  isActive: true,
  isApproved: true,
  isVerified: true,
  isDriverVerified: false,
  postalCode: { value: 'LS1 1AA' },
  vehicle: null,
  deactivationReason: null,
  deactivatedAt: null,
  deactivatedBy: null,
  isErased: false,
  journeyGroupName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const page = {
  items: [
    employee(),
    employee({
      phoneNumber: '07700 900123',
      postalCode: null,
      isActive: false,
      vehicle: { make: 'Skoda', model: 'Octavia', yearManufactured: 2019, color: null, registrationNumber: 'AB19 CDE', isVerified: true },
      deactivationReason: 'Left the company',
      deactivatedAt: '2026-02-03T04:05:06.000Z',
      deactivatedBy: 'Bench Employer',
    }),
  ],
  totalCount: 95_000,
  pageNumber: 1,
  pageSize: 10,
  totalPages: 9_500,
  hasPreviousPage: false,
  hasNextPage: true,
};

const me = {
  success: true,
  message: 'OK',
  user: { id: '3286fea8-cdd1-46df-b046-99c659480127', role: 'Employer', email: 'e@x.example', name: 'E', employerId: null, employerUserId: null, signUpState: 3, offices: null },
};

const recorded = {
  success: true,
  message: 'Trip recorded',
  created: true,
  trip: {
    id: '3286fea8-cdd1-46df-b046-99c659480127',
    clientTripId: 'phone "7" \u{1F697}',
    driverId: '5a1c0d6e-2b7f-4c1e-9a43-0f6a2d9e8b11',
    startedAt: '2026-11-29T00:00:00.000Z',
    distanceMiles: 12.34,
    passengerIds: ['3286fea8-cdd1-46df-b046-99c659480128', '3286fea8-cdd1-46df-b046-99c659480129'],
    journeyGroupId: null,
    createdAt: '2026-11-30T15:00:00.123Z',
    review: 'counted',
    flagReasons: [],
  },
};

describe('the fast serializer of the most requested answers', () => {
  it.each([
    ['employees.list', ENDPOINTS.employees.list.response, page],
    ['employees.pending', ENDPOINTS.employees.pending.response, { ...page, items: [employee({ isActive: false, isApproved: false, isVerified: false })] }],
    ['accounts.me', ENDPOINTS.accounts.me.response, me],
    ['mobile.recordTrip', ENDPOINTS.mobile.recordTrip.response, recorded],
    ['mobile.recordTrip', ENDPOINTS.mobile.recordTrip.response, { ...recorded, created: false, trip: { ...recorded.trip, passengerIds: [], journeyGroupId: recorded.trip.driverId, review: 'flagged', flagReasons: ['dayDistance', 'personOverlap'] } }],
  ])('writes what the zod serializer writes for %s', (id, schema, value) => {
    expect(FAST_SERIALIZED.has(id)).toBe(true);
    const text = fastSerializer(schema as z.core.$ZodType)(value);
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(z.encode(schema as z.core.$ZodType, value))));
  });

  it('writes only the contract\'s properties and refuses an answer without a required one', () => {
    const write = fastSerializer(ENDPOINTS.accounts.me.response as z.core.$ZodType);
    const text = write({ ...me, user: { ...me.user, passwordHash: 'secret' }, extra: 1 });
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual(me);
    const { email: _email, ...user } = me.user;
    expect(() => write({ ...me, user })).toThrow(/email/);
  });
});
