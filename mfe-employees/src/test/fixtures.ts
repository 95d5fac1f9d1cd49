import type { Employee, UserListItem } from '@portal/shared-contracts';
// The vitest-free entry: the dev preview builds its data with these too.
import { sessionFixture, uuid } from '@portal/testing/harness';

// Builders of contract-shaped answers for tests and the dev preview.

/** The signed-in employer's company. */
export const COMPANY_ID = sessionFixture.employerId;

export function makeEmployee(over: Partial<Employee> = {}): Employee {
  const id = over.id ?? uuid();
  return {
    id,
    companyId: COMPANY_ID,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${id.slice(-4)}@example.com`,
    phoneNumber: null,
    employeeNumber: `E${id.slice(-4)}`,
    department: null,
    drivingLicense: null,
    drivingLicenseNumber: null,
    isActive: true,
    isApproved: true,
    isVerified: true,
    isDriverVerified: false,
    postalCode: null,
    vehicle: null,
    deactivationReason: null,
    deactivatedAt: null,
    deactivatedBy: null,
    isErased: false,
    createdAt: '2026-01-01T09:00:00.000Z',
    ...over,
  };
}

export function makeUser(over: Partial<UserListItem> = {}): UserListItem {
  const id = over.id ?? uuid();
  return {
    id,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `grace.${id.slice(-4)}@example.com`,
    phoneNumber: null,
    role: 'Employee',
    companyId: COMPANY_ID,
    companyName: 'Acme Ltd',
    companyCountry: 'GB',
    ...over,
  };
}

/** Two offices of the signed-in employer's company, as `employers.get` answers them. */
export { companyWithOffices, LEEDS_OFFICE, YORK_OFFICE } from '@portal/testing/harness';
