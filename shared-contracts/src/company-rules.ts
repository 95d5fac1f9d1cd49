/**
 * Country-aware rules for the company forms: countries with calling codes and flags, phone numbers
 * checked for the chosen country, postal codes checked against the country's format.
 *
 * A separate entry point (`@portal/shared-contracts/company-rules`), never re-exported from the
 * index: the phone metadata is tens of kilobytes that pages such as login must not pay for.
 * The `/min` metadata validates a number's length and leading digits, which is what a form needs.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod/mini';
import { DEFAULT_COUNTRY, LIMITS } from '@portal/shared-contracts/constants';
import type { Country } from './entities';
import {
  COMPANY_FORM_MESSAGES,
  companyFieldsSchema,
  locationFieldsSchema,
  updateCompanyBodySchema,
  updateLocationBodySchema,
} from '@portal/shared-contracts/forms';

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** The flag emoji of an ISO alpha-2 code: each letter as its regional-indicator symbol. */
export function flagEmoji(alpha2: string): string {
  return String.fromCodePoint(...[...alpha2.toUpperCase()].map((c) => REGIONAL_INDICATOR_A + c.charCodeAt(0) - 65));
}

function regionName(names: Intl.DisplayNames | null, alpha2: string): string {
  try {
    return names?.of(alpha2) ?? alpha2;
  } catch {
    return alpha2;
  }
}

function buildCountries(): Country[] {
  // A runtime without region data still gets a usable list, named by code.
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((alpha2) => ({
      alpha2Code: alpha2,
      name: regionName(names, alpha2),
      callingCode: `+${getCountryCallingCode(alpha2)}`,
      flag: flagEmoji(alpha2),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Every country the phone metadata knows, sorted by English name. */
export const COUNTRIES: readonly Country[] = Object.freeze(buildCountries());

const BY_CODE = new Map(COUNTRIES.map((c) => [c.alpha2Code, c]));

/** The country of an alpha-2 code (any case), or undefined when unknown. */
export function countryByCode(alpha2: string | null | undefined): Country | undefined {
  if (!alpha2) return undefined;
  return BY_CODE.get(alpha2.trim().toUpperCase());
}

function parseFor(phone: string, alpha2: string) {
  const country = countryByCode(alpha2);
  const text = phone?.trim();
  // Longer than the form allows is no number of ours: not parsed at all.
  if (!country || !text || text.length > LIMITS.company.phoneMax) return undefined;
  const code = country.alpha2Code as CountryCode;
  const parsed = parsePhoneNumberFromString(text, code);
  // A number keyed in with another country's +prefix does not belong to this one; numbers of
  // territories that share the calling code (GB, GG, JE, IM) do.
  if (!parsed || parsed.countryCallingCode !== getCountryCallingCode(code)) return undefined;
  return parsed.isValid() ? parsed : undefined;
}

/** True when the number (national or international form) is a valid number of that country. */
export function isValidPhoneForCountry(phone: string, alpha2: string): boolean {
  return parseFor(phone, alpha2) !== undefined;
}

// ---------------------------------------------------------------- postal codes
const FIVE_DIGITS = /^\d{5}$/;
const FOUR_DIGITS = /^\d{4}$/;
const THREE_PLUS_TWO = /^\d{3} ?\d{2}$/;

/**
 * Postal code formats (Universal Postal Union addressing data and national postal operators).
 * Codes are compared trimmed, upper-cased, with runs of spaces collapsed.
 */
const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  // Royal Mail: outward code (area, district, optional sub-district) + inward code; GIR 0AA is Girobank.
  GB: /^(?:GIR ?0AA|(?:[A-PR-UWYZ](?:\d[A-HJKPSTUW]|\d{1,2}|[A-HK-Y]\d{1,2}|[A-HK-Y]\d[ABEHMNPRV-Y])) ?\d[ABD-HJLNP-UW-Z]{2})$/,
  GG: /^GY\d{1,2} ?\d[ABD-HJLNP-UW-Z]{2}$/,
  JE: /^JE\d ?\d[ABD-HJLNP-UW-Z]{2}$/,
  IM: /^IM\d{1,2} ?\d[ABD-HJLNP-UW-Z]{2}$/,
  US: /^\d{5}(?:-\d{4})?$/,
  // Eircode: routing key (letter + 2 digits, or D6W) + 4-character unique identifier.
  IE: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  DE: FIVE_DIGITS,
  FR: /^(?:[0-8]\d|9[0-8])\d{3}$/,
  ES: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  IT: FIVE_DIGITS,
  FI: FIVE_DIGITS,
  EE: FIVE_DIGITS,
  HR: FIVE_DIGITS,
  MX: FIVE_DIGITS,
  TR: FIVE_DIGITS,
  NL: /^[1-9]\d{3} ?[A-Z]{2}$/,
  BE: /^[1-9]\d{3}$/,
  AT: /^[1-9]\d{3}$/,
  CH: /^[1-9]\d{3}$/,
  DK: FOUR_DIGITS,
  NO: FOUR_DIGITS,
  HU: /^[1-9]\d{3}$/,
  BG: FOUR_DIGITS,
  SI: FOUR_DIGITS,
  CY: FOUR_DIGITS,
  AU: FOUR_DIGITS,
  NZ: FOUR_DIGITS,
  ZA: FOUR_DIGITS,
  LU: /^(?:L-)?\d{4}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  SE: THREE_PLUS_TWO,
  CZ: THREE_PLUS_TWO,
  SK: THREE_PLUS_TWO,
  GR: THREE_PLUS_TWO,
  LT: /^(?:LT-)?\d{5}$/,
  LV: /^(?:LV-)?\d{4}$/,
  RO: /^\d{6}$/,
  IS: /^\d{3}$/,
  MT: /^[A-Z]{3} ?\d{4}$/,
  IN: /^[1-9]\d{5}$/,
  JP: /^\d{3}-?\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  SG: /^\d{6}$/,
};

/** Any other country: letters, digits, spaces and hyphens, 2 to 11 characters. */
const FALLBACK_POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;

/** True when the code has the format of the country's postal codes (a loose check for others). */
export function isPlausiblePostalCode(code: string, alpha2: string): boolean {
  const trimmed = (code ?? '').trim();
  if (!trimmed || trimmed.length > LIMITS.location.postalCodeMax) return false;
  const value = trimmed.replace(/\s+/g, ' ').toUpperCase();
  const pattern = POSTAL_CODE_PATTERNS[(alpha2 ?? '').trim().toUpperCase()] ?? FALLBACK_POSTAL_CODE_PATTERN;
  return pattern.test(value);
}

// ---------------------------------------------------------------- form schemas
type CompanyLike = { phoneNumber: string; countryCode: string };

function checkCompany(v: CompanyLike, ctx: z.core.$RefinementCtx<CompanyLike>) {
  if (!countryByCode(v.countryCode)) {
    ctx.addIssue({ code: 'custom', path: ['countryCode'], message: COMPANY_FORM_MESSAGES.countryInvalid });
    return;
  }
  if (v.phoneNumber && !isValidPhoneForCountry(v.phoneNumber, v.countryCode)) {
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: COMPANY_FORM_MESSAGES.phoneInvalid });
  }
}

/** The company details form: the fields of `companyFieldsSchema`, a known country and a phone number valid for it. */
export const companyFormSchema = companyFieldsSchema.check(z.superRefine(checkCompany));
export type CompanyForm = z.infer<typeof companyFormSchema>;
/** The same checks for `PUT employers` (id in the body). */
export const companyUpdateFormSchema = updateCompanyBodySchema.check(z.superRefine(checkCompany));

function postalCheck(alpha2: string) {
  return (v: { postalCode: string }, ctx: z.core.$RefinementCtx<{ postalCode: string }>) => {
    if (v.postalCode && !isPlausiblePostalCode(v.postalCode, alpha2)) {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: COMPANY_FORM_MESSAGES.postalCodeInvalid });
    }
  };
}

/** A location form whose postal code must look like one of the company's country (default GB). */
export function locationFormSchemaFor(alpha2: string = DEFAULT_COUNTRY) {
  return locationFieldsSchema.check(z.superRefine(postalCheck(alpha2)));
}
export type LocationForm = z.infer<ReturnType<typeof locationFormSchemaFor>>;
/** The same checks for `PUT employers/location` (id in the body). */
export function locationUpdateFormSchemaFor(alpha2: string = DEFAULT_COUNTRY) {
  return updateLocationBodySchema.check(z.superRefine(postalCheck(alpha2)));
}
