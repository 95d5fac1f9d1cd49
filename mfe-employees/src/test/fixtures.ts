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
export const LEEDS_OFFICE = uuid();
export const YORK_OFFICE = uuid();
export function companyWithOffices() {
  return {
    success: true,
    message: 'ok',
    company: {
      id: COMPANY_ID,
      name: 'Acme Widgets Ltd',
      email: 'office@acme.example',
      phoneNumber: '07911 123456',
      countryCode: { alpha2Code: 'GB', name: 'United Kingdom', callingCode: '+44', flag: '' },
      isActive: true,
      signUpState: 3,
      locations: [
        { id: LEEDS_OFFICE, addressLine1: '1 Park Row', addressLine2: null, town: 'Leeds', postalCode: 'LS1 5HD' },
        { id: YORK_OFFICE, addressLine1: '2 Station Road', addressLine2: 'Floor 3', town: 'York', postalCode: 'YO1 6GA' },
      ],
      incentive: null,
      deactivationReason: null,
      createdAt: '2026-01-05T10:00:00.000Z',
    },
  };
}
