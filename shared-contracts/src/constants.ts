/** Business constants and limits (section 9 of both documents). */
export const LIMITS = {
  pageSize: 10,
  pendingFetchPageSize: 100,
  maxPageSize: 100,
  csvMaxBytes: 2 * 1024 * 1024,
  csvMimeType: 'text/csv',
  csvColumns: ['firstName', 'lastName', 'email', 'employeeNumber'] as const,
  csvMaxRows: 20_000,
  feedbackPreviewChars: 100,
  signup: { nameMax: 30, emailMax: 255, passwordMax: 20 },
  employeeSignup: { nameMax: 30, emailMax: 255, employeeNumberMax: 20, passwordMax: 20 },
  manualRow: { nameMax: 30, emailMax: 255, employeeNumberMax: 20 },
  changePassword: { newMin: 8, newMax: 100, currentMax: 100 },
  resetPasswordMax: 20,
  adminPasswordMin: 6,
  reasonMax: 500,
  notesMax: 1000,
  company: { nameMax: 100, emailMax: 255, phoneMax: 20 },
  location: { lineMax: 100, townMax: 60, postalCodeMax: 12 },
  incentive: { textMax: 500, numberMax: 1_000_000 },
} as const;

export const TIMINGS = {
  carouselMs: 10_000,
  redirectMs: 2_000,
  copiedMs: 1_000,
  toastMs: 3_000,
} as const;

export const DEFAULT_COUNTRY = 'GB';
export const CURRENCY_SYMBOL = '£';

/** Document 2 says the super-admin notification badge always shows 6; DESIGN.md makes it real. */
export const DASHBOARD_PLACEHOLDERS = { distance: 4280, co2Kg: 480, incentives: [48, 16, 29] } as const;

export const POLICY_FACTS = {
  minimumAge: 16,
  memberDataRetentionMonths: 24,
  otherDataRetentionYears: 5,
  liabilityCapPounds: 1000,
  forceMajeureDays: 30,
  /** The check-in that alerts a chosen contact. */
  checkInName: "I've Arrived",
  driverRequirements: ['a full driving licence', 'vehicle tax', 'a valid MOT', 'insurance'],
} as const;

export const ROLES = ['SuperAdmin', 'Employer', 'Admin', 'Employee'] as const;
export type Role = (typeof ROLES)[number];

/** Employer sign-up state (section 4): 0 SetUpCompany, 1 SetUpIncentive, 2 SetUpEmployee, 3 SetUpComplete. */
export const SignUpState = {
  SetUpCompany: 0,
  SetUpIncentive: 1,
  SetUpEmployee: 2,
  SetUpComplete: 3,
} as const;
export type SignUpStateValue = (typeof SignUpState)[keyof typeof SignUpState];

/** Header the portal sends on state-changing calls; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-portal-request';
/** Header carrying the remote versions a request came from, for the server log. */
export const RELEASE_HEADER = 'x-portal-release';
export const SESSION_COOKIE = '__Host-portal_session';
/** The cookie name used over plain http where `__Host-` (which needs Secure) is not wanted. */
export const SESSION_COOKIE_INSECURE = 'portal_session';

/** Sign-up states 0..3, in order. */
export const SIGN_UP_STATES = [
  SignUpState.SetUpCompany,
  SignUpState.SetUpIncentive,
  SignUpState.SetUpEmployee,
  SignUpState.SetUpComplete,
] as const;
export function isSignUpState(value: unknown): value is SignUpStateValue {
  return typeof value === 'number' && (SIGN_UP_STATES as readonly number[]).includes(value);
}

/**
 * Browser storage keys the spec names (document 1 s.3, document 2 s.3). The session token itself is
 * not kept in script-readable storage (DESIGN.md section 4); `token` is listed so it can be cleared.
 */
export const STORAGE_KEYS = {
  token: 'token',
  name: 'name',
  email: 'email',
  employerId: 'employerId',
  userId: 'userId',
  companyDetails: 'companyDetails',
} as const;
/** Session-storage flag set after a company is saved in setup step 1. */
export const SESSION_STORAGE_KEYS = { saved: 'saved' } as const;

/** The CSV template, a static file at the site root. */
export const CSV_TEMPLATE_PATH = '/employees.csv';

/** Display formats of section 9: follow-up picker and en-GB dates. */
export const FOLLOW_UP_FORMAT = 'dd-MM-yyyy HH:mm';
export const DATE_LOCALE = 'en-GB';

/** Document 2 shows a fixed badge of 6; DESIGN.md section 6 replaces it with a real count. */
export const NOTIFICATION_BADGE_PLACEHOLDER = 6;

/** Account types offered by the super admin's add-user form (document 2, section 9). */
export const ADD_USER_ACCOUNT_TYPES = ['SuperAdmin', 'Employer'] as const;
/** Role given to users added from the employer's User Management. */
export const EMPLOYER_ADDED_USER_ROLE = 'Admin' as const;

/** The subscription shows as active when its status equals this (document 1, section 4). */
export const SUBSCRIPTION_ACTIVE_STATUS = 'Active';
export type PaymentStatusKind = 'paid' | 'processing' | 'notPaid';
/** paid, processing, and anything else is not paid (document 1, section 4). */
export function paymentStatusKind(status: string | null | undefined): PaymentStatusKind {
  const s = (status ?? '').trim().toLowerCase();
  if (s === 'paid') return 'paid';
  if (s === 'processing') return 'processing';
  return 'notPaid';
}

/** The month picker holds a 0-based month; the calls send month + 1 (1..12). */
export const pickerMonthToApi = (monthIndex: number) => monthIndex + 1;
