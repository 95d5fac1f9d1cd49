import { describe, expect, it, vi } from 'vitest';
import type * as phoneParser from 'libphonenumber-js/min';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import {
  COUNTRIES,
  companyFormSchema,
  companyUpdateFormSchema,
  countryByCode,
  flagEmoji,
  isPlausiblePostalCode,
  isValidPhoneForCountry,
  locationFormSchemaFor,
} from './company-rules';
import { DEFAULT_COUNTRY } from './constants';

// The phone parser, watched: the length check must come before it (a long input would cost it time).
vi.mock('libphonenumber-js/min', async (importOriginal) => {
  const actual = await importOriginal<typeof phoneParser>();
  return { ...actual, parsePhoneNumberFromString: vi.fn(actual.parsePhoneNumberFromString) };
});
import { COMPANY_FORM_MESSAGES } from './forms';

describe('countries', () => {
  it('lists every country once with calling code and flag', () => {
    expect(COUNTRIES.length).toBeGreaterThan(200);
    expect(new Set(COUNTRIES.map((c) => c.alpha2Code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.alpha2Code).toMatch(/^[A-Z]{2}$/);
      expect(c.callingCode).toMatch(/^\+\d{1,4}$/);
      expect(c.name.length).toBeGreaterThan(1);
    }
  });
  it('defaults to the United Kingdom', () => {
    expect(countryByCode(DEFAULT_COUNTRY)).toEqual({ alpha2Code: 'GB', name: 'United Kingdom', callingCode: '+44', flag: '🇬🇧' });
  });
  it('finds a country by code in any case, and nothing for an unknown code', () => {
    expect(countryByCode('us')).toMatchObject({ name: 'United States', callingCode: '+1', flag: '🇺🇸' });
    expect(countryByCode('ie')?.callingCode).toBe('+353');
    expect(countryByCode('ZZ')).toBeUndefined();
    expect(countryByCode('')).toBeUndefined();
  });
  it('builds flags from regional indicators', () => {
    expect(flagEmoji('fr')).toBe('🇫🇷');
  });
});

describe('phone numbers', () => {
  it('accepts UK numbers in national and international form', () => {
    expect(isValidPhoneForCountry('020 7946 0958', 'GB')).toBe(true);
    expect(isValidPhoneForCountry('+44 20 7946 0958', 'GB')).toBe(true);
    expect(isValidPhoneForCountry('07400 123456', 'GB')).toBe(true);
  });
  it('rejects numbers too short, not digits or of another country', () => {
    expect(isValidPhoneForCountry('12345', 'GB')).toBe(false);
    expect(isValidPhoneForCountry('hello', 'GB')).toBe(false);
    expect(isValidPhoneForCountry('', 'GB')).toBe(false);
    expect(isValidPhoneForCountry('+1 212 555 0123', 'GB')).toBe(false);
    expect(isValidPhoneForCountry('020 7946 0958', 'ZZ')).toBe(false);
  });
  it('accepts a US number', () => {
    expect(isValidPhoneForCountry('(212) 555-0123', 'US')).toBe(true);
  });
});

describe('postal codes', () => {
  it('accepts UK postcodes of every shape', () => {
    for (const code of ['SW1A 1AA', 'sw1a1aa', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA']) {
      expect(isPlausiblePostalCode(code, 'GB'), code).toBe(true);
    }
  });
  it('rejects what is not a UK postcode', () => {
    for (const code of ['12345', 'SW1A', 'Q1 1AA', 'SW1A 1AAA', 'AA1 1CI', '', '   ']) {
      expect(isPlausiblePostalCode(code, 'GB'), code).toBe(false);
    }
  });
  it('checks other countries by their format', () => {
    expect(isPlausiblePostalCode('90210', 'US')).toBe(true);
    expect(isPlausiblePostalCode('90210-1234', 'US')).toBe(true);
    expect(isPlausiblePostalCode('9021', 'US')).toBe(false);
    expect(isPlausiblePostalCode('D02 X285', 'IE')).toBe(true);
    expect(isPlausiblePostalCode('K1A 0B1', 'CA')).toBe(true);
    expect(isPlausiblePostalCode('10115', 'DE')).toBe(true);
    expect(isPlausiblePostalCode('1011', 'DE')).toBe(false);
    expect(isPlausiblePostalCode('1012 AB', 'NL')).toBe(true);
    expect(isPlausiblePostalCode('00-950', 'PL')).toBe(true);
    expect(isPlausiblePostalCode('113 51', 'SE')).toBe(true);
  });
  it('is permissive for countries without a listed format', () => {
    expect(isPlausiblePostalCode('AB-123', 'KE')).toBe(true);
    expect(isPlausiblePostalCode('#1', 'KE')).toBe(false);
  });
});

describe('company and location forms', () => {
  const company = { name: 'Acme Ltd', email: 'hello@acme.co.uk', phoneNumber: '020 7946 0958' };
  const errorAt = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) =>
    r.error?.issues.find((i) => i.path.join('.') === path)?.message;

  it('defaults the country to GB and accepts a UK number', () => {
    const r = companyFormSchema.safeParse(company);
    expect(r.success).toBe(true);
    expect(r.data?.countryCode).toBe('GB');
  });
  it('rejects a number invalid for the chosen country', () => {
    expect(errorAt(companyFormSchema.safeParse({ ...company, phoneNumber: '12345' }), 'phoneNumber')).toBe(
      COMPANY_FORM_MESSAGES.phoneInvalid,
    );
    expect(errorAt(companyFormSchema.safeParse({ ...company, countryCode: 'us' }), 'phoneNumber')).toBe(
      COMPANY_FORM_MESSAGES.phoneInvalid,
    );
    expect(companyFormSchema.safeParse({ ...company, countryCode: 'us', phoneNumber: '212-555-0123' }).success).toBe(true);
  });
  it('rejects an unknown country code', () => {
    expect(errorAt(companyFormSchema.safeParse({ ...company, countryCode: 'ZZ' }), 'countryCode')).toBe(
      COMPANY_FORM_MESSAGES.countryInvalid,
    );
    expect(errorAt(companyFormSchema.safeParse({ ...company, countryCode: 'GBR' }), 'countryCode')).toBe(
      COMPANY_FORM_MESSAGES.countryInvalid,
    );
  });
  it('keeps the base rules', () => {
    expect(errorAt(companyFormSchema.safeParse({ ...company, name: '' }), 'name')).toBe(COMPANY_FORM_MESSAGES.nameRequired);
    expect(errorAt(companyUpdateFormSchema.safeParse({ ...company, id: 'nope' }), 'id')).toBeDefined();
  });
  it('checks the postal code against the company country (GB by default)', () => {
    const location = { addressLine1: '1 High Street', town: 'London', postalCode: 'SW1A 1AA' };
    expect(locationFormSchemaFor().safeParse(location).success).toBe(true);
    expect(errorAt(locationFormSchemaFor().safeParse({ ...location, postalCode: '90210' }), 'postalCode')).toBe(
      COMPANY_FORM_MESSAGES.postalCodeInvalid,
    );
    expect(locationFormSchemaFor('US').safeParse({ ...location, postalCode: '90210' }).success).toBe(true);
    expect(errorAt(locationFormSchemaFor('GB').safeParse({ ...location, postalCode: '' }), 'postalCode')).toBe(
      COMPANY_FORM_MESSAGES.postalCodeRequired,
    );
  });
});

describe('over-long input', () => {
  const company = { name: 'Acme Ltd', email: 'hello@acme.co.uk', phoneNumber: '020 7946 0958' };
  const location = { addressLine1: '1 High Street', town: 'London', postalCode: 'SW1A 1AA' };
  const messagesAt = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, path: string) =>
    r.error?.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
  const huge = (s: string) => s.repeat(Math.ceil((1024 * 1024) / s.length));

  it('stops at the length: one message, and neither the phone parser nor a postal pattern sees the input', () => {
    vi.mocked(parsePhoneNumberFromString).mockClear();
    const patternTest = vi.spyOn(RegExp.prototype, 'test');
    const patternExec = vi.spyOn(RegExp.prototype, 'exec');
    expect(messagesAt(companyFormSchema.safeParse({ ...company, phoneNumber: huge('0') }), 'phoneNumber')).toEqual([COMPANY_FORM_MESSAGES.phoneInvalid]);
    expect(messagesAt(companyFormSchema.safeParse({ ...company, countryCode: huge('G') }), 'countryCode')).toEqual([COMPANY_FORM_MESSAGES.countryInvalid]);
    expect(messagesAt(locationFormSchemaFor('GB').safeParse({ ...location, postalCode: huge('A1 ') }), 'postalCode')).toEqual([
      COMPANY_FORM_MESSAGES.postalCodeInvalid,
    ]);
    // Patterns that read the long input: only a one-character class may (zod's length counts
    // surrogates with one, in linear time); a postal pattern or any other would mean the length
    // check came too late.
    const readLong = (spy: { mock: { calls: unknown[][]; contexts: unknown[] } }) =>
      spy.mock.calls.flatMap(([input], i) => (typeof input === 'string' && input.length > 1000 ? [String(spy.mock.contexts[i])] : []));
    const oneCharacterClass = /^\/\[[^\]]*\]\/[a-z]*$/;
    try {
      expect(vi.mocked(parsePhoneNumberFromString).mock.calls.filter(([input]) => input.length > 1000)).toEqual([]);
      expect([...new Set([...readLong(patternTest), ...readLong(patternExec)])].filter((source) => !oneCharacterClass.test(source))).toEqual([]);
    } finally {
      patternTest.mockRestore();
      patternExec.mockRestore();
    }
  });
  it('answers false for a number or code longer than the forms allow', () => {
    expect(isValidPhoneForCountry(huge('0'), 'GB')).toBe(false);
    expect(isValidPhoneForCountry(`  020 7946 0958  `, 'GB')).toBe(true);
    expect(isPlausiblePostalCode(huge('9'), 'US')).toBe(false);
  });
});
