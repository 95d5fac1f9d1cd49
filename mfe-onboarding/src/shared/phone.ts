import type { Country } from '@portal/shared-contracts';

/** "44" or "+44" -> "+44". */
export function callingCodeLabel(callingCode: string): string {
  const code = callingCode.trim();
  return code.startsWith('+') ? code : `+${code}`;
}

/** The contact shown for a company: its calling code then the number, e.g. "+44 7700 900123". */
export function formatContact(country: Pick<Country, 'callingCode'> | null | undefined, phoneNumber: string): string {
  if (!phoneNumber) return '';
  return country?.callingCode ? `${callingCodeLabel(country.callingCode)} ${phoneNumber}` : phoneNumber;
}
