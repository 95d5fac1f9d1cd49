/**
 * How the portal writes a phone number, on every screen that shows one: the number of a company or
 * of one of its people, in the national format of that company's country when it is a number of
 * that country ("0113 496 0123", "07700 742636"), in the international format otherwise
 * ("+353 1 234 5678"), never with the trunk 0 after a country code. libphonenumber's `/min` metadata
 * holds every country's formats.
 *
 * A separate entry point (`@portal/shared-contracts/phone`), never re-exported from the index: its
 * metadata is tens of kilobytes that only the pages showing phone numbers fetch (shared-ui's
 * `PhoneNumber` loads it on first use).
 */
import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { LIMITS } from '@portal/shared-contracts/constants';

/** The number as the portal shows it, or the text as it was typed when it is no number libphonenumber knows. */
export function formatPhoneNumber(phone: string | null | undefined, companyCountry: string | null | undefined): string {
  const text = (phone ?? '').trim();
  if (!text || text.length > LIMITS.company.phoneMax * 2) return text;
  const code = (companyCountry ?? '').trim().toUpperCase();
  const country = isSupportedCountry(code) ? (code as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(text, country);
  if (!parsed || !parsed.isValid()) return text;
  // Numbers of territories that share the company's calling code (GB and JE, say) are dialled as national ones.
  const home = country !== undefined && parsed.countryCallingCode === getCountryCallingCode(country);
  return home ? parsed.formatNational() : parsed.formatInternational();
}
