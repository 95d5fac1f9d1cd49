import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { searchFold } from '@portal/shared-contracts/forms';
import type { Employee } from '@portal/shared-contracts';

export const NOT_AVAILABLE = MESSAGES.labels.notAvailable;

export function initials(p: { firstName: string; lastName: string }): string {
  return `${p.firstName.trim().charAt(0)}${p.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** A value, or "N/A" when the record has none. */
export function orNa(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return NOT_AVAILABLE;
  const s = String(v).trim();
  return s ? s : NOT_AVAILABLE;
}

/** Driver when the employee has a vehicle, Passenger otherwise (document 2, All Users modal). */
export function accountKind(e: Pick<Employee, 'vehicle'>): 'Driver' | 'Passenger' {
  return e.vehicle ? 'Driver' : 'Passenger';
}

/** The licence number under either of the names the two documents use. */
export function licenceNumber(e: Pick<Employee, 'drivingLicenseNumber' | 'drivingLicense'>): string | null {
  return e.drivingLicenseNumber ?? e.drivingLicense ?? null;
}

/**
 * A local search on name, email and employee number, compared as the api's searches compare: in
 * NFC and lower case on both sides, so "Zoë" is found however either was typed; nothing visible is
 * no search.
 */
export function matchesSearch(e: Pick<Employee, 'firstName' | 'lastName' | 'email' | 'employeeNumber'>, search: string): boolean {
  const q = searchFold(search);
  if (!q) return true;
  return [e.firstName, e.lastName, fullName(e), e.email, e.employeeNumber].some((s) => searchFold(s).includes(q));
}
