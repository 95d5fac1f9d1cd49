import type { Company, EmployerListItem, Location, Session } from '@portal/shared-contracts';
import { uuid } from '@portal/testing';

/** The user of this remote's setup pages: an employer whose company is not saved yet. */
export function aSession(overrides: Partial<Session> = {}): Session {
  return {
    userId: '00000000-0000-4000-8000-aaaaaaaaaaaa',
    role: 'Employer',
    name: 'Pat Employer',
    email: 'pat@acme.example',
    employerId: null,
    employerUserId: null,
    signUpState: 0,
    companyDetails: null,
    ...overrides,
  };
}

export const GB = { alpha2Code: 'GB', name: 'United Kingdom', callingCode: '+44', flag: '🇬🇧' };

export function aLocation(overrides: Partial<Location> = {}): Location {
  return { id: uuid(), addressLine1: '1 High Street', addressLine2: null, town: 'Leeds', postalCode: 'LS1 4AP', ...overrides };
}

export function aCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: uuid(),
    name: 'Acme Widgets Ltd',
    email: 'office@acme.example',
    phoneNumber: '07911 123456',
    countryCode: GB,
    isActive: true,
    signUpState: 0,
    locations: [],
    incentive: null,
    deactivationReason: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function anEmployerRow(overrides: Partial<EmployerListItem> = {}): EmployerListItem {
  return {
    id: uuid(),
    name: 'Acme Widgets Ltd',
    email: 'office@acme.example',
    phoneNumber: '7911123456',
    countryCode: GB,
    isActive: true,
    locations: [],
    signUpState: 3,
    employeeCount: 12,
    createdAt: '2026-01-05T10:00:00.000Z',
    subscription: { status: 'Active', trialState: null, until: '2026-12-01T00:00:00.000Z', cancelAtPeriodEnd: false },
    ...overrides,
  };
}

export function pageOf<T>(items: T[], { pageNumber = 1, pageSize = 10, totalCount = items.length } = {}) {
  const totalPages = Math.ceil(totalCount / pageSize);
  return { items, totalCount, pageNumber, pageSize, totalPages, hasPreviousPage: pageNumber > 1, hasNextPage: pageNumber < totalPages };
}
