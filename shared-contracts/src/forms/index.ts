import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import '../zod-locale';
import { LIMITS } from '@portal/shared-contracts/constants';
import { SUPPORT_LIMITS, TRIAL } from '../scheme';
import { COMPANY_MESSAGES } from '../messages/company';
import { AUTH_MESSAGES } from '@portal/shared-contracts/messages/auth';
import { DRIVER_MESSAGES } from '../messages/drivers';
import { INSIGHTS_MESSAGES } from '../messages/insights';
import { INPUT_MESSAGES } from '../messages/input';
import { BILLING_MESSAGES } from '../messages/billing';
import { BACK_OFFICE_MESSAGES } from '../messages/back-office';
import { SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell';
import { emailField, isEmailAddress, trimmed } from './fields';
import { TEXT_KINDS, hasVisibleText, nameText, optionalNameText, requiredText, typedText } from './text';
import { FOLLOW_UP_HORIZON_YEARS, inFollowUpWindow, isoInstant, isoInstantMs } from './dates';

/**
 * Every form of both documents as one zod schema that carries the spec's messages and limits.
 * The same schema drives react-hook-form in a remote and the request validation in the api.
 * The login form is a module of its own (forms/login.ts, a shared entry the login page runs without
 * the others), named through the package so that this module reuses the one copy.
 */

export { isEmailAddress };
export * from './dates';
export * from './text';
export * from '@portal/shared-contracts/forms/login';
export * from '@portal/shared-contracts/forms/auth';
export * from './sso';
export * from './reports';
export * from './scim';

// ---------------------------------------------------------------- manual employee rows
export const manualEmployeeRowSchema = lazySchema(() => z.object({
  firstName: nameText({ required: COMPANY_MESSAGES.manualRow.firstNameRequired, max: LIMITS.manualRow.nameMax, tooLong: COMPANY_MESSAGES.manualRow.firstNameMax }),
  lastName: nameText({ required: COMPANY_MESSAGES.manualRow.lastNameRequired, max: LIMITS.manualRow.nameMax, tooLong: COMPANY_MESSAGES.manualRow.lastNameMax }),
  email: emailField(LIMITS.manualRow.emailMax, {
    required: COMPANY_MESSAGES.manualRow.emailRequired,
    tooLong: COMPANY_MESSAGES.manualRow.emailMax,
    invalid: COMPANY_MESSAGES.manualRow.emailInvalid,
  }),
  employeeNumber: trimmed().check(
    z.minLength(1, COMPANY_MESSAGES.manualRow.employeeNumberRequired),
    z.maxLength(LIMITS.manualRow.employeeNumberMax, AUTH_MESSAGES.employeeSignup.employeeNumberMax),
  ),
  /** Optional: shown in the participation ranking; blank means none. */
  department: z.pipe(z.optional(optionalNameText({ max: LIMITS.manualRow.departmentMax, tooLong: COMPANY_MESSAGES.manualRow.departmentMax })), z.transform((v) => (v ? v : undefined))),
}));
export type ManualEmployeeRow = z.infer<typeof manualEmployeeRowSchema>;
export const bulkEmployeesBodySchema = lazySchema(() => z.object({
  employees: z.array(manualEmployeeRowSchema).check(z.minLength(1), z.maxLength(LIMITS.csvMaxRows)),
}));
export type BulkEmployeesBody = z.infer<typeof bulkEmployeesBodySchema>;

// ---------------------------------------------------------------- reasons, notes, follow-ups
/**
 * A reason or notes: required, with one message for empty and invisible-only text; the length's
 * message is zod's own, as it was.
 */
const filledText = (required: string, max: number) =>
  typedText(required)
    .check(z.minLength(1, required), z.maxLength(max), z.refine((s) => s.length === 0 || s.length > max || hasVisibleText(s), required))
    .register(TEXT_KINDS, { text: 'required' });
export const deactivationReasonSchema = lazySchema(() => z.object({
  reason: filledText(COMPANY_MESSAGES.employees.deactivationReason, LIMITS.reasonMax),
}));
export type DeactivationReason = z.infer<typeof deactivationReasonSchema>;

export const rejectDriverFormSchema = lazySchema(() => z.object({
  notes: filledText(DRIVER_MESSAGES.drivers.rejectNotes, LIMITS.notesMax),
}));
export type RejectDriverForm = z.infer<typeof rejectDriverFormSchema>;

/**
 * A follow-up date as the wire carries it: an ISO 8601 date-time with its zone (the picker's
 * `Date#toISOString()`), so the server never guesses a time zone; from today (UTC) up to
 * FOLLOW_UP_HORIZON_YEARS ahead (forms/dates.ts), the picker offering the same window.
 */
const followUpDate = (message: string) =>
  isoInstant(message, DRIVER_MESSAGES.drivers.followUpOutOfRange)
    .check(z.refine((s) => inFollowUpWindow(isoInstantMs(s) ?? Number.NaN), DRIVER_MESSAGES.drivers.followUpOutOfRange))
    .register(z.globalRegistry, {
      format: 'date-time',
      description: `A date and time with its zone (ISO 8601), from 00:00 UTC today up to ${FOLLOW_UP_HORIZON_YEARS} years ahead.`,
    });

/** Follow-up picker: date and time, shown as dd-MM-yyyy HH:mm, sent as an ISO string. */
export const verifyDriverFormSchema = lazySchema(() => z.object({
  notes: z._default(z.optional(typedText().check(z.maxLength(LIMITS.notesMax))), ''),
  followUpDate: followUpDate(DRIVER_MESSAGES.drivers.verifyFollowUp),
}));
export type VerifyDriverForm = z.infer<typeof verifyDriverFormSchema>;

export const verifyVehicleFormSchema = lazySchema(() => z.object({
  notes: filledText(DRIVER_MESSAGES.drivers.verifyVehicle, LIMITS.notesMax),
  followUpDate: followUpDate(DRIVER_MESSAGES.drivers.verifyVehicle),
}));
export type VerifyVehicleForm = z.infer<typeof verifyVehicleFormSchema>;

export const DRIVER_RULES = {
  /** Drivers one bulk verification may name (MESSAGES.drivers.tooMany states it). */
  bulkMax: 1000,
} as const;

/**
 * The drivers a bulk verification names. Ids are checked by the server, which names every one
 * that is not a driver (an unknown or malformed id included) rather than failing on its format.
 */
const driverIds = () =>
  z
    .array(z.string().check(z.trim(), z.maxLength(64, DRIVER_MESSAGES.drivers.notFound)), { error: DRIVER_MESSAGES.drivers.noneSelected }).check(
      z.minLength(1, DRIVER_MESSAGES.drivers.noneSelected),
      z.maxLength(DRIVER_RULES.bulkMax, DRIVER_MESSAGES.drivers.tooMany),
    );

/** `POST /api/drivers/approve`: the driver flag of every named driver, all or nothing. */
export const approveDriversBodySchema = lazySchema(() => z.extend(verifyDriverFormSchema, { employeeIds: driverIds() }));
export type ApproveDriversBody = z.infer<typeof approveDriversBodySchema>;

/** `POST /api/vehicles/approve`: the vehicle flag of every named driver, all or nothing. */
export const approveVehiclesBodySchema = lazySchema(() => z.extend(verifyVehicleFormSchema, { employeeIds: driverIds() }));
export type ApproveVehiclesBody = z.infer<typeof approveVehiclesBodySchema>;

/** `POST /api/drivers/reject`. */
export const rejectDriverBodySchema = lazySchema(() => z.extend(rejectDriverFormSchema, {
  employeeId: z.string({ error: DRIVER_MESSAGES.drivers.notFound }).check(
    z.trim(),
    z.minLength(1, DRIVER_MESSAGES.drivers.notFound),
    z.maxLength(64, DRIVER_MESSAGES.drivers.notFound),
  ),
}));
export type RejectDriverBody = z.infer<typeof rejectDriverBodySchema>;

/** "dd-MM-yyyy HH:mm" for display of a follow-up date. */
export function formatFollowUp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}-${p(d.getMonth() + 1)}-${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

// ---------------------------------------------------------------- company, locations, incentive
/** Messages for the company forms, which the spec leaves without client rules (ours). */
export const COMPANY_FORM_MESSAGES = {
  nameRequired: 'Company name is required.',
  nameMax: `Company name should not exceed ${LIMITS.company.nameMax} characters.`,
  emailInvalid: 'Enter a valid company email address.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Enter a valid phone number for the selected country.',
  countryInvalid: 'Choose a country from the list.',
  addressLine1Required: 'Address line 1 is required.',
  lineMax: `Address lines should not exceed ${LIMITS.location.lineMax} characters.`,
  townRequired: 'Town is required.',
  townMax: `Town should not exceed ${LIMITS.location.townMax} characters.`,
  postalCodeRequired: 'Postal code is required.',
  postalCodeInvalid: 'Enter a valid postal code for the company country.',
  numberInvalid: 'Enter a whole number of 0 or more.',
  textMax: `Text should not exceed ${LIMITS.incentive.textMax} characters.`,
} as const;

/** Company fields; phone-for-country and postcode-for-country checks are added in `company-rules.ts`. */
export const companyFieldsSchema = lazySchema(() => z.object({
  name: nameText({ required: COMPANY_FORM_MESSAGES.nameRequired, max: LIMITS.company.nameMax, tooLong: COMPANY_FORM_MESSAGES.nameMax }),
  email: emailField(LIMITS.company.emailMax, { tooLong: COMPANY_FORM_MESSAGES.emailInvalid, invalid: COMPANY_FORM_MESSAGES.emailInvalid }),
  // Over-long numbers and codes stop here: the country checks of `company-rules.ts` never see them.
  phoneNumber: trimmed().check(
    z.minLength(1, COMPANY_FORM_MESSAGES.phoneRequired),
    z.maxLength(LIMITS.company.phoneMax, { message: COMPANY_FORM_MESSAGES.phoneInvalid, abort: true }),
  ),
  /** ISO alpha-2 of the chosen country; the spec's country object is answered on reads. */
  countryCode: z._default(z.string().check(
    z.trim(),
    z.toUpperCase(),
    z.maxLength(2, { message: COMPANY_FORM_MESSAGES.countryInvalid, abort: true }),
    z.regex(/^[A-Z]{2}$/, COMPANY_FORM_MESSAGES.countryInvalid),
  ), 'GB'),
}));
export type CompanyFields = z.infer<typeof companyFieldsSchema>;
export const createCompanyBodySchema = companyFieldsSchema;
export const updateCompanyBodySchema = lazySchema(() => z.extend(companyFieldsSchema, { id: z.string().check(z.uuid()) }));

export const locationFieldsSchema = lazySchema(() => z.object({
  addressLine1: nameText({ required: COMPANY_FORM_MESSAGES.addressLine1Required, max: LIMITS.location.lineMax, tooLong: COMPANY_FORM_MESSAGES.lineMax }),
  addressLine2: z.pipe(z.nullish(optionalNameText({ max: LIMITS.location.lineMax, tooLong: COMPANY_FORM_MESSAGES.lineMax })), z.transform((v) => v || null)),
  town: nameText({ required: COMPANY_FORM_MESSAGES.townRequired, max: LIMITS.location.townMax, tooLong: COMPANY_FORM_MESSAGES.townMax }),
  postalCode: trimmed().check(
    z.minLength(1, COMPANY_FORM_MESSAGES.postalCodeRequired),
    z.maxLength(LIMITS.location.postalCodeMax, { message: COMPANY_FORM_MESSAGES.postalCodeInvalid, abort: true }),
  ),
}));
export type LocationFields = z.infer<typeof locationFieldsSchema>;
export const updateLocationBodySchema = lazySchema(() => z.extend(locationFieldsSchema, { id: z.string().check(z.uuid()) }));

/**
 * A count: a JSON number, or the digits a number input sends as text ("12"). Anything else ("",
 * "0x10", "1e3", true, [7]) is refused rather than coerced; the length is checked before the digits.
 */
const count = () => {
  const message = COMPANY_FORM_MESSAGES.numberInvalid;
  const digits = z.pipe(z.string().check(z.maxLength(String(LIMITS.incentive.numberMax).length, { message, abort: true }), z.regex(/^\d+$/, message)), z.transform(Number));
  return z.pipe(z
    .union([z.number(), digits], { error: message }), z.number({ error: message }).check(z.int(message), z.gte(0, message), z.lte(LIMITS.incentive.numberMax, message)));
};
const rewardText = () => typedText().check(z.maxLength(LIMITS.incentive.textMax, COMPANY_FORM_MESSAGES.textMax));
export const incentiveFormSchema = lazySchema(() => z.object({
  generalRewardDescription: rewardText(),
  numberOfMiles: count(),
  numberOfMilesRewards: rewardText(),
  numberOfTrips: count(),
  numberOfTripsRewards: rewardText(),
}));
export type IncentiveForm = z.infer<typeof incentiveFormSchema>;

// ---------------------------------------------------------------- trips, feedback, journey groups (the mobile app; ours)
/**
 * What makes a trip real enough to count (docs/decisions/0030-trips-that-count.md). Days are UTC
 * days, as months are.
 */
export const TRIP_RULES = {
  clientTripIdMax: 100,
  /** Miles: more than 0 (at least 0.01 once stored in hundredths), at most 500. */
  maxMiles: 500,
  maxPassengers: 8,
  maxAgeDays: 90,
  /** A phone's clock may run a little ahead of ours: a start up to this far ahead is not "the future". */
  clockSkewMs: 5 * 60_000,
  /**
   * No trip averages more than this door to door (the UK's motorway limit), so a trip takes at least
   * its miles at this speed: a driver's trips that start closer than that overlap and are refused.
   */
  maxSpeedMph: 70,
  /** Trips one driver may start in one UTC day. */
  maxTripsPerDay: 6,
  /** New trips one driver may send in a minute (a retry of a recorded trip is not one). */
  maxTripsPerMinute: 10,
  /**
   * A driver's miles in one UTC day are flagged above the larger of `flagDayMilesMin` and
   * `flagDayTripFactor` times the company's usual trip: the mean of its counted trips in the last
   * `usualMonths` calendar months (the current one included), once there are `usualMinTrips` of them.
   */
  flagDayMilesMin: 120,
  flagDayTripFactor: 6,
  usualMonths: 3,
  usualMinTrips: 30,
} as const;

/** The shortest time (ms) a trip of `hundredths` of a mile takes at `TRIP_RULES.maxSpeedMph`; the api's SQL computes the same. */
export function minTripMs(hundredths: number): number {
  return Math.floor((hundredths * 36_000) / TRIP_RULES.maxSpeedMph);
}

/**
 * `POST /api/trips`: the caller is the driver. The retry key is (driver, clientTripId). Who the
 * passengers are, the start's distance from now and the journey group are checked by the server.
 */
export const tripBodySchema = lazySchema(() => z.object({
  clientTripId: z.string({ error: INSIGHTS_MESSAGES.trips.clientTripIdInvalid }).check(
    z.trim(),
    z.minLength(1, INSIGHTS_MESSAGES.trips.clientTripIdInvalid),
    z.maxLength(TRIP_RULES.clientTripIdMax, INSIGHTS_MESSAGES.trips.clientTripIdInvalid),
  ),
  startedAt: isoInstant(INSIGHTS_MESSAGES.trips.startedAtInvalid, INPUT_MESSAGES.input.dateOutOfRange),
  distanceMiles: z.number({ error: INSIGHTS_MESSAGES.trips.distanceInvalid }).check(
    z.lte(TRIP_RULES.maxMiles, INSIGHTS_MESSAGES.trips.distanceInvalid),
    z.refine((n) => Math.round(n * 100) >= 1, INSIGHTS_MESSAGES.trips.distanceInvalid),
  ),
  passengerIds: z
    .array(z.string({ error: INSIGHTS_MESSAGES.trips.passengerInvalid }).check(z.uuid(INSIGHTS_MESSAGES.trips.passengerInvalid)), { error: INSIGHTS_MESSAGES.trips.passengersRequired }).check(
      z.minLength(1, INSIGHTS_MESSAGES.trips.passengersRequired),
      z.maxLength(TRIP_RULES.maxPassengers, INSIGHTS_MESSAGES.trips.passengersMax),
      z.refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, INSIGHTS_MESSAGES.trips.passengerDuplicate),
    ),
  journeyGroupId: z.nullish(z.string().check(z.uuid(INSIGHTS_MESSAGES.journeyGroups.notFound))),
}));
export type TripBody = z.infer<typeof tripBodySchema>;

export const FEEDBACK_MAX = 2000;
export const feedbackBodySchema = lazySchema(() => z.object({
  feedbackText: requiredText({ required: INSIGHTS_MESSAGES.feedback.required, max: FEEDBACK_MAX, tooLong: INSIGHTS_MESSAGES.feedback.max }),
}));
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const JOURNEY_GROUP_RULES = { nameMax: 60, meetingPointMax: 120, meetingPointsMax: 10 } as const;
const meetingPoints = () =>
  z
    .array(nameText({ required: INSIGHTS_MESSAGES.journeyGroups.meetingPointEmpty, max: JOURNEY_GROUP_RULES.meetingPointMax, tooLong: INSIGHTS_MESSAGES.journeyGroups.meetingPointMax }), { error: INSIGHTS_MESSAGES.journeyGroups.meetingPointMax }).check(z.maxLength(JOURNEY_GROUP_RULES.meetingPointsMax, INSIGHTS_MESSAGES.journeyGroups.meetingPointsMax));
/** Create a journey group (employer): a name unique in the company, and its meeting points. */
export const journeyGroupBodySchema = lazySchema(() => z.object({
  name: nameText({ required: INSIGHTS_MESSAGES.journeyGroups.nameRequired, max: JOURNEY_GROUP_RULES.nameMax, tooLong: INSIGHTS_MESSAGES.journeyGroups.nameMax }),
  meetingPoints: z._default(meetingPoints(), []),
}));
export type JourneyGroupBody = z.infer<typeof journeyGroupBodySchema>;
/** Rename a journey group; meeting points are replaced when sent, kept when left out. */
export const journeyGroupUpdateBodySchema = lazySchema(() => z.extend(journeyGroupBodySchema, { meetingPoints: z.optional(meetingPoints()) }));
export type JourneyGroupUpdateBody = z.infer<typeof journeyGroupUpdateBodySchema>;

/** The company's emission setting: include the well-to-tank factor in CO2 saved (off by default). */
export const emissionSettingsBodySchema = lazySchema(() => z.object({ includeWellToTank: z.boolean() }));
export type EmissionSettingsBody = z.infer<typeof emissionSettingsBodySchema>;

// ---------------------------------------------------------------- the trial, the subscription, support (ours)
/**
 * Starting the subscription (Payment and Billing): the employer chooses how to pay and accepts the
 * plan's terms; both are required, so consent is always an act (docs/decisions/0033-trial-and-consent.md).
 * The api also checks that the method is one the provider offers.
 */
export const startSubscriptionBodySchema = lazySchema(() => z.object({
  paymentMethod: z.string({ error: BILLING_MESSAGES.billing.choosePaymentMethod }).check(
    z.trim(),
    z.minLength(1, BILLING_MESSAGES.billing.choosePaymentMethod),
    z.maxLength(60, BILLING_MESSAGES.billing.unknownPaymentMethod),
  ),
  acceptTerms: z.literal(true, { error: BILLING_MESSAGES.billing.acceptTerms }),
}));
export type StartSubscriptionBody = z.infer<typeof startSubscriptionBodySchema>;

const SCHEME = BACK_OFFICE_MESSAGES.schemeSettings;
/** An optional text: trimmed, at most `max` characters, stored as null when blank. */
const optionalText = (max: number, tooLong: string) => trimmed().check(z.maxLength(max, { message: tooLong, abort: true }));
/** What a phone number may be written with; checked only once the length is known to be small. */
const PHONE_CHARACTERS = /^[0-9 +()-]*$/;

/** The scheme's settings (back office): the free trial's length and the support contact companies see. */
export const schemeSettingsBodySchema = lazySchema(() => z.object({
  trialDays: z.number({ error: SCHEME.trialDaysInvalid(TRIAL.maxDays) }).check(
    z.int(SCHEME.trialDaysInvalid(TRIAL.maxDays)),
    z.gte(0, SCHEME.trialDaysInvalid(TRIAL.maxDays)),
    z.lte(TRIAL.maxDays, SCHEME.trialDaysInvalid(TRIAL.maxDays)),
  ),
  supportEmail: optionalText(SUPPORT_LIMITS.emailMax, SCHEME.emailTooLong(SUPPORT_LIMITS.emailMax)).check(
    z.refine((v) => v === '' || isEmailAddress(v), SCHEME.emailInvalid),
  ),
  supportPhone: optionalText(SUPPORT_LIMITS.phoneMax, SCHEME.phoneTooLong(SUPPORT_LIMITS.phoneMax)).check(
    z.refine((v) => PHONE_CHARACTERS.test(v), SCHEME.phoneInvalid),
  ),
  supportHours: optionalText(SUPPORT_LIMITS.hoursMax, SCHEME.hoursTooLong(SUPPORT_LIMITS.hoursMax)),
}));
export type SchemeSettingsBody = z.infer<typeof schemeSettingsBodySchema>;

const SUPPORT = SHELL_MESSAGES.support;
/** A message to support from Help & Support; the api adds who sent it. */
export const supportMessageBodySchema = lazySchema(() => z.object({
  subject: z.string({ error: SUPPORT.subjectRequired }).check(
    z.trim(),
    z.minLength(1, SUPPORT.subjectRequired),
    z.maxLength(SUPPORT_LIMITS.subjectMax, SUPPORT.subjectTooLong(SUPPORT_LIMITS.subjectMax)),
  ),
  message: z.string({ error: SUPPORT.messageRequired }).check(
    z.trim(),
    z.minLength(1, SUPPORT.messageRequired),
    z.maxLength(SUPPORT_LIMITS.messageMax, SUPPORT.messageTooLong(SUPPORT_LIMITS.messageMax)),
  ),
}));
export type SupportMessageBody = z.infer<typeof supportMessageBodySchema>;

// ---------------------------------------------------------------- the driver's vehicle and licence (the mobile app; ours)
export const VEHICLE_RULES = {
  makeMax: 40,
  modelMax: 40,
  colorMax: 30,
  minYear: 1950,
  /** What may be typed (spaces included) before the registration is even looked at. */
  registrationInputMax: 12,
  licenceInputMax: 24,
} as const;

/**
 * UK registration numbers, without spaces: current (since 2001, `AB12CDE`), prefix (1983-2001,
 * `A123BCD`), suffix (1963-1983, `ABC123D`) and dateless (`ABC123`, `123ABC`, Northern Ireland's
 * `ABZ1234`). Each pattern is anchored and has no nested repetition, so none can backtrack.
 */
const REGISTRATION_FORMATS = [
  { pattern: /^[A-Z]{2}[0-9]{2}[A-Z]{3}$/, split: 4 },
  { pattern: /^[A-Z][0-9]{1,3}[A-Z]{3}$/, split: -3 },
  { pattern: /^[A-Z]{3}[0-9]{1,3}[A-Z]$/, split: 3 },
  { pattern: /^[A-Z]{1,3}[0-9]{1,4}$/, split: 'letters' },
  { pattern: /^[0-9]{1,4}[A-Z]{1,3}$/, split: 'digits' },
] as const;

const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * The registration as it is stored and shown: upper case with the one space where the plate has it
 * (`ab12cde` -> `AB12 CDE`); null when it is none of the UK formats.
 */
export function normaliseRegistration(input: string): string | null {
  const c = compact(input);
  if (c.length < 2 || c.length > 7) return null;
  const format = REGISTRATION_FORMATS.find((f) => f.pattern.test(c));
  if (!format) return null;
  const at =
    format.split === 'letters' ? c.search(/[0-9]/) : format.split === 'digits' ? c.search(/[A-Z]/) : format.split < 0 ? c.length + format.split : format.split;
  return `${c.slice(0, at)} ${c.slice(at)}`;
}

/**
 * A DVLA driving licence number (Great Britain): 5 characters of the surname padded with 9, the
 * decade digit of the birth year, the birth month (plus 50 for women), the day, the year digit,
 * 2 initials padded with 9, 1 digit and 2 check letters: `MORGA753116SM9IJ`.
 */
const LICENCE = /^[A-Z][A-Z9]{4}[0-9](?:0[1-9]|1[0-2]|5[1-9]|6[0-2])(?:0[1-9]|[12][0-9]|3[01])[0-9][A-Z][A-Z9][0-9][A-Z]{2}$/;

/** The licence number as stored: upper case without spaces; null when it is not a DVLA number. */
export function normaliseLicence(input: string): string | null {
  const c = compact(input);
  return c.length === 16 && LICENCE.test(c) ? c : null;
}

const checkedText = (max: number, required: string, tooLong: string) => requiredText({ required, max, tooLong });

/**
 * `PUT /api/me/vehicle`: the driver's car and licence. Registration and licence are answered (and
 * stored) normalised; a changed one clears the matching verification.
 */
export const vehicleBodySchema = lazySchema(() => z.object({
  make: checkedText(VEHICLE_RULES.makeMax, DRIVER_MESSAGES.vehicles.makeRequired, DRIVER_MESSAGES.vehicles.makeMax),
  model: checkedText(VEHICLE_RULES.modelMax, DRIVER_MESSAGES.vehicles.modelRequired, DRIVER_MESSAGES.vehicles.modelMax),
  yearManufactured: z.number({ error: DRIVER_MESSAGES.vehicles.yearInvalid }).check(
    z.int(DRIVER_MESSAGES.vehicles.yearInvalid),
    z.gte(VEHICLE_RULES.minYear, DRIVER_MESSAGES.vehicles.yearInvalid),
    z.refine((y) => y <= new Date().getUTCFullYear() + 1, DRIVER_MESSAGES.vehicles.yearInvalid),
  ),
  color: checkedText(VEHICLE_RULES.colorMax, DRIVER_MESSAGES.vehicles.colorRequired, DRIVER_MESSAGES.vehicles.colorMax),
  registrationNumber: z.string({ error: DRIVER_MESSAGES.vehicles.registrationInvalid }).check(
    z.maxLength(VEHICLE_RULES.registrationInputMax, { message: DRIVER_MESSAGES.vehicles.registrationInvalid, abort: true }),
    z.refine((s) => normaliseRegistration(s) !== null, { message: DRIVER_MESSAGES.vehicles.registrationInvalid, abort: true }),
    z.overwrite((s) => normaliseRegistration(s) ?? s),
  ),
  drivingLicenseNumber: z.string({ error: DRIVER_MESSAGES.vehicles.licenceInvalid }).check(
    z.maxLength(VEHICLE_RULES.licenceInputMax, { message: DRIVER_MESSAGES.vehicles.licenceInvalid, abort: true }),
    z.refine((s) => normaliseLicence(s) !== null, { message: DRIVER_MESSAGES.vehicles.licenceInvalid, abort: true }),
    z.overwrite((s) => normaliseLicence(s) ?? s),
  ),
}));
export type VehicleBody = z.infer<typeof vehicleBodySchema>;
