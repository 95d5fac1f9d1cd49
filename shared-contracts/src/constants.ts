/** Business constants and limits (section 9 of both documents). */
export const LIMITS = {
  pageSize: 10,
  pendingFetchPageSize: 100,
  maxPageSize: 100,
  /** Ours: the highest page number a list takes (docs/api.md, "Paging"). */
  maxPageNumber: 1_000_000,
  csvMaxBytes: 2 * 1024 * 1024,
  csvMimeType: 'text/csv',
  csvColumns: ['firstName', 'lastName', 'email', 'employeeNumber'] as const,
  /** Columns a CSV file may also have; the template offers them. */
  csvOptionalColumns: ['department'] as const,
  /**
   * Ours: the employee's office (docs/decisions/0045-offices-as-a-dimension.md), read by the import
   * and roster sync but not in the template: an office is named as Company Details names it.
   */
  csvOfficeColumn: 'office',
  csvMaxRows: 20_000,
  /** A roster file that would deactivate more than this share of the active employees needs an explicit confirmation. */
  rosterLeavingShare: 0.5,
  feedbackPreviewChars: 100,
  signup: { nameMax: 30, emailMax: 255, passwordMax: 20 },
  employeeSignup: { nameMax: 30, emailMax: 255, employeeNumberMax: 20, passwordMax: 20 },
  manualRow: { nameMax: 30, emailMax: 255, employeeNumberMax: 20, departmentMax: 60 },
  changePassword: { newMin: 8, newMax: 100, currentMax: 100 },
  resetPasswordMax: 20,
  reasonMax: 500,
  notesMax: 1000,
  company: { nameMax: 100, emailMax: 255, phoneMax: 20 },
  location: { lineMax: 100, townMax: 60, postalCodeMax: 12 },
  incentive: { textMax: 500, numberMax: 1_000_000 },
  /** Ours: single sign-on (the provider form, domains, the mobile app's start and exchange). */
  sso: { issuerMax: 500, clientIdMax: 255, clientSecretMax: 500, domainMax: 253, domainsPerCompany: 20, codeMax: 100, codeChallengeMin: 43, codeChallengeMax: 128, redirectUriMax: 500, logoutTokenMax: 8192, officeClaimMax: 100, officeNameMax: 200 },
} as const;

export const TIMINGS = {
  carouselMs: 10_000,
  redirectMs: 2_000,
  copiedMs: 1_000,
  toastMs: 3_000,
} as const;

export const DEFAULT_COUNTRY = 'GB';
export const CURRENCY_SYMBOL = '£';

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

/**
 * The page's cache key of a company as `employers.get` answers it (the shell's query cache is shared by
 * every remote): the shell stores the company it read at sign-in or restore under it, and every page
 * reading the company or its offices finds it there instead of asking again.
 */
export function companyQueryKey(id: string): readonly ['employers', 'company', string] {
  return ['employers', 'company', id];
}

/** Header the portal sends on state-changing calls; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-portal-request';
/** The headers of every call the portal makes to the api: the anti-CSRF header, and JSON back. */
export const CALL_HEADERS: Readonly<Record<string, string>> = { [CSRF_HEADER]: '1', accept: 'application/json' };
/**
 * The session check's path (`accounts.me`): a signed-in tab's start asks it before the endpoint's
 * schema (with zod) has arrived, and checks the answer with that schema once it has.
 */
export const SESSION_CHECK_PATH = '/api/accounts/me';
/** Header carrying the remote versions a request came from, for the server log. */
export const RELEASE_HEADER = 'x-portal-release';
export const SESSION_COOKIE = '__Host-portal_session';
/** The cookie name used over plain http where `__Host-` (which needs Secure) is not wanted. */
export const SESSION_COOKIE_INSECURE = 'portal_session';

/**
 * The browser storage keys the session is kept under, one entry per field: the names the spec gives
 * (document 1 s.3, document 2 s.3), plus the role, sign-up state and employer-user id a reload needs
 * to rebuild the session. The token the spec also names is not among them: it lives in an HttpOnly
 * cookie (DESIGN.md section 4).
 */
export const STORAGE_KEYS = {
  name: 'name',
  email: 'email',
  employerId: 'employerId',
  userId: 'userId',
  employerUserId: 'employerUserId',
  role: 'role',
  signUpState: 'signUpState',
  companyDetails: 'companyDetails',
  /** Ours: an office admin's office ids, as JSON (absent for the whole company). */
  offices: 'offices',
} as const;
/** Session-storage flag set after a company is saved in setup step 1. */
export const SESSION_STORAGE_KEYS = { saved: 'saved' } as const;

/** The CSV template, a static file at the site root. */
export const CSV_TEMPLATE_PATH = '/employees.csv';

/** The office filter's value for employees without an office ("No office"). */
export const OFFICE_NONE = 'none';
