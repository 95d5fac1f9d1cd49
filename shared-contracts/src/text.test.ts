import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { ENDPOINTS } from './endpoints';
import {
  addUserBodySchema,
  companyFieldsSchema,
  employeeSignupBodySchema,
  feedbackBodySchema,
  hasDirectionControl,
  hasVisibleText,
  nameKey,
  journeyGroupBodySchema,
  locationFieldsSchema,
  manualEmployeeRowSchema,
  registerBodySchema,
  signupFormSchema,
  vehicleBodySchema,
} from './forms';
import { MESSAGES } from './messages';

function messagesAt(schema: z.ZodMiniType, value: unknown, path: string): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}
const parsed = <T>(schema: z.ZodMiniType<T>, value: unknown): T => {
  const r = schema.safeParse(value);
  if (!r.success) throw new Error(JSON.stringify(r.error.issues));
  return r.data;
};

/** "Café" with a precomposed é, and with e and a combining acute accent. */
const COMPOSED = 'Caf\u00e9 Riders';
const DECOMPOSED = 'Cafe\u0301 Riders';
/** Only characters that show nothing, with and without white space. */
const INVISIBLE = ['\u200B', '\u200B\u200C\u200D\uFEFF', ' \u200B \u00A0\u2060 ', '\u3164', '\u00AD', '\u2800', '\uFE0F', '\u180E', '\u200E\u200F'];
/** Each direction control, in a name that would read otherwise. */
const DIRECTION = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'].map((c) => `Ann${c}Lee`);

const signup = { email: 'ann@example.com', password: 'Passw0rd!', confirmPassword: 'Passw0rd!', agreeTerms: true, agreePrivacy: true, agreeSafety: true };
const employee = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E-1', password: 'Passw0rd!', confirmPassword: 'Passw0rd!' };
const row = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E-1' };
const company = { email: 'hello@acme.test', phoneNumber: '07700 900123', countryCode: 'GB' };
const office = { addressLine1: '1 Park Row', town: 'Leeds', postalCode: 'LS1 5AB' };

/** Every name field the forms and the api take: its schema, a valid value around it, and its "required" message. */
const NAMES: [string, z.ZodMiniType, Record<string, unknown>, string, string][] = [
  ['sign-up name', signupFormSchema, signup, 'name', MESSAGES.signup.nameRequired],
  ['registration userName', registerBodySchema, { email: 'ann@example.com', password: 'Passw0rd!' }, 'userName', MESSAGES.signup.nameRequired],
  ['self-registration first name', employeeSignupBodySchema, employee, 'firstName', MESSAGES.employeeSignup.firstNameRequired],
  ['self-registration last name', employeeSignupBodySchema, employee, 'lastName', MESSAGES.employeeSignup.lastNameRequired],
  ['manual row first name', manualEmployeeRowSchema, row, 'firstName', MESSAGES.manualRow.firstNameRequired],
  ['manual row last name', manualEmployeeRowSchema, row, 'lastName', MESSAGES.manualRow.lastNameRequired],
  ['company name', companyFieldsSchema, company, 'name', 'Company name is required.'],
  ['office address line 1', locationFieldsSchema, office, 'addressLine1', 'Address line 1 is required.'],
  ['office town', locationFieldsSchema, office, 'town', 'Town is required.'],
  ['journey group name', journeyGroupBodySchema, {}, 'name', MESSAGES.journeyGroups.nameRequired],
];

describe('names as people type them', () => {
  it.each(NAMES)('%s: stored in NFC, so a decomposed é is the precomposed one', (_what, schema, base, field) => {
    const value = field === 'firstName' || field === 'lastName' || field === 'name' || field === 'userName' ? DECOMPOSED.slice(0, 12) : DECOMPOSED;
    const out = parsed(schema, { ...base, [field]: ` ${value} ` }) as Record<string, string>;
    expect(out[field]).toBe(value.normalize('NFC'));
    expect(out[field]).not.toBe(value);
  });

  it.each(NAMES)('%s: nothing but invisible characters is refused as an empty field is', (_what, schema, base, field, required) => {
    expect(messagesAt(schema, { ...base, [field]: '' }, field)).toEqual([required]);
    for (const text of INVISIBLE) expect(messagesAt(schema, { ...base, [field]: text }, field), JSON.stringify(text)).toEqual([required]);
  });

  it.each(NAMES)('%s: a direction control is refused with its own message', (_what, schema, base, field) => {
    for (const text of DIRECTION) expect(messagesAt(schema, { ...base, [field]: text }, field), JSON.stringify(text)).toEqual([MESSAGES.input.bidiControl]);
  });

  it("leaves a whole form's own checks running beside a refused name: an empty or invisible name and passwords that differ are both said", () => {
    for (const name of ['', '\u200B']) {
      const r = signupFormSchema.safeParse({ ...signup, name, confirmPassword: 'Other-pass1' });
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual([MESSAGES.signup.nameRequired, MESSAGES.signup.mismatch]);
    }
  });

  it('counts the length of the NFC text: 30 letters typed decomposed (60 code units) fit a 30-character name', () => {
    const thirty = 'e\u0301'.repeat(30);
    expect(parsed(employeeSignupBodySchema, { ...employee, firstName: thirty }).firstName).toBe('\u00e9'.repeat(30));
    expect(messagesAt(employeeSignupBodySchema, { ...employee, firstName: `${thirty}e` }, 'firstName')).toEqual([MESSAGES.employeeSignup.firstNameMax]);
  });

  it('keeps what shows: letters of any script, an emoji made with joiners, a name with an accent', () => {
    for (const name of ['Zoë', 'Ødegaard', '李小龍', 'محمد', '👩\u200D💻 Dev', 'Ann-Marie', "O'Brien"]) {
      expect(parsed(journeyGroupBodySchema, { name }).name, name).toBe(name.normalize('NFC'));
    }
  });

  it('optional names (a department, an address line 2): nothing visible is none, a direction control is refused', () => {
    expect(parsed(manualEmployeeRowSchema, { ...row, department: '\u200B\u00A0' }).department).toBeUndefined();
    expect(parsed(locationFieldsSchema, { ...office, addressLine2: '\uFEFF' }).addressLine2).toBeNull();
    expect(parsed(manualEmployeeRowSchema, { ...row, department: DECOMPOSED }).department).toBe(COMPOSED);
    expect(messagesAt(manualEmployeeRowSchema, { ...row, department: DIRECTION[4] }, 'department')).toEqual([MESSAGES.input.bidiControl]);
  });

  it("an admin's user name: invisible-only is a missing field, an invisible character counts as a space, a direction control is refused", () => {
    const admin = { email: 'jane@example.com', password: 'Passw0rd!', role: 'Admin' };
    expect(messagesAt(addUserBodySchema, { ...admin, userName: '\u200B\u200B' }, 'form')).toEqual([MESSAGES.admins.allRequired]);
    expect(messagesAt(addUserBodySchema, { ...admin, userName: 'jane\u200Bdoe' }, 'userName')).toEqual([MESSAGES.admins.usernameSpaces]);
    expect(messagesAt(addUserBodySchema, { ...admin, userName: 'jane\u202Eeod' }, 'userName')).toContain(MESSAGES.input.bidiControl);
    expect(parsed(addUserBodySchema, { ...admin, userName: 'zoe\u0308' }).userName).toBe('zoë');
  });
});

describe('other text people type', () => {
  it('feedback: NFC, and invisible-only refused as empty; a direction mark is free text there', () => {
    expect(parsed(feedbackBodySchema, { feedbackText: DECOMPOSED }).feedbackText).toBe(COMPOSED);
    for (const text of INVISIBLE) expect(messagesAt(feedbackBodySchema, { feedbackText: text }, 'feedbackText')).toEqual([MESSAGES.feedback.required]);
    expect(parsed(feedbackBodySchema, { feedbackText: 'مرحبا \u200F!' }).feedbackText).toBe('مرحبا \u200F!');
  });

  it('required texts of the back office and the app refuse invisible-only too', () => {
    const vehicle = { make: 'Ford', model: 'Focus', yearManufactured: 2020, color: 'Blue', registrationNumber: 'AB12CDE', drivingLicenseNumber: 'MORGA753116SM9IJ' };
    expect(messagesAt(vehicleBodySchema, { ...vehicle, make: '\u200B' }, 'make')).toEqual([MESSAGES.vehicles.makeRequired]);
    expect(messagesAt(ENDPOINTS.employees.deactivate.body, { reason: '\u2060\u2060' }, 'reason')).toEqual([MESSAGES.employees.deactivationReason]);
    expect(messagesAt(ENDPOINTS.drivers.reject.body, { employeeId: 'x', notes: '\uFEFF' }, 'notes')).toEqual([MESSAGES.drivers.rejectNotes]);
  });

  it('search terms: NFC as the text they are compared with; nothing visible is no search', () => {
    for (const query of [ENDPOINTS.employees.list.query, ENDPOINTS.employees.pending.query, ENDPOINTS.accounts.users.query, ENDPOINTS.employers.list.query, ENDPOINTS.drivers.page.query, ENDPOINTS.drivers.list.query]) {
      expect((parsed(query, { search: 'Zoe\u0308' }) as { search: string }).search).toBe('Zoë');
      expect((parsed(query, { search: '\u200B ' }) as { search: string }).search).toBe('');
    }
    expect((parsed(ENDPOINTS.audit.list.query, { actor: 'Zoe\u0308' }) as { actor: string }).actor).toBe('Zoë');
  });
});

describe('the character classes', () => {
  it('see nothing in white space and default-ignorable characters, something in any letter, digit, mark or symbol', () => {
    for (const text of INVISIBLE) expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    for (const text of ['a', '1', '.', '\u0301', '€', '🚗']) expect(hasVisibleText(text), text).toBe(true);
  });
  it('find every direction control, and nothing else', () => {
    for (const text of DIRECTION) expect(hasDirectionControl(text)).toBe(true);
    for (const text of ['Ann Lee', 'محمد', '\u200B', '\u200D']) expect(hasDirectionControl(text)).toBe(false);
  });
});

describe('nameKey: what makes a name unique', () => {
  it('is one key for a name typed in either Unicode form and any case, non-ASCII letters included', () => {
    const keys = ['Caf\u00e9 Riders', 'Cafe\u0301 Riders', 'CAF\u00c9 RIDERS', 'CAFE\u0301 RIDERS', ' caf\u00e9 riders '].map(nameKey);
    expect(new Set(keys)).toEqual(new Set(['caf\u00e9 riders']));
    expect(nameKey('\u00c5ngstr\u00f6m')).toBe(nameKey('A\u030Angstro\u0308m'.toUpperCase()));
    expect(nameKey('Leeds')).not.toBe(nameKey('Leeds loop'));
  });
});
