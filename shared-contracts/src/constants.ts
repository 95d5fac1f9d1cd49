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

/**
 * Average-car emission factor used for CO2 saved (DESIGN.md section 6).
 * UK government GHG conversion factors 2024, "average car, unknown fuel": 0.16984 kg CO2e per km,
 * i.e. 0.27332 kg per mile.
 */
export const EMISSION_FACTOR = { kgPerMile: 0.27332, source: 'UK DESNZ GHG conversion factors 2024, average car', asOf: '2024-06-01' } as const;

export const POLICY_FACTS = {
  minimumAge: 16,
  memberDataRetentionMonths: 24,
  otherDataRetentionYears: 5,
  liabilityCapPounds: 1000,
  forceMajeureDays: 30,
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
