import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import '../zod-locale';
import { TRIAL } from '../scheme';
import { companySchema, idSchema, isoDateTime, type okSchema } from './session';
import { pageOf, userListItemSchema } from './accounts';

export * from './session';
export * from './common';
export * from './reports';
export * from './accounts';

// ---------------------------------------------------------------- pages (pageOf: entities/accounts.ts)

// pageQuerySchema and PageQuery: endpoints/shared.ts

// ---------------------------------------------------------------- answers (okSchema: entities/common.ts)
export type Ok = z.infer<typeof okSchema>;

export const fieldErrorSchema = lazySchema(() => z.object({
  field: z.string(),
  message: z.string(),
  /** 1-based line of a CSV file (header is line 1), or 1-based row of a bulk body. */
  line: z.optional(z.number().check(z.int())),
}));
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every error answer: `{ success: false, message, errors? }`. */
export const errorAnswerSchema = lazySchema(() => z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.optional(z.array(fieldErrorSchema)),
}));
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

// ---------------------------------------------------------------- company (document 1 s.3, document 2 s.3)
// The company itself (companySchema) and what an anonymous caller may learn of it (publicCompanySchema)
// are in entities/session.ts.

// ---------------------------------------------------------------- subscription states (billing below)
/** The subscription is shown as active when `subscriptionStatus` equals this (spec, document 1 section 4). */
export const SUBSCRIPTION_ACTIVE = 'Active';
/** A company's free trial: nothing is invoiced until an administrator starts the subscription. */
export const SUBSCRIPTION_TRIAL = 'Trial';
/**
 * What `subscriptionStatus` may say: on its free trial (no subscription accepted yet), active
 * (possibly with a cancellation pending), or cancelled once the paid period has ended.
 */
export const SUBSCRIPTION_STATUSES = [SUBSCRIPTION_TRIAL, SUBSCRIPTION_ACTIVE, 'Cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * Where a free trial stands: `running` until its end; `ended` during the grace period after it
 * (everything still works); `restricted` after the grace period, until the subscription is started
 * (the company's data is read-only: docs/decisions/0033-trial-and-consent.md).
 */
export const TRIAL_STATES = ['running', 'ended', 'restricted'] as const;
export type TrialState = (typeof TRIAL_STATES)[number];

const DAY_MS = 86_400_000;

/** The end of the grace period after a trial that ends at `trialEndsAt`. */
export const graceEndOf = (trialEndsAt: Date): Date => new Date(trialEndsAt.getTime() + TRIAL.graceDays * DAY_MS);

/** Where a trial ending at `trialEndsAt` stands at `now` (not accepted meanwhile). */
export function trialStateAt(trialEndsAt: Date, now: Date): TrialState {
  if (now < trialEndsAt) return 'running';
  return now < graceEndOf(trialEndsAt) ? 'ended' : 'restricted';
}

export { fullName, officeLabel } from '../names';

/** A company's billing at a glance, for the back office's list of employers. */
export const subscriptionSummarySchema = lazySchema(() => z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** On a trial: where it stands. */
  trialState: z.nullable(z.enum(TRIAL_STATES)),
  /** The end of the trial, or of the paid period. */
  until: isoDateTime,
  cancelAtPeriodEnd: z.boolean(),
}));
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** Employer row of the super admin's All Employers list. */
export const employerListItemSchema = lazySchema(() => z.extend(
  z.pick(companySchema, { id: true, name: true, email: true, phoneNumber: true, countryCode: true, isActive: true, locations: true, signUpState: true, createdAt: true }),
  {
    employeeCount: z.number().check(z.int(), z.nonnegative()),
    /** Its trial or subscription; null while it has none (setup not finished). */
    subscription: z.nullable(subscriptionSummarySchema),
  },
));
export type EmployerListItem = z.infer<typeof employerListItemSchema>;

/** An employer account whose company is not set up yet (signed up, or added by a super admin): the user, not a company. */
export const awaitingSetupEmployerSchema = lazySchema(() => z.object({
  /** The user's id (`DELETE accounts/users/{id}` removes the account). */
  id: idSchema,
  name: z.string(),
  email: z.string(),
  /** When the account was made. */
  createdAt: isoDateTime,
}));
export type AwaitingSetupEmployer = z.infer<typeof awaitingSetupEmployerSchema>;

// ---------------------------------------------------------------- employees, vehicles, drivers
export const vehicleSchema = lazySchema(() => z.object({
  make: z.string(),
  model: z.string(),
  yearManufactured: z.nullable(z.number().check(z.int())),
  color: z.nullable(z.string()),
  registrationNumber: z.string(),
  isVerified: z.boolean(),
}));
export type Vehicle = z.infer<typeof vehicleSchema>;

export const employeeSchema = lazySchema(() => z.object({
  id: idSchema,
  companyId: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.nullable(z.string()),
  employeeNumber: z.string(),
  department: z.nullable(z.string()),
  /** Document 1 calls it drivingLicense, document 2 drivingLicenseNumber: both are answered. */
  drivingLicense: z.nullable(z.string()),
  drivingLicenseNumber: z.nullable(z.string()),
  isActive: z.boolean(),
  /** Approved by the employer (join request accepted). */
  isApproved: z.boolean(),
  isVerified: z.boolean(),
  /** The driver's own verification by a super admin. */
  isDriverVerified: z.boolean(),
  postalCode: z.nullable(z.object({ value: z.string() })),
  vehicle: z.nullable(vehicleSchema),
  deactivationReason: z.nullable(z.string()),
  deactivatedAt: z.nullable(isoDateTime),
  deactivatedBy: z.nullable(z.string()),
  /** The anonymous record of an erased employee (decision 0044): deactivated for good, never reactivated. */
  isErased: z.boolean(),
  /** The journey group shown in the detail modal (a fixed label in the spec; real here). */
  journeyGroupName: z.optional(z.nullable(z.string())),
  /** One of the company's office locations, or null: "No office". */
  officeId: z.optional(z.nullable(idSchema)),
  createdAt: isoDateTime,
}));
export type Employee = z.infer<typeof employeeSchema>;

/**
 * Where a driver stands (document 2, section 4): approved when both the driver's and the vehicle's
 * flags are set; otherwise rejected when a super admin rejected the driver since the last
 * verification or change of details, else pending. The pending list holds pending and rejected rows.
 */
export const DRIVER_STATUSES = ['pending', 'rejected', 'approved'] as const;
export const driverStatusSchema = lazySchema(() => z.enum(DRIVER_STATUSES));
export type DriverStatus = z.infer<typeof driverStatusSchema>;

/** A driver: an employee with a registered vehicle (the spec's fields, then ours). */
export const driverSchema = lazySchema(() => z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  employeeNumber: z.string(),
  drivingLicense: z.nullable(z.string()),
  /** The driver's own flag; the vehicle's is `vehicle.isVerified`. */
  isVerified: z.boolean(),
  vehicle: vehicleSchema,
  /** Notes of the driver's last verification or rejection. */
  notes: z.nullable(z.string()),
  /** The driver's follow-up date, set by the last driver verification. */
  followUpDate: z.nullable(isoDateTime),
  companyId: idSchema,
  companyName: z.string(),
  status: driverStatusSchema,
  /** Notes and follow-up date of the last vehicle verification. */
  vehicleNotes: z.nullable(z.string()),
  vehicleFollowUpDate: z.nullable(isoDateTime),
  /** The driver's or the vehicle's follow-up date has passed. */
  followUpDue: z.boolean(),
  /** When the driver was rejected (null unless `status` is rejected). */
  rejectedAt: z.nullable(isoDateTime),
}));
export type Driver = z.infer<typeof driverSchema>;

/**
 * Another driver (any company) holding the same driving licence number as the one shown, compared
 * without case, spaces or hyphens: one licence is one person, so two drivers with it need a look.
 */
export const sameLicenceDriverSchema = lazySchema(() => z.object({
  id: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  companyId: idSchema,
  companyName: z.string(),
  status: driverStatusSchema,
}));
export type SameLicenceDriver = z.infer<typeof sameLicenceDriverSchema>;

export const DRIVER_HISTORY_KINDS = [
  'driverVerified',
  'vehicleVerified',
  'rejected',
  'vehicleRegistered',
  'registrationChanged',
  'licenceChanged',
  'vehicleRemoved',
] as const;

/** One line of a driver's verification history: what happened, who did it and when. */
export const driverHistoryEntrySchema = lazySchema(() => z.object({
  id: idSchema,
  kind: z.enum(DRIVER_HISTORY_KINDS),
  notes: z.nullable(z.string()),
  /** The follow-up date a verification set. */
  followUpDate: z.nullable(isoDateTime),
  /** The super admin, or the driver for their own changes; the name stays when the account is gone. */
  by: z.object({ id: z.nullable(idSchema), name: z.string() }),
  createdAt: isoDateTime,
}));
export type DriverHistoryEntry = z.infer<typeof driverHistoryEntrySchema>;

/** The caller's own vehicle and licence as the mobile app shows them. */
export const myDriverSchema = lazySchema(() => z.object({
  vehicle: vehicleSchema,
  drivingLicenseNumber: z.nullable(z.string()),
  isDriverVerified: z.boolean(),
  status: driverStatusSchema,
}));
export type MyDriver = z.infer<typeof myDriverSchema>;

// ---------------------------------------------------------------- users and admins (document 2): entities/accounts.ts

// ---------------------------------------------------------------- insights
// Definitions shared by every insight (docs/decisions/0008-insights-data.md):
// - a trip is one drive by a driver with one or more passengers, `distanceMiles` long;
// - an employee takes part in a trip as its driver or as one of its passengers; each part counts as
//   one trip and the trip's full distance for that employee;
// - months are calendar months in UTC;
// - a participant of a month is an employee who took part in at least one trip that month;
// - CO2 saved = passenger miles x the average-car emission factor in force for the month (each
//   passenger would otherwise have driven alone); the driver's own miles save nothing.

/**
 * One row of the participation ranking. Rows are ordered by `totalTrips`, then `totalDistance`,
 * both descending; rows equal on both share a `position` (1, 2, 2, 4) and are listed in a stable
 * order among themselves.
 */
export const participationRowSchema = lazySchema(() => z.object({
  /** The employee's id (`GET /api/employees/{id}` answers the details). */
  id: idSchema,
  position: z.number().check(z.int(), z.positive()),
  name: z.string(),
  department: z.nullable(z.string()),
  /** Trips taken part in as driver or passenger. */
  totalTrips: z.number().check(z.int(), z.nonnegative()),
  /** Miles of those trips, 2 decimals. */
  totalDistance: z.number().check(z.nonnegative()),
  tripsAsDriver: z.number().check(z.int(), z.nonnegative()),
  tripsAsPassenger: z.number().check(z.int(), z.nonnegative()),
  /** Driver when the employee has a registered vehicle, else Passenger. */
  accountType: z.enum(['Passenger', 'Driver']),
  /** `qualifiesForTrips` or `qualifiesForMiles`. */
  qualify: z.boolean(),
  /**
   * The month's trips reached the company's `numberOfTrips` threshold (a threshold of 0 means no
   * trips reward). In the all-time ranking: the current UTC month's trips.
   */
  qualifiesForTrips: z.boolean(),
  /** The same for miles against `numberOfMiles`. */
  qualifiesForMiles: z.boolean(),
}));
export type ParticipationRow = z.infer<typeof participationRowSchema>;

export const journeyGroupMemberSchema = lazySchema(() => z.object({ id: idSchema, name: z.string() }));
export type JourneyGroupMember = z.infer<typeof journeyGroupMemberSchema>;

/** A journey group with its figures for the period asked (a month, or all time without one). */
export const journeyGroupSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  /** Members in name order. */
  members: z.array(journeyGroupMemberSchema),
  meetingPoints: z.array(z.string()),
  /** Trips recorded for the group in the period. */
  trips: z.number().check(z.int(), z.nonnegative()),
  /** Miles driven on those trips, 2 decimals. */
  miles: z.number().check(z.nonnegative()),
  /** Passenger miles on those trips x the emission factor, kg CO2e, 2 decimals. */
  co2SavedKg: z.number().check(z.nonnegative()),
  createdAt: isoDateTime,
  /**
   * Whether the caller may rename and delete it: always for an admin of the whole company; for an
   * admin limited to some offices, only when every member is of their offices (decision 0053).
   */
  manageable: z.boolean(),
}));
export type JourneyGroup = z.infer<typeof journeyGroupSchema>;

/** A journey group as the mobile app lists it for an employee of the company. */
export const myJourneyGroupSchema = lazySchema(() => z.object({
  id: idSchema,
  name: z.string(),
  members: z.array(journeyGroupMemberSchema),
  meetingPoints: z.array(z.string()),
  /** The caller is a member. */
  isMember: z.boolean(),
}));
export type MyJourneyGroup = z.infer<typeof myJourneyGroupSchema>;

export const feedbackSchema = lazySchema(() => z.object({
  id: idSchema,
  employeeId: idSchema,
  fullName: z.string(),
  employeeNumber: z.string(),
  feedbackText: z.string(),
  createdAt: isoDateTime,
}));
export type Feedback = z.infer<typeof feedbackSchema>;

/** One emission factor: a row of data with the month it applies from, never a literal in code. */
export const emissionFactorSchema = lazySchema(() => z.object({
  /** `direct` (tailpipe) or `wellToTank` (fuel production and delivery). */
  kind: z.enum(['direct', 'wellToTank']),
  /** kg CO2e per vehicle mile. */
  kgPerMile: z.number(),
  /** kg CO2e per vehicle km, as published. */
  kgPerKm: z.number(),
  /** e.g. "kg CO2e per mile". */
  unit: z.string(),
  /** e.g. "Scope 1 (direct)" or "Scope 3 (well-to-tank)". */
  scope: z.string(),
  /** The activity the factor describes, e.g. "Cars (by size), Average car, Unknown fuel". */
  activity: z.string(),
  source: z.string(),
  /** The publication year of the factor set. */
  year: z.number().check(z.int()),
  /** The first day (UTC, YYYY-MM-DD) of the first month the factor applies to. */
  validFrom: z.string(),
}));
export type EmissionFactor = z.infer<typeof emissionFactorSchema>;

/** The company's choice of factors: direct emissions always, well-to-tank when the company includes it. */
export const emissionSettingsSchema = lazySchema(() => z.object({
  includeWellToTank: z.boolean(),
  /** The factors in force for the current month; `wellToTank` is listed whether or not it is included. */
  factors: z.array(emissionFactorSchema),
}));
export type EmissionSettings = z.infer<typeof emissionSettingsSchema>;

/** The dashboard for one month. Percentages are 0..100 with 1 decimal; 0 when the denominator is 0. */
export const dashboardSummarySchema = lazySchema(() => z.object({
  year: z.number().check(z.int()),
  month: z.number().check(z.int(), z.gte(1), z.lte(12)),
  /** Participants of the month: employees who took part in at least one trip (as driver or passenger). */
  totalParticipants: z.number().check(z.int(), z.nonnegative()),
  /** Journey groups the company has now. */
  journeyGroups: z.number().check(z.int(), z.nonnegative()),
  /** Journey groups with at least one trip in the month. */
  activeJourneyGroups: z.number().check(z.int(), z.nonnegative()),
  /** Trips recorded in the month. */
  totalTrips: z.number().check(z.int(), z.nonnegative()),
  /** Miles driven on the month's trips (each trip once), 2 decimals. */
  totalDistanceMiles: z.number().check(z.nonnegative()),
  /** Miles travelled as a passenger (a trip's distance once per passenger), 2 decimals. */
  passengerMiles: z.number().check(z.nonnegative()),
  /** passengerMiles x the factor of the month, kg CO2e, 2 decimals. */
  co2SavedKg: z.number().check(z.nonnegative()),
  /** The incentives panel. */
  incentives: z.object({
    /** Active, approved employees of the company now: the denominator of the three figures. */
    activeEmployees: z.number().check(z.int(), z.nonnegative()),
    /** Employees whose trips in the month reached the trips threshold (0 when the company sets none). */
    qualifiedForTrips: z.number().check(z.int(), z.nonnegative()),
    /** qualifiedForTrips / activeEmployees x 100. */
    qualifiedForTripsPercent: z.number().check(z.gte(0), z.lte(100)),
    /** Employees whose miles in the month reached the miles threshold (0 when the company sets none). */
    qualifiedForMiles: z.number().check(z.int(), z.nonnegative()),
    /** qualifiedForMiles / activeEmployees x 100. */
    qualifiedForMilesPercent: z.number().check(z.gte(0), z.lte(100)),
    /** Participation rate: totalParticipants / activeEmployees x 100 (capped at 100). */
    participationPercent: z.number().check(z.gte(0), z.lte(100)),
    /** The thresholds used (0 = no reward of that kind). */
    numberOfTrips: z.number().check(z.int(), z.nonnegative()),
    numberOfMiles: z.number().check(z.int(), z.nonnegative()),
  }),
}));
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** One month of the dashboard's trend chart. */
export const monthlyTrendPointSchema = lazySchema(() => z.object({
  year: z.number().check(z.int()),
  month: z.number().check(z.int(), z.gte(1), z.lte(12)),
  trips: z.number().check(z.int(), z.nonnegative()),
  distanceMiles: z.number().check(z.nonnegative()),
  passengerMiles: z.number().check(z.nonnegative()),
  co2SavedKg: z.number().check(z.nonnegative()),
  /** Participants of that month (see dashboardSummarySchema). */
  activeParticipants: z.number().check(z.int(), z.nonnegative()),
}));
export type MonthlyTrendPoint = z.infer<typeof monthlyTrendPointSchema>;
/** The 12 months ending with the month asked, oldest first, months without trips included as zeros. */
export const monthlyTrendSchema = lazySchema(() => z.object({ months: z.array(monthlyTrendPointSchema) }));
export type MonthlyTrend = z.infer<typeof monthlyTrendSchema>;

/** What the CO2 modal shows: the formula's inputs for a month and where the factor comes from. */
export const co2ReportSchema = lazySchema(() => z.object({
  year: z.number().check(z.int()),
  month: z.number().check(z.int(), z.gte(1), z.lte(12)),
  passengerMiles: z.number().check(z.nonnegative()),
  /** The factor applied: direct, plus well-to-tank when the company includes it; 5 decimals. */
  kgPerMile: z.number(),
  /** passengerMiles x kgPerMile, 2 decimals. */
  co2SavedKg: z.number().check(z.nonnegative()),
  /** "passenger miles x kg CO2e per mile" in words, for the modal. */
  formula: z.string(),
  /** Source, year and scope of each factor applied, in one line. */
  factorSource: z.string(),
  includeWellToTank: z.boolean(),
  /** The factors in force for the month (well-to-tank listed even when not included). */
  factors: z.array(emissionFactorSchema),
}));
export type Co2Report = z.infer<typeof co2ReportSchema>;

/**
 * Where a trip stands in the company's figures: `counted` (in every figure from the start), `flagged`
 * (unusual: kept but in no figure until the employer decides), `confirmed` (flagged, then confirmed by
 * the employer: counted since), `rejected` (flagged, then rejected: never counted).
 */
export const TRIP_REVIEWS = ['counted', 'flagged', 'confirmed', 'rejected'] as const;
export type TripReview = (typeof TRIP_REVIEWS)[number];
/**
 * Why a trip was flagged (docs/decisions/0030-trips-that-count.md): `dayDistance`, the driver's miles
 * that UTC day are far above the company's usual; `personOverlap`, someone on the trip was on
 * another driver's trip at the same time. The list may grow.
 */
export const TRIP_FLAGS = ['dayDistance', 'personOverlap'] as const;
export type TripFlagReason = (typeof TRIP_FLAGS)[number];

/** A trip as the mobile app gets it back. */
export const tripSchema = lazySchema(() => z.object({
  id: idSchema,
  clientTripId: z.string(),
  driverId: idSchema,
  startedAt: isoDateTime,
  /** 2 decimals (stored in hundredths of a mile). */
  distanceMiles: z.number().check(z.positive()),
  passengerIds: z.array(idSchema),
  journeyGroupId: z.nullable(idSchema),
  createdAt: isoDateTime,
  review: z.enum(TRIP_REVIEWS),
  /** Why it waits for the employer (empty unless it was flagged). */
  flagReasons: z.array(z.enum(TRIP_FLAGS)),
}));
export type Trip = z.infer<typeof tripSchema>;

/** One reason a trip waits for review, with the figures the employer needs to judge it. */
export const tripFlagSchema = lazySchema(() => z.discriminatedUnion('reason', [
  z.object({
    reason: z.literal('dayDistance'),
    /** The driver's miles that UTC day, this trip included, when it was recorded. */
    dayMiles: z.number(),
    /** The most a day may have without review: the company's usual then. */
    limitMiles: z.number(),
  }),
  z.object({
    reason: z.literal('personOverlap'),
    /** Who was on another driver's trip at the same time (names as they are now). */
    people: z.array(z.string()),
  }),
]));
export type TripFlag = z.infer<typeof tripFlagSchema>;

/** A flagged trip as the employer reviews it. */
export const flaggedTripSchema = lazySchema(() => z.object({
  id: idSchema,
  startedAt: isoDateTime,
  distanceMiles: z.number().check(z.positive()),
  /** Null once the driver's account is deleted. */
  driver: z.object({ id: z.nullable(idSchema), name: z.string() }),
  passengers: z.array(z.object({ id: idSchema, name: z.string() })),
  journeyGroup: z.nullable(z.string()),
  recordedAt: isoDateTime,
  flags: z.array(tripFlagSchema),
}));
export type FlaggedTrip = z.infer<typeof flaggedTripSchema>;

/**
 * What waits for a super admin: drivers and vehicles to verify (rejected drivers wait for the driver,
 * not for the admin, so they are not counted), approved drivers whose follow-up is due, and
 * employers that signed up in the last 7 days.
 */
export const NOTIFICATION_KINDS = ['pendingDrivers', 'pendingVehicles', 'followUpsDue', 'newEmployers'] as const;
export const notificationSummarySchema = lazySchema(() => z.object({
  /** The badge: the sum of the counts. */
  count: z.number().check(z.int(), z.nonnegative()),
  counts: z.object({
    pendingDrivers: z.number().check(z.int(), z.nonnegative()),
    pendingVehicles: z.number().check(z.int(), z.nonnegative()),
    followUpsDue: z.number().check(z.int(), z.nonnegative()),
    newEmployers: z.number().check(z.int(), z.nonnegative()),
  }),
  /** One entry per kind with something waiting, for the dropdown. */
  items: z.array(
    z.object({
      kind: z.enum(NOTIFICATION_KINDS),
      count: z.number().check(z.int(), z.positive()),
      text: z.string(),
      /** The portal route of the list that shows them, with its filter (`/approved-drivers?followUp=due`). */
      link: z.string(),
    }),
  ),
}));
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

// ---------------------------------------------------------------- billing
export const BILLING_INTERVALS = ['month', 'year'] as const;
/** Invoice statuses the api stores; the screen styles paid, processing, and anything else as not paid. */
export const INVOICE_STATUSES = ['paid', 'processing', 'failed', 'refunded'] as const;


export const trialSchema = lazySchema(() => z.object({
  startedAt: isoDateTime,
  endsAt: isoDateTime,
  /** The end of the grace period: `endsAt` plus `TRIAL.graceDays`. */
  graceEndsAt: isoDateTime,
  state: z.enum(TRIAL_STATES),
  /** Whole days until `endsAt`, counted up (0 once it has ended). */
  daysLeft: z.number().check(z.int(), z.nonnegative()),
}));
export type Trial = z.infer<typeof trialSchema>;

/**
 * The spec's Billing entity plus what the trial, the start of the subscription and the cancellation
 * need. Money is integer pence in storage. On a trial, `plan`, the fee and the interval are the terms
 * the subscription will start on, `currentPeriodStart` and `expiryDate` the trial's start and end, and
 * `paymentMethod` is null until one is chosen.
 */
export const billingSchema = lazySchema(() => z.object({
  companyName: z.string(),
  /** "Trial", "Active" or "Cancelled" (SUBSCRIPTION_STATUSES). */
  subscriptionStatus: z.string(),
  /** Pounds, for display: `subscriptionFeePence / 100`. */
  subscriptionFee: z.number(),
  subscriptionFeePence: z.number().check(z.int()),
  plan: z.string(),
  billingInterval: z.enum(BILLING_INTERVALS),
  /** The VAT rate the fee includes, in basis points (2000 = 20%). */
  vatRateBp: z.number().check(z.int(), z.nonnegative()),
  /** A label such as "Visa ending 4242" or "Bank transfer"; null on a trial, before one is chosen. */
  paymentMethod: z.nullable(z.string()),
  /** The payment methods the subscription can be started with (one is chosen when it starts). */
  paymentMethods: z.array(z.string()),
  currentPeriodStart: isoDateTime,
  /** The end of the paid period (the spec's expiry date), or of the free trial: the service ends here when a cancellation is pending. */
  expiryDate: isoDateTime,
  /** A cancellation is pending: the subscription stays usable until `expiryDate`, then becomes Cancelled. */
  cancelAtPeriodEnd: z.boolean(),
  /** When the cancellation was asked for (pending or done); null when none. */
  cancelledAt: z.nullable(isoDateTime),
  /** The free trial, while the company is on it (status Trial); null once the subscription has started. */
  trial: z.nullable(trialSchema),
  /** When an administrator accepted the plan and started the subscription; null on a trial. */
  acceptedAt: z.nullable(isoDateTime),
}));
export type Billing = z.infer<typeof billingSchema>;


/** The operator's support contact as companies see it (scheme settings; each null until set). */
export const supportContactSchema = lazySchema(() => z.object({
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  hours: z.nullable(z.string()),
}));
export type SupportContact = z.infer<typeof supportContactSchema>;

/** The scheme's settings, as the back office reads and saves them. */
export const schemeSettingsSchema = lazySchema(() => z.object({
  /** The length of the free trial a new company starts on (0: none). */
  trialDays: z.number().check(z.int(), z.nonnegative()),
  supportEmail: z.nullable(z.string()),
  supportPhone: z.nullable(z.string()),
  supportHours: z.nullable(z.string()),
  /** When they were last saved (null: never, the defaults stand). */
  updatedAt: z.nullable(isoDateTime),
}));
export type SchemeSettings = z.infer<typeof schemeSettingsSchema>;

export const paymentHistoryEntrySchema = lazySchema(() => z.object({
  id: idSchema,
  /** Sequential per year: INV-2026-000123. */
  invoiceNo: z.string(),
  paymentType: z.string(),
  paymentDate: isoDateTime,
  /** Pounds, for display: `pricePence / 100`. */
  price: z.number(),
  pricePence: z.number().check(z.int()),
  /** paid, processing, anything else is not paid. */
  paymentStatus: z.string(),
  /** The invoice's PDF (billing.invoicePdf), a path under the portal's origin. */
  pdfUrl: z.string(),
}));
export type PaymentHistoryEntry = z.infer<typeof paymentHistoryEntrySchema>;

// ---------------------------------------------------------------- the paged lists section 3 names
export const employeePageSchema = lazySchema(() => pageOf(employeeSchema));
export type EmployeePage = z.infer<typeof employeePageSchema>;
export const participationPageSchema = lazySchema(() => pageOf(participationRowSchema));
export type ParticipationPage = z.infer<typeof participationPageSchema>;
export const journeyGroupPageSchema = lazySchema(() => pageOf(journeyGroupSchema));
export type JourneyGroupPage = z.infer<typeof journeyGroupPageSchema>;
export const feedbackPageSchema = lazySchema(() => pageOf(feedbackSchema));
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;
export const userPageSchema = lazySchema(() => pageOf(userListItemSchema));
export type UserPage = z.infer<typeof userPageSchema>;
export const employerPageSchema = lazySchema(() => pageOf(employerListItemSchema));
export type EmployerPage = z.infer<typeof employerPageSchema>;
export const driverPageSchema = lazySchema(() => pageOf(driverSchema));
export type DriverPage = z.infer<typeof driverPageSchema>;
