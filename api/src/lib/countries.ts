import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import type { Country } from '@portal/shared-contracts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The emoji flag of an alpha-2 code: two regional-indicator symbols. */
function flagOf(alpha2: string): string {
  return String.fromCodePoint(...[...alpha2].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** The spec's country object, from maintained data (libphonenumber metadata and ICU names). */
export function countryOf(alpha2: string): Country {
  const code = alpha2.toUpperCase();
  const callingCode = isSupportedCountry(code) ? getCountryCallingCode(code) : '';
  return { alpha2Code: code, name: regionNames.of(code) ?? code, callingCode, flag: flagOf(code) };
}
