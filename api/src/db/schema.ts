import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_KINDS,
  BILLING_INTERVALS,
  DRIVER_HISTORY_KINDS,
  INVOICE_STATUSES,
  SUBSCRIPTION_STATUSES,
  TRIP_REVIEWS,
} from '@portal/shared-contracts';

/**
 * The portal's tables. Every id is a database-generated UUID; every time is `timestamptz`.
 * Later domains (employees, vehicles, trips, billing...) add columns and tables by new migrations:
 * employees are `users` rows with role Employee, so their columns go on `users` or a 1:1 table.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    /** ISO 3166-1 alpha-2; the country object (name, calling code, flag) is derived on reads. */
    countryCode: text('country_code').notNull().default('GB'),
    isActive: boolean('is_active').notNull().default(true),
    /** 0 SetUpCompany .. 3 SetUpComplete; the sign-up state of every user of the company. */
    signUpState: integer('sign_up_state').notNull().default(0),
    deactivationReason: text('deactivation_reason'),
    deactivatedBy: uuid('deactivated_by'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** CO2 saved adds the well-to-tank factor to the direct one (a company's choice, off by default). */
    includeWellToTank: boolean('include_well_to_tank').notNull().default(false),
    /** What the Category 7 report measures coverage against: the employer's own count of staff (null: not entered). */
    reportingHeadcount: integer('reporting_headcount'),
    /** The month (1-12) the company's reporting year starts: 1 is the calendar year. */
    reportingYearStartMonth: smallint('reporting_year_start_month').notNull().default(1),
    /** IANA time zone: when the company's day (its first working day of a month) begins. */
    timeZone: text('time_zone').notNull().default('Europe/London'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_country_code_alpha2', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('companies_sign_up_state_range', sql`${t.signUpState} between 0 and 3`),
    check('companies_reporting_headcount_range', sql`${t.reportingHeadcount} is null or ${t.reportingHeadcount} between 1 and 10000000`),
    check('companies_reporting_year_start_month_range', sql`${t.reportingYearStartMonth} between 1 and 12`),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    town: text('town').notNull(),
    postalCode: text('postal_code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('locations_company_idx').on(t.companyId),
    // What an employee's office refers to: the pair, so an office is always one of their own company's (migration 0027).
    uniqueIndex('locations_company_id_unique').on(t.companyId, t.id),
  ],
);

/** One incentive rule set per company. */
export const incentives = pgTable('incentives', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  generalRewardDescription: text('general_reward_description').notNull().default(''),
  numberOfMiles: integer('number_of_miles').notNull().default(0),
  numberOfMilesRewards: text('number_of_miles_rewards').notNull().default(''),
  numberOfTrips: integer('number_of_trips').notNull().default(0),
  numberOfTripsRewards: text('number_of_trips_rewards').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const USER_ROLES = ['SuperAdmin', 'Employer', 'Admin', 'Employee'] as const;

/**
 * A driving licence number as compared: upper case, without spaces or hyphens (the mobile app
 * stores it so; the shared link's sign-up keeps it as typed). The expression of `users_licence_key_idx`.
 */
export const licenceKey = (value: SQLWrapper | string) => sql`upper(regexp_replace(${value}, '[[:space:]-]', '', 'g'))`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept as typed; unique and looked up case-insensitively through `lower(email)`. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull(),
    /**
     * The tenant: the company an Employer runs (null before setup step 1), an Admin's or an
     * Employee's company; always null for SuperAdmin.
     */
    companyId: uuid('company_id').references(() => companies.id),
    isActive: boolean('is_active').notNull().default(true),
    deactivationReason: text('deactivation_reason'),
    deactivatedBy: uuid('deactivated_by'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // ---- employee columns (role Employee); null for the other roles
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    employeeNumber: text('employee_number'),
    department: text('department'),
    drivingLicenseNumber: text('driving_license_number'),
    postalCode: text('postal_code'),
    /** The employer accepted the join request; self-registered employees start false. */
    isApproved: boolean('is_approved').notNull().default(true),
    /** The driver's own verification by a super admin. */
    isDriverVerified: boolean('is_driver_verified').notNull().default(false),
    driverNotes: text('driver_notes'),
    driverFollowUpAt: timestamp('driver_follow_up_at', { withTimezone: true }),
    /** Set by a rejection; cleared when the driver is verified or changes licence or registration. */
    driverRejectedAt: timestamp('driver_rejected_at', { withTimezone: true }),
    /** When the invitation mail (set your password) was sent to an imported or added employee. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The identity provider's own id of the employee (SCIM `externalId`). */
    scimExternalId: text('scim_external_id'),
    /** A provider deleted the employee (SCIM DELETE): kept deactivated for the company's figures, gone from SCIM. */
    scimDeletedAt: timestamp('scim_deleted_at', { withTimezone: true }),
    /**
     * Set on the anonymous record that stands for an erased employee (docs/decisions/0044): it holds
     * their trips and figures under a new id, and nothing personal.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /**
     * The employee's office (one of the company's locations), null for "No office". The foreign key
     * is (company_id, office_id) -> locations (company_id, id) ON DELETE SET NULL (office_id), written
     * in migration 0027 (drizzle cannot say the column list).
     */
    officeId: uuid('office_id'),
    /**
     * An Admin limited to the offices `admin_offices` lists (docs/decisions/0051-office-administrators.md);
     * false: the whole company. A flag of its own, so an admin whose offices were all removed sees
     * nothing rather than everything.
     */
    officeLimited: boolean('office_limited').notNull().default(false),
    /**
     * What list searches match (case-insensitive contains): first and last name (or the name of
     * a non-employee), email, employee number. Kept by the database so a search never recomputes
     * it per row, and indexed with trigrams.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(first_name || ' ' || last_name, name) || ' ' || email || ' ' || coalesce(employee_number, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    // The employee list: one company, approved or pending, in name order, read a page at a time.
    index('users_employee_list_idx').on(t.companyId, t.role, t.isApproved, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    // Totals of the employee list: an index-only count, far smaller than the table.
    index('users_employee_count_idx').on(t.companyId, t.role, t.isApproved, t.isActive),
    // Case-insensitive contains-search (LIKE '%term%' on lowered text) through trigrams.
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The super admin's user list also searches phone numbers.
    index('users_phone_trgm_idx').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
    // The drivers list also searches driving licences.
    index('users_driving_license_trgm_idx').using('gin', sql`lower(${t.drivingLicenseNumber}) gin_trgm_ops`),
    // Drivers holding the same licence, however it was typed (migration 0018).
    index('users_licence_key_idx').on(licenceKey(t.drivingLicenseNumber)),
    // Employees of every company in name order (the drivers list walks it, probing vehicles).
    index('users_employee_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id).where(sql`${t.role} = 'Employee'`),
    // The driver's flags beside the id: the drivers' counts and the badge join it to the vehicles' index without reading either table.
    index('users_driver_flags_idx')
      .on(t.id, t.isDriverVerified, t.driverRejectedAt, t.driverFollowUpAt)
      .where(sql`${t.role} = 'Employee'`),
    // An employee number names one employee within a company.
    uniqueIndex('users_company_employee_number_unique')
      .on(t.companyId, sql`lower(${t.employeeNumber})`)
      .where(sql`${t.employeeNumber} is not null`),
    index('users_office_idx').on(t.companyId, t.officeId).where(sql`${t.role} = 'Employee'`),
    // An office's employees (or "No office"'s) as a set of ids, from the index alone (migration 0048).
    index('users_office_id_idx').on(t.officeId, t.id),
    // "No office"'s employees of one company, and the active employees of a view, from the index alone (migration 0051).
    index('users_no_office_idx').on(t.companyId, t.id).where(sql`${t.officeId} is null`),
    index('users_active_office_idx').on(t.companyId, t.officeId).where(sql`${t.role} = 'Employee' and ${t.isApproved} and ${t.isActive}`),
    index('users_scim_external_id_idx').on(t.companyId, t.scimExternalId).where(sql`${t.scimExternalId} is not null`),
    check('users_role_known', sql`${t.role} in ('SuperAdmin', 'Employer', 'Admin', 'Employee')`),
    check('users_super_admin_no_company', sql`${t.role} <> 'SuperAdmin' or ${t.companyId} is null`),
    // Erasure is irreversible (decision 0044): an erased employee's anonymous record is never active, whatever the code checks.
    check('users_erased_inactive', sql`${t.erasedAt} is null or not ${t.isActive}`),
    check('users_office_limited_admin', sql`not ${t.officeLimited} or ${t.role} = 'Admin'`),
  ],
);

/** An employee's car (document 2: drivers and vehicles); at most one per employee. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearManufactured: integer('year_manufactured'),
    color: text('color'),
    registrationNumber: text('registration_number').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    notes: text('notes'),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The vehicle's flag and follow-up beside the driver's id (see users_driver_flags_idx).
  (t) => [index('vehicles_user_flags_idx').on(t.userId, t.isVerified, t.followUpAt)],
);

/** A driver's verification history: every verification, rejection and change of details. */
export const driverVerificationEvents = pgTable(
  'driver_verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DRIVER_HISTORY_KINDS }).notNull(),
    notes: text('notes'),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    /** Who did it (a super admin, or the driver); the name is kept when the account is deleted. */
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('driver_verification_events_driver_idx').on(t.driverId, t.createdAt.desc()),
    index('driver_verification_events_by_idx').on(t.byUserId),
    check('driver_verification_events_kind_known', sql`${t.kind} in (${sql.raw(DRIVER_HISTORY_KINDS.map((k) => `'${k}'`).join(', '))})`),
  ],
);

/**
 * The spec's "employer user" record (`employerUserId`): one per Employer/Admin user. The company
 * is the user's `company_id` (one source of truth for tenancy).
 */
export const employerUsers = pgTable('employer_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * The offices an office-limited admin manages (docs/decisions/0051-office-administrators.md). The
 * foreign key (company_id, office_id) -> locations (company_id, id) ON DELETE CASCADE is written in
 * migration 0035 (drizzle cannot say the column list): an office of another company cannot be named,
 * and removing an office takes it out of every limit.
 */
export const adminOffices = pgTable(
  'admin_offices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    officeId: uuid('office_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.officeId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token (hex); the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end; the idle end is `last_seen_at` + the idle timeout of its kind. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Set when the session was opened through a company's provider (single sign-on). */
    ssoIssuer: text('sso_issuer'),
    /** The provider's session id (`sid`), which its back-channel logout names. */
    ssoSid: text('sso_sid'),
    /** The ID token, encrypted: the hint of the provider's logout (RP-initiated). */
    ssoIdTokenEnc: text('sso_id_token_enc'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_sso_sid_idx').on(t.ssoIssuer, t.ssoSid).where(sql`${t.ssoSid} is not null`),
  ],
);

/**
 * A company's SCIM bearer tokens (docs/decisions/0039-scim-provisioning.md): 256 random bits shown
 * once, stored as SHA-256. Revoking deletes the row, so every instance refuses the token at once.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('scim_tokens_token_hash_unique').on(t.tokenHash), uniqueIndex('scim_tokens_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

/** A company's OpenID provider (one at most); the client secret is encrypted under SECRETS_KEY (lib/secrets.ts). */
export const ssoConnections = pgTable('sso_connections', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEnc: text('client_secret_enc').notNull(),
  /** The company's administrators may still sign in with a password. */
  passwordsAllowed: boolean('passwords_allowed').notNull().default(true),
  /** Employees of a verified domain are approved at their first sign-in instead of waiting as a join request. */
  autoApprove: boolean('auto_approve').notNull().default(false),
  /** The ID token claim that names the employee's office, or null (docs/decisions/0054). */
  officeClaim: text('office_claim'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An email domain a company claims; it counts once its DNS TXT record is verified, for one company only. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_domains_company_domain_unique').on(t.companyId, t.domain),
    uniqueIndex('sso_domains_verified_unique').on(t.domain).where(sql`${t.verifiedAt} is not null`),
    check('sso_domains_lower_case', sql`${t.domain} = lower(${t.domain})`),
  ],
);

/** A user's account at a provider: (issuer, subject) names one user. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_identities_issuer_subject_unique').on(t.issuer, t.subject), index('sso_identities_user_idx').on(t.userId)],
);

/** One sign-in through a provider, from its start to the exchange of its one-time code. */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    client: text('client', { enum: ['web', 'mobile'] }).notNull(),
    /** SHA-256 of the browser's binding cookie (web). */
    browserHash: text('browser_hash'),
    appRedirectUri: text('app_redirect_uri'),
    appCodeChallenge: text('app_code_challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    calledBackAt: timestamp('called_back_at', { withTimezone: true }),
    codeHash: text('code_hash'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    idTokenEnc: text('id_token_enc'),
    providerSid: text('provider_sid'),
    exchangedAt: timestamp('exchanged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_logins_state_hash_unique').on(t.stateHash),
    uniqueIndex('sso_logins_code_hash_unique').on(t.codeHash),
    index('sso_logins_expires_idx').on(t.expiresAt),
    check('sso_logins_client_known', sql`${t.client} in ('web', 'mobile')`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * `reset` (forgot password, 30 minutes) or `invitation` (an imported or added employee sets a
     * first password, 7 days). The reset-password endpoint accepts both: same page, same rules.
     */
    kind: text('kind').notNull().default('reset'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Mail kept when no SMTP server is configured (and readable by e2e tests through the outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    link: text('link'),
    createdAt: createdAt(),
    /**
     * `kept`: written without an SMTP server, read in the outbox only; `pending`: to be delivered
     * (or being delivered, see `claimedUntil`); `sent`; `failed`: given up, shown to the super admin.
     */
    status: text('status').notNull(),
    /** Delivery attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a sender may take the row next (a retry waits). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a sender delivers the row: until then no other instance takes it. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The SMTP server's answer (or the connection error) of the last failed attempt. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Extra header fields of the mail, e.g. `List-Unsubscribe` (RFC 8058). */
    headers: jsonb('headers'),
    /** Files sent with the mail: `{ filename, contentType, content }[]`, text content. */
    attachments: jsonb('attachments'),
  },
  (t) => [
    index('mail_outbox_to_idx').on(sql`lower(${t.to})`, t.createdAt),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_failed_idx').on(t.createdAt).where(sql`${t.status} = 'failed'`),
    check('mail_outbox_status_known', sql`${t.status} in ('kept', 'pending', 'sent', 'failed')`),
  ],
);

/** Authentication log (ASVS 16.3.1): who, what, from where; never a password or a token. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    userId: uuid('user_id'),
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_events_user_idx').on(t.userId), index('auth_events_created_idx').on(t.createdAt)],
);

/** Fixed-window counters shared by every api instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export type CompanyRow = typeof companies.$inferSelect;

// ---------------------------------------------------------------- insights
// Trips come from the mobile app; every insight is read from the roll-ups below, which the trip's
// own transaction keeps up to date (docs/decisions/0008-insights-data.md). Distances are integers
// of hundredths of a mile, so sums never drift; months are the first day of a UTC month.

export const journeyGroups = pgTable(
  'journey_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `nameKey(name)` from shared-contracts, written with the name: what makes it unique. */
    nameKey: text('name_key').notNull(),
    meetingPoints: text('meeting_points').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Unique per company whatever the case and the Unicode form a name was typed in (migration 0017):
  // on the key the api computes, never on the database's `lower`, which depends on its collation.
  (t) => [uniqueIndex('journey_groups_company_name_unique').on(t.companyId, t.nameKey)],
);

export const journeyGroupMembers = pgTable(
  'journey_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => journeyGroups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    // The member's office (their user's `office_id`), kept by triggers (migration 0051): never written by the api.
    officeId: uuid('office_id'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('journey_group_members_user_idx').on(t.userId),
    // The groups with a member in an office (or in "No office") from the index alone (migration 0051).
    index('journey_group_members_office_idx').on(t.officeId, t.groupId),
  ],
);

export const trips = pgTable(
  'trips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null once the driver's account is deleted: the trip stays in the company's figures. */
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
    /** The app's own id of the trip: a retried post with the same (driver, id) is the same trip. */
    clientTripId: text('client_trip_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    distanceHundredths: integer('distance_hundredths').notNull(),
    passengerCount: smallint('passenger_count').notNull(),
    journeyGroupId: uuid('journey_group_id').references(() => journeyGroups.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /**
     * Whether the trip is in the roll-ups: `counted` and `confirmed` are, `flagged` (waiting for the
     * employer) and `rejected` are not (docs/decisions/0030-trips-that-count.md).
     */
    status: text('status', { enum: TRIP_REVIEWS }).notNull().default('counted'),
    /** Why it was flagged, with the figures of the moment (`StoredTripFlag[]`, trips/review.ts). */
    flags: jsonb('flags').notNull().default(sql`'[]'::jsonb`),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('trips_driver_client_trip_unique').on(t.driverId, t.clientTripId),
    index('trips_company_started_idx').on(t.companyId, t.startedAt),
    // The group's trips only (migration 0053): most trips have none.
    index('trips_journey_group_idx').on(t.journeyGroupId).where(sql`${t.journeyGroupId} is not null`),
    // A driver's trips near a moment: the overlap, the day's count and miles when a trip is recorded.
    index('trips_driver_started_idx').on(t.driverId, t.startedAt),
    // The employer's review list, newest first, a page at a time.
    index('trips_flagged_idx').on(t.companyId, t.startedAt.desc(), t.id.desc()).where(sql`${t.status} = 'flagged'`),
    check('trips_distance_range', sql`${t.distanceHundredths} between 1 and 50000`),
    check('trips_passenger_count_range', sql`${t.passengerCount} between 1 and 8`),
    check('trips_status_known', sql`${t.status} in (${sql.raw(TRIP_REVIEWS.map((r) => `'${r}'`).join(', '))})`),
  ],
);

export const tripPassengers = pgTable(
  'trip_passengers',
  {
    tripId: uuid('trip_id')
      .notNull()
      .references(() => trips.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tripId, t.passengerId] }), index('trip_passengers_passenger_idx').on(t.passengerId)],
);

/** Feedback an employee leaves in the mobile app. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    feedbackText: text('feedback_text').notNull(),
    createdAt: createdAt(),
  },
  // The list: one company, newest first.
  (t) => [index('feedbacks_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Emission factors as dated data: a new year's factor is a row. A factor applies to whole UTC
 * months from `valid_from` (the first of a month) until the next row of its kind.
 */
export const emissionFactors = pgTable(
  'emission_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `direct` or `wellToTank`. */
    kind: text('kind').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    kgPerMile: numeric('kg_per_mile', { precision: 10, scale: 5 }).notNull(),
    kgPerKm: numeric('kg_per_km', { precision: 10, scale: 5 }).notNull(),
    unit: text('unit').notNull(),
    scope: text('scope').notNull(),
    activity: text('activity').notNull(),
    source: text('source').notNull(),
    year: integer('year').notNull(),
  },
  (t) => [
    uniqueIndex('emission_factors_kind_valid_from_unique').on(t.kind, t.validFrom),
    check('emission_factors_kind_known', sql`${t.kind} in ('direct', 'wellToTank')`),
    check('emission_factors_month_start', sql`extract(day from ${t.validFrom}) = 1`),
    check('emission_factors_positive', sql`${t.kgPerMile} > 0 and ${t.kgPerKm} > 0`),
  ],
);

/** An employee's part in trips: as driver, as passenger, and both (what the ranking orders by). */
const participationCounters = () => ({
  tripsAsDriver: integer('trips_as_driver').notNull().default(0),
  tripsAsPassenger: integer('trips_as_passenger').notNull().default(0),
  driverHundredths: bigint('driver_hundredths', { mode: 'number' }).notNull().default(0),
  passengerHundredths: bigint('passenger_hundredths', { mode: 'number' }).notNull().default(0),
  totalTrips: integer('total_trips').generatedAlwaysAs(sql`trips_as_driver + trips_as_passenger`),
  totalHundredths: bigint('total_hundredths', { mode: 'number' }).generatedAlwaysAs(sql`driver_hundredths + passenger_hundredths`),
});

/** Per employee and month: what the participation ranking, the qualifiers and the exports read. */
export const employeeMonthlyStats = pgTable(
  'employee_monthly_stats',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...participationCounters(),
  },
  (t) => [
    // Led by the employee: one person's rows (export, erasure, a user's cascade) without an index of
    // their own; every trip writes an entry into each index (migration 0055).
    primaryKey({ columns: [t.employeeId, t.month, t.companyId] }),
    // The ranking in its order, a page at a time, the count of trips qualifiers as a range, and every
    // read of a company's month (the miles qualifiers filtered on it).
    index('employee_monthly_stats_rank_idx').on(t.companyId, t.month, t.totalTrips.desc(), t.totalHundredths.desc(), t.employeeId),
  ],
);

/** Per employee over all time: the Employee Participation tab. */
export const employeeTripTotals = pgTable(
  'employee_trip_totals',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...participationCounters(),
  },
  (t) => [
    // Led by the employee, as employee_monthly_stats' (migration 0055); the company's reads use the rank index.
    primaryKey({ columns: [t.employeeId, t.companyId] }),
    index('employee_trip_totals_rank_idx').on(t.companyId, t.totalTrips.desc(), t.totalHundredths.desc(), t.employeeId),
  ],
);

/** Per journey group and month: the groups list, its export and the active-groups figure. */
export const journeyGroupMonthlyStats = pgTable(
  'journey_group_monthly_stats',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => journeyGroups.id, { onDelete: 'cascade' }),
    trips: integer('trips').notNull().default(0),
    distanceHundredths: bigint('distance_hundredths', { mode: 'number' }).notNull().default(0),
    passengerHundredths: bigint('passenger_hundredths', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.groupId] }), index('journey_group_monthly_stats_group_idx').on(t.groupId, t.month)],
);

/**
 * Per company and month: the dashboard tiles and the trend. `participants` counts the employees
 * who took part that month (kept when one of them is later deleted: it happened).
 */
export const companyMonthlyStats = pgTable(
  'company_monthly_stats',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    trips: integer('trips').notNull().default(0),
    distanceHundredths: bigint('distance_hundredths', { mode: 'number' }).notNull().default(0),
    passengerHundredths: bigint('passenger_hundredths', { mode: 'number' }).notNull().default(0),
    participants: integer('participants').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);

/**
 * Shares of company_monthly_stats not yet folded into it: a counted trip appends one in its own
 * transaction and the recording folds them right after its commit (decision 0057).
 */
export const companyMonthlyStatDeltas = pgTable(
  'company_monthly_stat_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    trips: integer('trips').notNull(),
    distanceHundredths: bigint('distance_hundredths', { mode: 'number' }).notNull(),
    passengerHundredths: bigint('passenger_hundredths', { mode: 'number' }).notNull(),
    participants: integer('participants').notNull(),
  },
  (t) => [index('company_monthly_stat_deltas_company_idx').on(t.companyId, t.month)],
);

// ---------------------------------------------------------------- billing
// One subscription per company and its invoices; money is integer pence, never a float
// (docs/decisions/0013-billing.md).

/** `'a', 'b'` for a check constraint over a list of known values. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One per company: its free trial (status `Trial`: no payment method, no paid period, never invoiced)
 * until an administrator accepts the plan and chooses how to pay; then the subscription
 * (docs/decisions/0013-billing.md, 0033-trial-and-consent.md).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .unique()
      .references(() => companies.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    /** `Trial` (not accepted), `Active` (possibly with a cancellation pending), or `Cancelled` once the paid period has ended. */
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('Trial'),
    /** What each period costs, VAT included (on a trial: what it will cost). */
    feePence: integer('fee_pence').notNull(),
    billingInterval: text('billing_interval', { enum: BILLING_INTERVALS }).notNull(),
    /** Chosen when the subscription is accepted; null on a trial. */
    paymentMethod: text('payment_method'),
    /** The anchor of every period: period n runs from `started_at` + n intervals (month ends clamped). Null on a trial. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The free trial (kept after it is accepted); null for companies subscribed before trials existed. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** When the company was told by mail that its trial ended unaccepted (once: the job sets it with the mail). */
    trialEndNotifiedAt: timestamp('trial_end_notified_at', { withTimezone: true }),
    /** When and by whom the plan's terms were accepted (the audit log keeps who, as they were). */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The invoice job's scan: active subscriptions whose period has ended.
    index('subscriptions_due_idx').on(t.currentPeriodEnd).where(sql`${t.status} = 'Active'`),
    // The invoice job's scan: trials that ended unaccepted and whose company was not told yet.
    index('subscriptions_trial_notice_idx').on(t.trialEndsAt).where(sql`${t.status} = 'Trial' and ${t.trialEndNotifiedAt} is null`),
    check('subscriptions_status_known', sql`${t.status} in (${sqlList(SUBSCRIPTION_STATUSES)})`),
    check('subscriptions_interval_known', sql`${t.billingInterval} in (${sqlList(BILLING_INTERVALS)})`),
    check('subscriptions_fee_not_negative', sql`${t.feePence} >= 0`),
    check('subscriptions_period_order', sql`${t.currentPeriodEnd} > ${t.currentPeriodStart}`),
    check(
      'subscriptions_trial_shape',
      sql`${t.status} <> 'Trial' or (${t.trialStartedAt} is not null and ${t.trialEndsAt} >= ${t.trialStartedAt} and ${t.acceptedAt} is null and ${t.startedAt} is null)`,
    ),
    check(
      'subscriptions_accepted_shape',
      sql`${t.status} = 'Trial' or (${t.acceptedAt} is not null and ${t.paymentMethod} is not null and ${t.startedAt} is not null and ${t.currentPeriodStart} is not null and ${t.currentPeriodEnd} is not null)`,
    ),
  ],
);

/**
 * The scheme's settings, one row (`id` is always true): the free trial's length and the operator's
 * support contact, set by super admins in the back office.
 */
export const schemeSettings = pgTable(
  'scheme_settings',
  {
    id: boolean('id').primaryKey().default(true),
    trialDays: integer('trial_days').notNull().default(30),
    supportEmail: text('support_email'),
    supportPhone: text('support_phone'),
    supportHours: text('support_hours'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    /** The super admin who saved them last (no foreign key: the audit log names them as they were). */
    updatedBy: uuid('updated_by'),
  },
  (t) => [check('scheme_settings_one_row', sql`${t.id}`), check('scheme_settings_trial_days_range', sql`${t.trialDays} between 0 and 365`)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** `INV-<year>-<seq, six digits>`: one series per year, without gaps. */
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The total charged, VAT included. */
    amountPence: integer('amount_pence').notNull(),
    /** The VAT within the total, at `vat_rate_bp` in force when it was issued. */
    vatPence: integer('vat_pence').notNull(),
    /** The VAT rate in basis points (2000 = 20%). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    paymentType: text('payment_type').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A period is invoiced once, whichever api instance gets there first.
    uniqueIndex('invoices_subscription_period_unique').on(t.subscriptionId, t.periodStart),
    uniqueIndex('invoices_year_seq_unique').on(t.year, t.seq),
    // The payment history: one company, newest first.
    index('invoices_company_issued_idx').on(t.companyId, t.issuedAt.desc(), t.seq.desc()),
    check('invoices_status_known', sql`${t.status} in (${sqlList(INVOICE_STATUSES)})`),
    check('invoices_amounts', sql`${t.amountPence} >= 0 and ${t.vatPence} between 0 and ${t.amountPence}`),
    check('invoices_period_order', sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);

/** The last invoice number of each year's series, taken in the issuing transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** What the audit log's actor search looks in: the actor's name and email, lower case. */
export const auditActorText = (t: { actorName: SQLWrapper; actorEmail: SQLWrapper }) =>
  sql`lower(${t.actorName} || ' ' || coalesce(${t.actorEmail}, ''))`;

/**
 * The audit log: one row per administrative change, written in the change's own transaction.
 * Who, which company and the target are copied as they were (no foreign keys), so an entry
 * outlives the user, company or office it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    /** Null for the release tool, which has no account. */
    actorUserId: uuid('actor_user_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    summary: text('summary').notNull(),
    companyId: uuid('company_id'),
    companyName: text('company_name'),
    targetKind: text('target_kind', { enum: AUDIT_TARGET_KINDS }).notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    reason: text('reason'),
  },
  (t) => [
    // An employer's log (one company, newest first) and the super admin's (all, newest first).
    // The id breaks ties between entries of the same instant, so pages neither skip nor repeat one.
    // NULLS FIRST is what a plain `order by ... desc` means, so the planner reads these in order.
    index('audit_log_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The actor search (part of a name or an email, any case) without reading every entry.
    index('audit_log_actor_trgm_idx').using('gin', sql`${auditActorText(t)} gin_trgm_ops`),
    check('audit_log_action_known', sql`${t.action} in (${sqlList(AUDIT_ACTIONS)})`),
    check('audit_log_target_kind_known', sql`${t.targetKind} in (${sqlList(AUDIT_TARGET_KINDS)})`),
  ],
);

/**
 * Release health: per remote, version and minute, what users' browsers reported (telemetry module).
 * Counts, and latency histograms as arrays of bucket counts on a fixed log scale
 * (`modules/telemetry/aggregation.ts`); no event is kept as it came. Kept 30 days.
 */
export const telemetryMinutes = pgTable(
  'telemetry_minutes',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    pageViews: integer('page_views').notNull().default(0),
    loadsFailed: integer('loads_failed').notNull().default(0),
    renderErrors: integer('render_errors').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    loadMs: integer('load_ms').array().notNull(),
    lcpMs: integer('lcp_ms').array().notNull(),
    inpMs: integer('inp_ms').array().notNull(),
    /** CLS x 1000 on the same scale. */
    cls: integer('cls').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.remote, t.version, t.minute] }),
    // The retention job's delete and a window over every version.
    index('telemetry_minutes_minute_idx').on(t.minute),
  ],
);

/** Error messages as reported (truncated, emails and tokens replaced), counted per minute; kept 7 days. */
export const telemetryErrorSamples = pgTable(
  'telemetry_error_samples',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['render-error', 'error'] }).notNull(),
    message: text('message').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.minute, t.kind, t.message] }), index('telemetry_error_samples_minute_idx').on(t.minute)],
);

/**
 * The versions release.json names (stable, canary, the rollback list): the only ones whose telemetry
 * is stored (docs/decisions/0029). Written by the process that owns the release store (the portal
 * server, from the manifest it serves; the release CLI when it reaches the database); at most 12 a
 * remote, so what the figures hold per remote and minute is bounded.
 */
export const releaseVersions = pgTable(
  'release_versions',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    role: text('role', { enum: ['stable', 'canary', 'previous'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version] }), check('release_versions_role_known', sql`${t.role} in ('stable', 'canary', 'previous')`)],
);

/**
 * What one sender (a client address, IPv6 by /64, or a signed-in user; stored as a keyed hash, never
 * the address) sent for one remote version in one half hour: `offered_*` all it sent (its budget is
 * taken from them), `page_views` and `failures` what was counted, `last_view_at` the minute of its
 * latest counted page view. Distinct senders and the largest one's share are read from here. Kept 7 days; at most `SENDERS_PER_REMOTE_WINDOW` rows a remote and
 * half hour.
 */
export const telemetrySenders = pgTable(
  'telemetry_senders',
  {
    remote: text('remote').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    version: text('version').notNull(),
    sender: text('sender').notNull(),
    offeredViews: integer('offered_views').notNull().default(0),
    offeredFailures: integer('offered_failures').notNull().default(0),
    offeredErrors: integer('offered_errors').notNull().default(0),
    offeredLcp: integer('offered_lcp').notNull().default(0),
    offeredInp: integer('offered_inp').notNull().default(0),
    offeredCls: integer('offered_cls').notNull().default(0),
    pageViews: integer('page_views').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    /** The minute of its latest counted page view in this half hour: a window's senders are those with one in it. */
    lastViewAt: timestamp('last_view_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.remote, t.windowStart, t.version, t.sender] }), index('telemetry_senders_window_idx').on(t.windowStart)],
);

/** The key of the senders' hashes: drawn once by the migration, never leaves the database. */
export const telemetrySenderKey = pgTable(
  'telemetry_sender_key',
  {
    id: integer('id').primaryKey().default(1),
    key: text('key').notNull(),
  },
  (t) => [check('telemetry_sender_key_one_row', sql`${t.id} = 1`)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * A produced Scope 3 Category 7 report as it was sent: its three files with their SHA-256, so a
 * later factor row, trip review or erasure never changes what was filed (docs/decisions/0043).
 */
export const category7Reports = pgTable(
  'category7_reports',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    startMonth: smallint('start_month').notNull(),
    producedAt: timestamp('produced_at', { withTimezone: true }).notNull().defaultNow(),
    producedBy: uuid('produced_by').references(() => users.id, { onDelete: 'set null' }),
    /** The figures, as compared to tell whether a new request would produce the same report. */
    summary: jsonb('summary').notNull(),
    csv: text('csv').notNull(),
    csvSha256: text('csv_sha256').notNull(),
    pdf: bytea('pdf').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    tripsGzip: bytea('trips_gzip').notNull(),
    tripsSha256: text('trips_sha256').notNull(),
    /** The office the report covers: `all` (the company), `none` (employees without one) or an office's id (migration 0034). */
    office: text('office').notNull().default('all'),
  },
  (t) => [
    index('category7_reports_company_year_idx').on(t.companyId, t.year, t.office, t.producedAt.desc()),
    check('category7_reports_start_month_range', sql`${t.startMonth} between 1 and 12`),
    check('category7_reports_office_length', sql`char_length(${t.office}) <= 36`),
  ],
);

/**
 * An employee's request to be erased (docs/decisions/0044-data-rights-and-retention.md): the employer
 * carries it out, or the retention job does once `due_at` has passed. Once done the person is gone:
 * `user_id` is null and only the dates remain, as the proof the request was met.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per person.
    uniqueIndex('erasure_requests_open_unique').on(t.userId).where(sql`${t.completedAt} is null`),
    index('erasure_requests_company_idx').on(t.companyId, t.requestedAt).where(sql`${t.completedAt} is null`),
    index('erasure_requests_due_idx').on(t.dueAt).where(sql`${t.completedAt} is null`),
  ],
);

/**
 * Who gets the company's monthly report by mail (docs/decisions/0049-monthly-reports-by-mail.md):
 * up to 10 addresses, not necessarily portal users. An unsubscribed recipient stays listed (the
 * employer sees it) and gets no more mails.
 */
export const monthlyReportRecipients = pgTable(
  'monthly_report_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: createdAt(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('monthly_report_recipients_company_email_unique').on(t.companyId, sql`lower(${t.email})`)],
);

/**
 * One row per (recipient, month) ever claimed: written in the transaction that queues the mail, so
 * a month's mail exists at most once per recipient whatever the number of instances or restarts.
 * The unsubscribe token of that mail is kept as a SHA-256 hash.
 */
export const monthlyReportDeliveries = pgTable(
  'monthly_report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => monthlyReportRecipients.id, { onDelete: 'cascade' }),
    /** The first day of the month the report covers. */
    month: date('month').notNull(),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('monthly_report_deliveries_recipient_month_unique').on(t.recipientId, t.month),
    uniqueIndex('monthly_report_deliveries_token_unique').on(t.unsubscribeTokenHash),
    index('monthly_report_deliveries_company_idx').on(t.companyId, t.month),
  ],
);
