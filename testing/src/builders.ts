import type { Page } from '@portal/shared-contracts';
import { sessionFixture } from './session';

let seq = 0;

/** A UUID-shaped id (the contracts validate ids as UUIDs): `n`'s own, or the next of a running sequence. */
export function uuid(n?: number): string {
  const v = n ?? ++seq;
  return `00000000-0000-4000-8000-${String(v).padStart(12, '0')}`;
}

/** A server page of `all`, 1-based. */
export function pageOf<T>(all: readonly T[], pageNumber = 1, pageSize = 10): Page<T> {
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

/** The two offices of `companyWithOffices`, named by the office select as "1 Park Row, Leeds" and "2 Station Road, York". */
export const LEEDS_OFFICE = uuid(900_101);
export const YORK_OFFICE = uuid(900_102);

/**
 * `employers.get`'s answer for a company with the two offices above: what an office select or an
 * office name reads. A handler as it is (`{ 'employers.get': companyWithOffices }`): the company is
 * the one asked for, or the signed-in employer's.
 */
export function companyWithOffices(input?: { params?: unknown }) {
  const asked = (input?.params as { id?: unknown } | undefined)?.id;
  const id = typeof asked === 'string' ? asked : sessionFixture.employerId;
  return {
    success: true,
    message: 'ok',
    company: {
      id,
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

/**
 * A text matcher for an email address as shared-ui's EmailAddress shows it: its pieces are elements of
 * their own (so that it wraps only before the @ and the domain's dots), which a plain text matcher
 * does not see as one text.
 */
export function emailShown(address: string) {
  return (_content: string, element: Element | null) => element?.getAttribute('translate') === 'no' && element.textContent === address;
}
