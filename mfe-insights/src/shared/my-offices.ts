import { MESSAGES } from '@portal/shared-contracts/messages';
import { OFFICE_NONE } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import { mayCall } from '@portal/shared-contracts/scheme';
import type { OfficeOption } from '@portal/shared-ui/data';

/** What an office select offers the signed-in user. */
export interface OfficeChoices {
  /** The offices they may choose: the company's, or an office admin's own. */
  offices: readonly OfficeOption[] | undefined;
  /** An admin limited to some offices (docs/decisions/0051-office-administrators.md). */
  limited: boolean;
  /** The label of no office chosen: all offices, or the sum of the admin's. */
  allLabel: string;
  /** Whether "No office" (employees without one) is offered: never to an office admin. */
  offersNone: boolean;
  /** Whether the select may hold this value once the offices are known. */
  knows: (id: string | undefined) => boolean;
}

/**
 * The company's offices as an office select offers them to the caller: an admin limited to some
 * offices sees only theirs, "All my offices" for none chosen, and no "No office" (the api refuses it).
 */
export function useOfficeChoices(companyOffices: readonly OfficeOption[] | undefined): OfficeChoices {
  const mine = usePlatform().session?.offices ?? null;
  const offices = companyOffices && mine ? companyOffices.filter((o) => mine.includes(o.id)) : companyOffices;
  const limited = mine !== null;
  return {
    offices,
    limited,
    allLabel: limited ? MESSAGES.insights.allMyOffices : MESSAGES.insights.allOffices,
    offersNone: !limited,
    knows: (id) => id === undefined || id === '' || (!limited && id === OFFICE_NONE) || offices === undefined || offices.some((o) => o.id === id),
  };
}

/** The select's options: none chosen, each office, then "No office" where offered. */
export function officeOptions(c: OfficeChoices, offices: readonly OfficeOption[] = c.offices ?? []) {
  return [
    { value: '', label: c.allLabel },
    ...offices.map((o) => ({ value: o.id, label: o.label })),
    ...(c.offersNone ? [{ value: OFFICE_NONE, label: MESSAGES.insights.noOffice }] : []),
  ];
}

/**
 * Whether the signed-in user may open a page needing these calls (endpoint ids): not an admin
 * limited to some offices while one is closed to them, so that a link to it is not offered.
 */
export function useMayOpen(calls: readonly string[]): boolean {
  return mayCall(usePlatform().session?.offices, calls);
}
