import { MESSAGES, SCIM_LIMITS, isEmailAddress, officeLabel } from '@portal/shared-contracts';
import { countryByCode, isValidPhoneForCountry } from '@portal/shared-contracts/company-rules';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './discovery';
import { invalidValue } from './errors';

const M = MESSAGES.scim;

/** An employee as SCIM reads them (one row of `users`). */
export interface EmployeeRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  name: string;
  phone_number: string | null;
  employee_number: string | null;
  department: string | null;
  scim_external_id: string | null;
  office_id: string | null;
  /** The office's first address line and town (null without an office). */
  office_line1: string | null;
  office_town: string | null;
  is_active: boolean;
  created_at: string | Date;
  updated_at: string | Date;
}

export const EMPLOYEE_COLUMNS = `u.id, u.email, u.first_name, u.last_name, u.name, u.phone_number, u.employee_number, u.department,
  u.scim_external_id, u.office_id, ol.address_line1 as office_line1, ol.town as office_town, u.is_active, u.created_at, u.updated_at`;

/** What EMPLOYEE_COLUMNS select from: `users u` and the employee's office. */
export const EMPLOYEE_FROM = `users u left join locations ol on ol.id = u.office_id`;

/** The employee's office as every screen names it ("1 Park Row, Leeds"), or null. */
export const officeOf = (row: EmployeeRow): string | null =>
  row.office_id && row.office_line1 !== null ? officeLabel({ addressLine1: row.office_line1, town: row.office_town }) : null;

const iso = (d: string | Date) => new Date(d).toISOString();

/** The SCIM User of an employee (RFC 7643, 4.1), at `base` (…/scim/v2). */
export function toResource(row: EmployeeRow, base: string) {
  const enterprise = row.employee_number || row.department;
  const office = officeOf(row);
  return {
    schemas: enterprise ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: row.id,
    ...(row.scim_external_id ? { externalId: row.scim_external_id } : {}),
    userName: row.email,
    name: { givenName: row.first_name ?? '', familyName: row.last_name ?? '', formatted: row.name },
    displayName: row.name,
    active: row.is_active,
    emails: [{ value: row.email, type: 'work', primary: true }],
    ...(row.phone_number ? { phoneNumbers: [{ value: row.phone_number, type: 'mobile', primary: true }] } : {}),
    // The office where Microsoft Entra ID maps physicalDeliveryOfficeName, answered back as it was sent.
    ...(office ? { addresses: [{ type: 'work', formatted: office, primary: true }] } : {}),
    ...(enterprise
      ? { [ENTERPRISE_SCHEMA]: { ...(row.employee_number ? { employeeNumber: row.employee_number } : {}), ...(row.department ? { department: row.department } : {}) } }
      : {}),
    meta: { resourceType: 'User', created: iso(row.created_at), lastModified: iso(row.updated_at), location: `${base}/Users/${row.id}` },
  };
}
export type ScimUser = ReturnType<typeof toResource>;

/** What a SCIM User asks the employee to be. */
export interface UserInput {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  externalId: string | null;
  employeeNumber: string | null;
  department: string | null;
  /**
   * The office's name (`addresses[type eq "work"].formatted`): null for No office, undefined when the
   * request has no `addresses` (the office stays as it is).
   */
  office: string | null | undefined;
  /** Absent in a request that did not say (PUT keeps the current state then). */
  active: boolean | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Attribute names are case-insensitive (RFC 7643, 2.1): the value of `name` in `o` whatever its case.
 */
function get(o: Record<string, unknown>, name: string): unknown {
  if (name in o) return o[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(o)) if (k.toLowerCase() === lower) return o[k];
  return undefined;
}

/** An optional text attribute: absent, null or "" is none; otherwise a string of at most `max` characters. */
function text(value: unknown, attribute: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidValue(M.invalidValue(attribute));
  const v = value.trim();
  if (v.length > max) throw invalidValue(M.valueTooLong(attribute, max));
  return v === '' ? null : v;
}

/** `true`, `false`, or the strings Microsoft Entra ID sends in PATCH ("True", "False"). */
export function booleanValue(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && value.length <= 5) {
    const v = value.toLowerCase();
    if (v === 'true') return true;
    if (v === 'false') return false;
  }
  throw invalidValue(M.activeInvalid);
}

/** The entry of a multi-valued attribute to use: the primary one, else one of `type`, else the first. */
function pick(list: unknown, attribute: string, type: string): Record<string, unknown> | undefined {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) throw invalidValue(M.invalidValue(attribute));
  if (list.length > 10 || !list.every(isObject)) throw invalidValue(M.invalidValue(attribute));
  const entries = list as Record<string, unknown>[];
  return (
    entries.find((e) => get(e, 'primary') === true || get(e, 'primary') === 'True' || get(e, 'primary') === 'true') ??
    entries.find((e) => get(e, 'type') === type) ??
    entries[0]
  );
}

/**
 * The office a User's `addresses` name: the `formatted` value of its work address (where Microsoft
 * Entra ID maps physicalDeliveryOfficeName), else of its only address when that has no type.
 * `addresses` absent: undefined (unchanged); present without a work address, or with an empty
 * `formatted`: null (No office). docs/decisions/0054.
 */
function officeInput(addresses: unknown): string | null | undefined {
  if (addresses === undefined) return undefined;
  if (addresses === null) return null;
  if (!Array.isArray(addresses) || addresses.length > 10 || !addresses.every(isObject)) throw invalidValue(M.invalidValue('addresses'));
  const entries = addresses as Record<string, unknown>[];
  const typeOf = (e: Record<string, unknown>) => {
    const t = get(e, 'type');
    return typeof t === 'string' ? t.toLowerCase() : undefined;
  };
  const work = entries.find((e) => typeOf(e) === 'work') ?? (entries.length === 1 && typeOf(entries[0]!) === undefined ? entries[0] : undefined);
  if (!work) return null;
  return text(get(work, 'formatted'), 'addresses[type eq "work"].formatted', SCIM_LIMITS.officeMax);
}

/**
 * A User of a POST or PUT body (or a PATCH's result) as the employee it asks for. Every refusal is
 * a 400 `invalidValue` that names the attribute; lengths are checked before any rule.
 */
export function parseUser(body: unknown, countryCode: string): UserInput {
  if (!isObject(body)) throw invalidValue(M.invalidValue('User'));
  const schemas = get(body, 'schemas');
  if (schemas !== undefined && (!Array.isArray(schemas) || !schemas.some((s) => typeof s === 'string' && s.toLowerCase() === USER_SCHEMA.toLowerCase()))) {
    throw invalidValue(M.schemasInvalid);
  }
  const userName = get(body, 'userName');
  if (userName === undefined || userName === null || userName === '') throw invalidValue(M.userNameRequired);
  const email = text(userName, 'userName', SCIM_LIMITS.emailMax);
  if (!email || !isEmailAddress(email)) throw invalidValue(M.userNameInvalid);

  const emails = get(body, 'emails');
  const address = pick(emails, 'emails', 'work');
  if (address !== undefined) {
    const v = text(get(address, 'value'), 'emails.value', SCIM_LIMITS.emailMax);
    if (v !== null && !isEmailAddress(v)) throw invalidValue(M.invalidValue('emails.value'));
  }

  const name = get(body, 'name');
  if (name !== undefined && name !== null && !isObject(name)) throw invalidValue(M.invalidValue('name'));
  const displayName = text(get(body, 'displayName'), 'displayName', SCIM_LIMITS.nameMax * 2);
  const givenName = name ? text(get(name, 'givenName'), 'name.givenName', SCIM_LIMITS.nameMax) : null;
  const familyName = name ? text(get(name, 'familyName'), 'name.familyName', SCIM_LIMITS.nameMax) : null;
  // A provider that sends no given name (an account with a display name only) still names the person.
  const firstName = givenName ?? displayName?.slice(0, SCIM_LIMITS.nameMax) ?? null;
  if (!firstName) throw invalidValue(M.givenFamilyRequired);

  const phoneEntry = pick(get(body, 'phoneNumbers'), 'phoneNumbers', 'mobile');
  const phone = phoneEntry ? text(get(phoneEntry, 'value'), 'phoneNumbers.value', SCIM_LIMITS.phoneMax) : null;
  if (phone !== null && !isValidPhoneForCountry(phone, countryCode)) {
    throw invalidValue(M.phoneInvalid(countryByCode(countryCode)?.name ?? countryCode));
  }

  const office = officeInput(get(body, 'addresses'));

  const extension = get(body, ENTERPRISE_SCHEMA);
  if (extension !== undefined && extension !== null && !isObject(extension)) throw invalidValue(M.invalidValue(ENTERPRISE_SCHEMA));
  const active = get(body, 'active');
  return {
    email,
    firstName,
    lastName: familyName ?? '',
    phone,
    externalId: text(get(body, 'externalId'), 'externalId', SCIM_LIMITS.externalIdMax),
    employeeNumber: extension ? text(get(extension, 'employeeNumber'), 'employeeNumber', SCIM_LIMITS.employeeNumberMax) : null,
    department: extension ? text(get(extension, 'department'), 'department', SCIM_LIMITS.departmentMax) : null,
    office,
    active: active === undefined || active === null ? undefined : booleanValue(active),
  };
}
