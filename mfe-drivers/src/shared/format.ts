import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Vehicle } from '@portal/shared-contracts';

/** A value, or "N/A" when the record has none. */
export function orNa(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? '' : String(v).trim();
  return s || MESSAGES.labels.notAvailable;
}

/** The spec's Vehicle column: make and model. */
export function vehicleName(v: Pick<Vehicle, 'make' | 'model'>): string {
  return `${v.make} ${v.model}`.trim();
}
