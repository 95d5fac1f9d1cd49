import type { Employee, Page, UserListItem } from '@portal/shared-contracts';
// The vitest-free entry: the dev preview builds its data with these too.
import { sessionFixture } from '@portal/testing/harness';

/** Builders of contract-shaped answers for tests and the dev preview. */
let seq = 0;
export function uuid(n?: number): string {
  const v = n ?? ++seq;
  return `00000000-0000-4000-8000-${String(v).padStart(12, '0')}`;
}

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
    ...over,
  };
}

/** A server page of `all`, 1-based. */
export function pageOf<T>(all: readonly T[], pageNumber: number, pageSize: number): Page<T> {
  const totalPages = Math.ceil(all.length / pageSize);
  return {
    items: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    totalCount: all.length,
    pageNumber,
    pageSize,
    totalPages,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}
