/**
 * Who may call every endpoint of the contract's table (`ENDPOINTS` in shared-contracts), and what
 * everyone else gets, against the objects of one company ("A").
 *
 * EVERY ENDPOINT IN `ENDPOINTS` MUST BE DECLARED HERE. `authorization-matrix.test.ts` fails for an
 * endpoint without a declaration, and for a declaration whose endpoint has left the table, so an
 * endpoint is declared here in the change that adds it (and removed in the change that drops it).
 *
 * Outcomes: 400, 401, 403 and 404 are exact statuses; `ok` is any 2xx (or the 303 of a redirect), or a 4xx that answers the
 * body (400, 409, 422: a validation answer), never a 401/403/404. A refused tenant gets 404: an
 * employer's users reach only their own company, whatever ids they send (DESIGN.md section 4), and
 * learn nothing of another company's ids. On calls about the caller's own company, an `ok` of
 * company B's employer or employee is also checked to carry nothing of company A, and a read that
 * names company A must answer employer B exactly what naming its own company does.
 *
 * Each case gets fresh rows where the call changes or removes its object, so no case depends on
 * another; `ruinsWorld` marks the calls after which the fixture is rebuilt.
 */

/**
 * `officeAdminA`: an admin of company A limited to one of its offices, where nobody works
 * (docs/decisions/0051-office-administrators.md). Every call limited to roles refuses them (403)
 * unless it applies the office scope; those answer them nothing of company A's people.
 */
export const ROLES = ['anonymous', 'employeeA', 'employeeB', 'employerA', 'employerB', 'adminA', 'officeAdminA', 'superAdmin'] as const;
export type MatrixRole = (typeof ROLES)[number];

export type Outcome = 'ok' | 400 | 401 | 403 | 404;
export type Expectations = Record<MatrixRole, Outcome>;

/** The fixture world the test builds: company A's objects, and makers of fresh ones. */
export interface Fixture {
  companyA: string;
  companyB: string;
  /** User ids of the callers. The employees are this case's callers (drivers of A and B, fresh per case). */
  users: Record<Exclude<MatrixRole, 'anonymous'>, string>;
  /** The password of every user the fixture makes. */
  password: string;
  /** An approved, active employee of A (not the caller), and their email. */
  employee: string;
  employeeEmail: string;
  /** The office of company A that officeAdminA is limited to. */
  adminOffice: string;
  /** An approved, active employee of B. */
  outsider: string;
  /** A driver of A with a vehicle, awaiting verification. */
  driver: string;
  /** A verified driver of A with a verified vehicle (who recorded A's trip). */
  verifiedDriver: string;
  journeyGroup: string;
  /** A journey group of B. */
  groupOfB: string;
  invoice: string;
  /** The current UTC month. */
  year: number;
  month: number;
  /** A suffix no other case has used. */
  unique(): string;
  newPending(company?: 'A' | 'B'): Promise<string>;
  newEmployee(o?: { active?: boolean }): Promise<string>;
  newDriver(): Promise<string>;
  newOffice(): Promise<string>;
  /** A journey group of A, with these members (none unless told). */
  newJourneyGroup(members?: string[]): Promise<string>;
  newAdmin(): Promise<string>;
  /** A trip of the company's (A unless told) waiting for the employer's review. */
  newFlaggedTrip(company?: 'A' | 'B'): Promise<string>;
  /** A live reset link of a fresh employee of A. */
  newResetToken(): Promise<{ email: string; token: string }>;
  /** A mail whose delivery failed for good (its id). */
  newFailedMail(): Promise<string>;
  /** An email domain company A claimed for single sign-on, not verified (its id). */
  newSsoDomain(): Promise<string>;
  /** A Scope 3 Category 7 report of company A, produced by its employer (its id). */
  newCategory7Report(): Promise<string>;
  /** A SCIM token of company A (its id). */
  newScimToken(): Promise<string>;
  /** A monthly report recipient of company A (its id). */
  newReportRecipient(): Promise<string>;
}

export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** A CSV file sent as the multipart field the contract names. */
  csv?: string;
}

type SampleOf = (f: Fixture, role: MatrixRole) => Sample | Promise<Sample>;

/** A further request to the same endpoint that reaches past the caller's rights in another way. */
export interface Probe {
  expect: Expectations;
  sample: SampleOf;
  why?: string;
}

export interface Declaration {
  expect: Expectations;
  /** A valid request (so a refusal cannot hide behind a 400); called once per role. */
  sample?: SampleOf;
  /** Named further requests: a role the body asks for, another kind of user, ids of two companies at once. Run after the main row. */
  probes?: Record<string, Probe>;
  /** The call (when allowed) changes the world beyond its own rows: rebuilt after this endpoint. */
  ruinsWorld?: true;
  /** Why, where the answer is a decision rather than plain from the contract. */
  why?: string;
}

// ---------------------------------------------------------------- the usual shapes

const all = (o: Outcome): Expectations => ({ anonymous: o, employeeA: o, employeeB: o, employerA: o, employerB: o, adminA: o, officeAdminA: o, superAdmin: o });

/** No session needed: everyone is answered. */
const PUBLIC = all('ok');
/** Any signed-in user. */
const SESSION: Expectations = { ...all('ok'), anonymous: 401 };
/** The back office only. */
const SUPER_ADMIN: Expectations = { ...all(403), anonymous: 401, superAdmin: 'ok' };
/** The mobile app's employee calls on their own data (employee B's own too). */
const EMPLOYEE: Expectations = { ...all(403), anonymous: 401, employeeA: 'ok', employeeB: 'ok' };
/** The mobile app's employee calls on an object of company A: employee B is told it does not exist. */
const EMPLOYEE_OF_A: Expectations = { ...EMPLOYEE, employeeB: 404 };
/** An object of company A named by id: its employer and admins, and super admins; employer B is told it does not exist. */
const OF_A: Expectations = { anonymous: 401, employeeA: 403, employeeB: 403, employerA: 'ok', employerB: 404, adminA: 'ok', officeAdminA: 403, superAdmin: 'ok' };
/** As OF_A, without super admins (calls with no back-office use). */
const OF_A_EMPLOYER_SIDE: Expectations = { ...OF_A, superAdmin: 403 };
/** The caller's own company (no id, or an id an employer cannot override): employer B gets its own. */
const OWN: Expectations = { anonymous: 401, employeeA: 403, employeeB: 403, employerA: 'ok', employerB: 'ok', adminA: 'ok', officeAdminA: 403, superAdmin: 'ok' };
/** A read that applies the office scope (OFFICE_ADMIN_ENDPOINTS): an office admin reads their offices' figures. */
const OWN_BY_OFFICE: Expectations = { ...OWN, officeAdminA: 'ok' };
const OWN_EMPLOYER_SIDE: Expectations = { ...OWN, superAdmin: 403 };
/**
 * An employee of company A named by id, on a call that applies the office scope: officeAdminA's office
 * has nobody, so every employee of A is, to them, of another office and absent (decision 0053).
 */
const OF_A_BY_OFFICE: Expectations = { ...OF_A, officeAdminA: 404 };

// ---------------------------------------------------------------- sample requests

const ofA = (f: Fixture): Sample => ({ params: { id: f.companyA } });
const companyQuery = (f: Fixture): Sample => ({ query: { companyId: f.companyA } });
const monthQuery = (f: Fixture): Sample => ({ query: { companyId: f.companyA, year: f.year, month: f.month } });
const reason = { reason: 'Left the scheme' };
const office = { addressLine1: '1 Matrix Way', addressLine2: 'Floor 2', town: 'Leeds', postalCode: 'LS1 4DL' };
const incentive = { generalRewardDescription: 'Coffee', numberOfMiles: 100, numberOfMilesRewards: 'Lunch', numberOfTrips: 10, numberOfTripsRewards: 'Cinema' };
const followUpDate = () => new Date(Date.now() + 30 * 86_400_000).toISOString();

function person(f: Fixture) {
  const u = f.unique();
  return { firstName: 'Nia', lastName: `New${u}`, email: `nia.${u}@matrix.test`, employeeNumber: `N-${u}` };
}

/** A role only the back office may grant: every employer-side caller is refused. */
const BACK_OFFICE_ROLE: Expectations = { ...OWN, employerA: 403, employerB: 403, adminA: 403 };
/** An id of a user who is not an employee, on an employee call: no one finds one. */
const NOT_AN_EMPLOYEE: Expectations = { ...OF_A, employerA: 404, adminA: 404, superAdmin: 404 };
/** Ids of companies A and B in one all-or-nothing call: only a super admin reaches both. */
const BOTH_COMPANIES: Expectations = { ...OF_A, employerA: 404, adminA: 404 };

function newUser(f: Fixture, role: 'SuperAdmin' | 'Employer' | 'Admin'): Sample {
  const u = f.unique();
  return { body: { userName: `admin${u}`, email: `admin.${u}@matrix.test`, password: 'Passw0rd!', role } };
}

function trip(f: Fixture, passenger: string, journeyGroupId?: string): Sample {
  const started = new Date(Date.now() - 60_000).toISOString();
  return { body: { clientTripId: `trip-${f.unique()}`, startedAt: started, distanceMiles: 12.5, passengerIds: [passenger], ...(journeyGroupId ? { journeyGroupId } : {}) } };
}

/** The open question of super admin writes on a company's own settings, decided. */
const SUPER_ADMIN_WRITES_COMPANY =
  'A super admin may change a company it names (DESIGN.md 6 gives it stronger calls, deactivate and delete, on the same company); the read-only back-office screen is a screen choice.';

export const MATRIX: Record<string, Declaration> = {
  // ---------------------------------------------------------------- accounts
  'accounts.register': {
    expect: PUBLIC,
    sample: (f) => ({ body: { email: `reg.${f.unique()}@matrix.test`, password: 'Passw0rd!', userName: 'Reg Ister', role: 'Employer' } }),
  },
  'accounts.login': { expect: PUBLIC, sample: (f) => ({ body: { email: f.employeeEmail, password: f.password } }) },
  'accounts.logout': { expect: PUBLIC, why: 'Logging out without a session is not an error (access optional).' },
  'accounts.me': { expect: SESSION },
  // An address of its own per case: the per-account rate limit would otherwise answer the sixth.
  'accounts.forgotPassword': { expect: PUBLIC, sample: (f) => ({ body: { email: `forgot.${f.unique()}@matrix.test` } }) },
  'accounts.resetPassword': {
    expect: PUBLIC,
    why: 'The mailed token is the key, whoever calls.',
    sample: async (f) => ({ body: { ...(await f.newResetToken()), newPassword: 'Another-pass-2' } }),
  },
  'accounts.changePassword': {
    expect: SESSION,
    why: 'Every signed-in user may change their own password (employees through the mobile app).',
    sample: (f) => ({ body: { currentPassword: f.password, newPassword: 'Another-pass-2' } }),
  },
  'accounts.employerAdmins': { expect: OF_A, sample: (f) => ({ params: { employerId: f.companyA } }) },
  'accounts.superAdmins': { expect: SUPER_ADMIN },
  'accounts.addUser': {
    expect: OWN,
    why: 'An employer or admin adds an Admin to its own company (the session names it); a super admin adds a super admin or an employer account.',
    sample: (f, role) => newUser(f, role === 'superAdmin' ? 'Employer' : 'Admin'),
    probes: {
      'asking for a super admin': { expect: BACK_OFFICE_ROLE, sample: (f) => newUser(f, 'SuperAdmin') },
      'asking for a second owner (role Employer)': { expect: BACK_OFFICE_ROLE, sample: (f) => newUser(f, 'Employer') },
    },
  },
  'accounts.removeUser': {
    expect: OF_A,
    sample: async (f) => ({ params: { id: await f.newAdmin() } }),
    probes: {
      'an employee (not an admin user)': { expect: { ...OF_A, employerA: 404, adminA: 404, superAdmin: 404 }, sample: async (f) => ({ params: { id: await f.newEmployee() } }) },
      'the super admin': {
        expect: { ...OF_A, employerA: 404, adminA: 404, superAdmin: 400 },
        why: 'No one on the employer side reaches a super admin; a super admin cannot remove themself.',
        sample: (f) => ({ params: { id: f.users.superAdmin } }),
      },
      // Last: the super admin's removal of the owner ends company A's fixture (rebuilt after).
      'the owner of company A': {
        expect: { ...OF_A, employerA: 400, adminA: 403 },
        why: "An admin never removes the company's owner, the owner not themself; a super admin may.",
        sample: (f) => ({ params: { id: f.users.employerA } }),
      },
    },
    ruinsWorld: true,
  },
  'accounts.setAdminOffices': {
    expect: { ...OF_A_EMPLOYER_SIDE, officeAdminA: 403 },
    why: "The company's owner and its admins of the whole company set another admin's offices; an office admin never does (no one widens their own limit); the back office does not.",
    sample: async (f) => ({ params: { id: await f.newAdmin() }, body: { officeIds: [f.adminOffice] } }),
    probes: {
      "company A's owner": {
        expect: { ...OF_A_EMPLOYER_SIDE, employerA: 400, adminA: 403 },
        why: 'The owner always manages the whole company; the owner cannot change their own offices either.',
        sample: (f) => ({ params: { id: f.users.employerA }, body: { officeIds: null } }),
      },
    },
  },
  'accounts.users': { expect: SUPER_ADMIN },

  // ---------------------------------------------------------------- employers
  'employers.current': {
    expect: { ...OF_A, employeeA: 'ok', employeeB: 404, officeAdminA: 'ok' },
    why: "Login step 2 names the user: a caller reaches users of its own company (ids only, no personal data), so an employee of A may read its employer's record; an office admin signs in like any admin.",
    sample: (f) => ({ params: { userId: f.users.employerA } }),
    probes: {
      "company B's employer": {
        expect: { ...OF_A, employeeA: 404, employeeB: 'ok', employerA: 404, employerB: 'ok', adminA: 404, officeAdminA: 404 },
        sample: (f) => ({ params: { userId: f.users.employerB } }),
      },
    },
  },
  'employers.list': { expect: SUPER_ADMIN },
  'employers.awaitingSetup': { expect: SUPER_ADMIN },
  'employers.get': {
    expect: { ...OF_A, anonymous: 'ok', employeeA: 'ok', employeeB: 404, officeAdminA: 'ok' },
    why: "The invite page reads the company's id and name without a session; its own users read all of it (an office admin's office select lists the company's offices, theirs among them); a signed-in user of another company is told it does not exist.",
    sample: ofA,
  },
  'employers.create': {
    expect: { ...OWN_EMPLOYER_SIDE, adminA: 403 },
    why: 'Only an Employer account creates its (one) company; one that has a company already is answered 409.',
    sample: (f) => ({ body: { name: `Company ${f.unique()}`, email: `hello.${f.unique()}@matrix.test`, phoneNumber: '0113 496 0000', countryCode: 'GB' } }),
  },
  'employers.update': {
    expect: OF_A,
    why: SUPER_ADMIN_WRITES_COMPANY,
    sample: (f) => ({ body: { id: f.companyA, name: 'Matrix A Ltd', email: 'office@matrix-a.test', phoneNumber: '0113 496 0000', countryCode: 'GB' } }),
  },
  'employers.addLocation': { expect: OF_A, why: SUPER_ADMIN_WRITES_COMPANY, sample: (f) => ({ params: { id: f.companyA }, body: office }) },
  'employers.updateLocation': { expect: OF_A, why: SUPER_ADMIN_WRITES_COMPANY, sample: async (f) => ({ body: { id: await f.newOffice(), ...office } }) },
  'employers.deleteLocation': { expect: OF_A, why: SUPER_ADMIN_WRITES_COMPANY, sample: async (f) => ({ params: { id: await f.newOffice() } }) },
  'employers.getIncentive': { expect: OF_A, sample: ofA },
  'employers.saveIncentive': { expect: OF_A, why: SUPER_ADMIN_WRITES_COMPANY, sample: (f) => ({ params: { id: f.companyA }, body: incentive }) },
  'employers.saveIncentiveWithoutId': {
    expect: OWN,
    why: 'The spec\'s call without a company id: every caller who may save incentives is told "Company ID is missing." (400).',
  },
  'employers.completeSetup': { expect: OF_A_EMPLOYER_SIDE, why: "Only the company's own users finish its setup.", sample: ofA },
  'employers.deactivate': { expect: SUPER_ADMIN, sample: (f) => ({ params: { id: f.companyA }, body: reason }), ruinsWorld: true },
  'employers.reactivate': { expect: SUPER_ADMIN, sample: ofA },
  'employers.remove': { expect: SUPER_ADMIN, sample: ofA, ruinsWorld: true },

  // ---------------------------------------------------------------- employees
  'employees.selfRegister': {
    expect: PUBLIC,
    why: 'The shared link: anyone may ask to join; the request waits for approval.',
    sample: (f) => {
      const p = person(f);
      return { params: { companyId: f.companyA }, body: { ...p, password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' } };
    },
  },
  'employees.bulkAdd': { expect: OWN_EMPLOYER_SIDE, sample: (f) => ({ body: { employees: [person(f)] } }) },
  'employees.csvImport': {
    expect: OWN_EMPLOYER_SIDE,
    sample: (f) => {
      const p = person(f);
      return { csv: `firstName,lastName,email,employeeNumber\r\n${p.firstName},${p.lastName},${p.email},${p.employeeNumber}\r\n` };
    },
  },
  'employees.rosterPreview': {
    expect: OWN_EMPLOYER_SIDE,
    sample: (f) => {
      const p = person(f);
      return { csv: `firstName,lastName,email,employeeNumber\r\n${p.firstName},${p.lastName},${p.email},${p.employeeNumber}\r\n` };
    },
  },
  'employees.rosterApply': {
    expect: OWN_EMPLOYER_SIDE,
    why: "A fingerprint no preview gave: an allowed caller is answered 409 (preview again), so the shared world's roster is never replaced by the sample's one-row file.",
    sample: (f) => {
      const p = person(f);
      return {
        query: { fingerprint: '0'.repeat(64) },
        csv: `firstName,lastName,email,employeeNumber\r\n${p.firstName},${p.lastName},${p.email},${p.employeeNumber}\r\n`,
      };
    },
  },
  'employees.list': { expect: OWN_BY_OFFICE, why: "An employer's companyId is ignored (its own company); a super admin names the company.", sample: companyQuery },
  'employees.pending': { expect: OWN_BY_OFFICE, sample: companyQuery },
  'employees.get': {
    expect: OF_A_BY_OFFICE,
    sample: (f) => ({ params: { id: f.employee } }),
    probes: { 'an admin user (not an employee)': { expect: { ...NOT_AN_EMPLOYEE, officeAdminA: 404 }, sample: (f) => ({ params: { id: f.users.adminA } }) } },
  },
  'employees.accept': { expect: OF_A_BY_OFFICE, sample: async (f) => ({ params: { id: await f.newPending() } }) },
  'employees.bulkAccept': {
    expect: OF_A_BY_OFFICE,
    sample: async (f) => ({ body: { employeeIds: [await f.newPending()] } }),
    probes: { 'with a join request of company B as well': { expect: { ...BOTH_COMPANIES, officeAdminA: 404 }, sample: async (f) => ({ body: { employeeIds: [await f.newPending(), await f.newPending('B')] } }) } },
  },
  'employees.bulkReject': {
    expect: OF_A_BY_OFFICE,
    sample: async (f) => ({ body: { employeeIds: [await f.newPending()] } }),
    probes: { 'with a join request of company B as well': { expect: { ...BOTH_COMPANIES, officeAdminA: 404 }, sample: async (f) => ({ body: { employeeIds: [await f.newPending(), await f.newPending('B')] } }) } },
  },
  'employees.reject': { expect: OF_A_BY_OFFICE, sample: async (f) => ({ params: { id: await f.newPending() } }) },
  'employees.deactivate': {
    expect: OF_A_BY_OFFICE,
    sample: async (f) => ({ params: { id: await f.newEmployee() }, body: reason }),
    probes: { 'the owner of company A': { expect: { ...NOT_AN_EMPLOYEE, officeAdminA: 404 }, sample: (f) => ({ params: { id: f.users.employerA }, body: reason }) } },
  },
  'employees.reactivate': { expect: OF_A_BY_OFFICE, sample: async (f) => ({ params: { id: await f.newEmployee({ active: false }) } }) },
  'employees.setOffice': {
    expect: OF_A_BY_OFFICE,
    sample: async (f) => ({ params: { id: await f.newEmployee() }, body: { officeId: await f.newOffice() } }),
    probes: { 'the owner of company A': { expect: { ...NOT_AN_EMPLOYEE, officeAdminA: 404 }, sample: (f) => ({ params: { id: f.users.employerA }, body: { officeId: null } }) } },
  },
  'employees.remove': {
    expect: OF_A_BY_OFFICE,
    sample: async (f) => ({ params: { id: await f.newEmployee() } }),
    probes: { 'the owner of company A': { expect: { ...NOT_AN_EMPLOYEE, officeAdminA: 404 }, sample: (f) => ({ params: { id: f.users.employerA } }) } },
  },

  // ---------------------------------------------------------------- insights
  'insights.participation': { expect: OWN_BY_OFFICE, sample: monthQuery },
  'insights.participationAllTime': { expect: OWN_BY_OFFICE, sample: companyQuery },
  'insights.participationExport': { expect: OWN_BY_OFFICE, sample: monthQuery },
  'insights.journeyGroups': { expect: OWN_BY_OFFICE, sample: companyQuery },
  'insights.journeyGroupsExport': { expect: OWN_BY_OFFICE, sample: monthQuery },
  'insights.feedbacks': { expect: OWN_BY_OFFICE, sample: companyQuery },
  'insights.dashboard': {
    expect: OWN_BY_OFFICE,
    sample: monthQuery,
    probes: {
      'an office of company A': {
        expect: { ...OWN, employerB: 404 },
        why: "Employer B reads its own company, where company A's office is not found (docs/decisions/0045-offices-as-a-dimension.md).",
        sample: async (f) => ({ query: { companyId: f.companyA, year: f.year, month: f.month, officeId: await f.newOffice() } }),
      },
    },
  },
  'insights.trend': { expect: OWN_BY_OFFICE, sample: companyQuery },
  'insights.co2': { expect: OWN_BY_OFFICE, sample: monthQuery },
  'insights.emissionSettings': { expect: OF_A, sample: ofA },
  'insights.updateEmissionSettings': {
    expect: OF_A,
    why: SUPER_ADMIN_WRITES_COMPANY,
    sample: (f) => ({ params: { id: f.companyA }, body: { includeWellToTank: true } }),
  },
  'insights.flaggedTrips': { expect: OWN, sample: companyQuery },
  'insights.confirmTrip': {
    expect: OF_A_EMPLOYER_SIDE,
    why: "Which trips count toward the incentives a company pays is the company's own decision: a super admin reads them, does not decide.",
    sample: async (f) => ({ params: { id: await f.newFlaggedTrip() } }),
    probes: {
      "a flagged trip of company B": { expect: { ...OF_A_EMPLOYER_SIDE, employerA: 404, adminA: 404, employerB: 'ok' }, sample: async (f) => ({ params: { id: await f.newFlaggedTrip('B') } }) },
    },
  },
  'insights.rejectTrip': {
    expect: OF_A_EMPLOYER_SIDE,
    why: "Which trips count toward the incentives a company pays is the company's own decision: a super admin reads them, does not decide.",
    sample: async (f) => ({ params: { id: await f.newFlaggedTrip() } }),
    probes: {
      "a flagged trip of company B": { expect: { ...OF_A_EMPLOYER_SIDE, employerA: 404, adminA: 404, employerB: 'ok' }, sample: async (f) => ({ params: { id: await f.newFlaggedTrip('B') } }) },
    },
  },

  // ---------------------------------------------------------------- journey groups
  'journeyGroups.create': {
    expect: { ...OWN_EMPLOYER_SIDE, officeAdminA: 'ok' },
    why: 'A group is created in the caller\'s own company; the body names none, so a super admin has no company to create it in. A new group has no members, so it is within any office admin\'s offices (decision 0053).',
    sample: (f) => ({ body: { name: `Group ${f.unique()}`, meetingPoints: ['Main gate'] } }),
  },
  'journeyGroups.update': {
    expect: { ...OF_A, officeAdminA: 'ok' },
    why: `${SUPER_ADMIN_WRITES_COMPANY} An office admin changes a group whose members are all of their offices; a group with none is (decision 0053).`,
    sample: async (f) => ({ params: { id: await f.newJourneyGroup() }, body: { name: `Renamed ${f.unique()}` } }),
    probes: {
      'a group with a member of another office': {
        expect: { ...OF_A, officeAdminA: 404 },
        why: 'No member of their office: not in their lists, so absent to their writes (decision 0053).',
        sample: async (f) => ({ params: { id: await f.newJourneyGroup([f.employee]) }, body: { name: `Renamed ${f.unique()}` } }),
      },
    },
  },
  'journeyGroups.remove': {
    expect: { ...OF_A, officeAdminA: 'ok' },
    why: `${SUPER_ADMIN_WRITES_COMPANY} An office admin deletes a group whose members are all of their offices; a group with none is (decision 0053).`,
    sample: async (f) => ({ params: { id: await f.newJourneyGroup() } }),
    probes: {
      'a group with a member of another office': {
        expect: { ...OF_A, officeAdminA: 404 },
        why: 'No member of their office: not in their lists, so absent to their writes (decision 0053).',
        sample: async (f) => ({ params: { id: await f.newJourneyGroup([f.employee]) } }),
      },
    },
  },

  // ---------------------------------------------------------------- the mobile app
  'mobile.recordTrip': {
    expect: { ...EMPLOYEE, employeeB: 400 },
    why: 'A passenger of another company is refused like an unknown one (400, the invalid passenger named), not recorded.',
    sample: (f) => trip(f, f.employee),
    probes: {
      'with a passenger of company B': { expect: { ...EMPLOYEE, employeeA: 400 }, sample: (f) => trip(f, f.outsider) },
      "in company B's journey group": {
        expect: { ...EMPLOYEE, employeeA: 400 },
        why: 'Each employee takes a passenger of their own company; only the group is foreign to employee A.',
        sample: (f, role) => trip(f, role === 'employeeB' ? f.outsider : f.employee, f.groupOfB),
      },
    },
  },
  'mobile.sendFeedback': { expect: EMPLOYEE, sample: () => ({ body: { feedbackText: 'The 8:10 lift is always on time.' } }) },
  'mobile.myJourneyGroups': { expect: EMPLOYEE },
  'mobile.joinJourneyGroup': { expect: EMPLOYEE_OF_A, sample: (f) => ({ params: { id: f.journeyGroup } }) },
  'mobile.leaveJourneyGroup': { expect: EMPLOYEE_OF_A, sample: (f) => ({ params: { id: f.journeyGroup } }) },

  // ---------------------------------------------------------------- billing
  'billing.billing': { expect: OWN, sample: companyQuery },
  'billing.history': { expect: OWN, sample: companyQuery },
  'billing.historyPage': { expect: OWN, sample: companyQuery },
  'billing.start': {
    expect: OWN_EMPLOYER_SIDE,
    why: "Only the paying company accepts its plan's terms (the session names the company); a super admin cannot consent for one.",
    sample: () => ({ body: { paymentMethod: 'Bank transfer', acceptTerms: true } }),
  },
  'billing.cancel': { expect: OWN_EMPLOYER_SIDE, why: 'Only the paying company ends its subscription.' },
  'billing.resume': { expect: OWN_EMPLOYER_SIDE, why: 'Only the paying company resumes its subscription.' },
  'billing.invoicePdf': { expect: OF_A, sample: (f) => ({ params: { id: f.invoice } }) },
  // ---------------------------------------------------------------- reports
  'reports.category7': {
    expect: OWN,
    why: 'An employer reads its own company\'s report whatever id it sends; the report of the same figures is the same stored report, so two reads answer the same bytes.',
    sample: (f) => ({ query: { companyId: f.companyA, year: f.year, format: 'csv' } }),
    probes: {
      "the office admin's office": {
        expect: { ...OWN, employerB: 404, officeAdminA: 'ok' },
        why: 'A report is filed for the company or one office: an office admin names one of theirs (the company-wide request above is refused them); employer B is told the office is not found.',
        sample: (f) => ({ query: { companyId: f.companyA, year: f.year, format: 'csv', officeId: f.adminOffice } }),
      },
    },
  },
  'reports.category7Produced': { expect: OF_A, sample: async (f) => ({ params: { id: await f.newCategory7Report() }, query: { format: 'csv' } }) },
  'reports.settings': { expect: OF_A, sample: ofA },
  'reports.updateSettings': {
    expect: OF_A,
    why: SUPER_ADMIN_WRITES_COMPANY,
    sample: (f) => ({ params: { id: f.companyA }, body: { headcount: 250, yearStartMonth: 4 } }),
  },

  // ---------------------------------------------------------------- scheme settings and support
  'schemeSettings.get': { expect: SUPER_ADMIN },
  'schemeSettings.update': {
    expect: SUPER_ADMIN,
    sample: () => ({ body: { trialDays: 30, supportEmail: 'help@matrix.test', supportPhone: '0113 496 0999', supportHours: 'Weekdays' } }),
  },
  'support.contact': { expect: OWN, why: "The operator's contact, the same for every company: no company's data in it." },
  'support.message': {
    expect: OWN_EMPLOYER_SIDE,
    why: 'A company administrator writes to support; the mail names their account and company from the session, whatever the body says.',
    sample: (f) => ({ body: { subject: `Matrix ${f.unique()}`, message: 'Where do I import employees?' } }),
  },

  // ---------------------------------------------------------------- drivers (back office)
  'drivers.list': { expect: SUPER_ADMIN },
  'drivers.page': { expect: SUPER_ADMIN },
  'drivers.get': { expect: SUPER_ADMIN, sample: (f) => ({ params: { id: f.driver } }) },
  'drivers.approve': {
    expect: SUPER_ADMIN,
    sample: async (f) => ({ body: { employeeIds: [await f.newDriver()], notes: 'Licence seen', followUpDate: followUpDate() } }),
  },
  'drivers.reject': { expect: SUPER_ADMIN, sample: async (f) => ({ body: { employeeId: await f.newDriver(), notes: 'Licence photo unreadable' } }) },
  'drivers.approveVehicles': {
    expect: SUPER_ADMIN,
    sample: async (f) => ({ body: { employeeIds: [await f.newDriver()], notes: 'MOT seen', followUpDate: followUpDate() } }),
  },
  'drivers.notifications': { expect: SUPER_ADMIN },

  // ---------------------------------------------------------------- the employee's own vehicle
  'vehicles.mine': { expect: EMPLOYEE },
  'vehicles.save': {
    expect: EMPLOYEE,
    sample: () => ({
      body: { make: 'Ford', model: 'Focus', yearManufactured: 2020, color: 'Blue', registrationNumber: 'AB12 CDE', drivingLicenseNumber: 'MORGA753116SM9IJ' },
    }),
  },
  'vehicles.remove': { expect: EMPLOYEE },

  // ---------------------------------------------------------------- audit log
  'audit.list': {
    expect: OWN,
    why: "A super admin reads every company's log; an employer or admin only its own company's, whatever companyId says.",
    sample: companyQuery,
  },
  'audit.export': { expect: OWN, sample: companyQuery },

  // ---------------------------------------------------------------- mail deliveries
  'mail.failed': { expect: SUPER_ADMIN, why: 'Recipients and server answers of every company: the back office only.' },
  'mail.retry': { expect: SUPER_ADMIN, sample: async (f) => ({ params: { id: await f.newFailedMail() } }) },

  // ---------------------------------------------------------------- release health
  'telemetry.ingest': {
    expect: PUBLIC,
    why: 'Browsers report before anyone signs in; nothing in a batch names a user or a company.',
    sample: (f) => ({
      body: { client: `matrix-${f.unique()}`, events: [{ remote: 'mfe-employees', version: '1.0.0', reason: 'stable', kind: 'load', ok: true, ms: 120 }] },
    }),
  },
  'releases.health': { expect: SUPER_ADMIN },
  'releases.console': { expect: SUPER_ADMIN, why: 'Who released what, and the store behind every company: the back office only.' },
  'releases.canary': {
    expect: SUPER_ADMIN,
    why: 'A release reaches every company: only a super admin changes one (the store is the portal server’s).',
    sample: (f) => ({ params: { remote: 'mfe-billing' }, body: { version: '1.1.0', percent: 10, companies: [f.companyA] } }),
  },
  'releases.promote': { expect: SUPER_ADMIN, sample: () => ({ params: { remote: 'mfe-insights' }, body: { version: '1.1.0' } }) },
  'releases.rollback': { expect: SUPER_ADMIN, sample: () => ({ params: { remote: 'mfe-insights' } }) },
  'releases.abort': { expect: SUPER_ADMIN, sample: () => ({ params: { remote: 'mfe-billing' } }) },
  'releases.previews': { expect: SUPER_ADMIN, why: 'A listed link pins unreleased code for whoever opens it: the back office only.' },
  'releases.createPreview': {
    expect: SUPER_ADMIN,
    why: 'A link serves a version nobody was given: only a super admin (or the release tool) makes one.',
    sample: () => ({ body: { remote: 'mfe-insights', version: '1.1.0', expires: '1h' } }),
  },
  'releases.revokePreview': { expect: SUPER_ADMIN, sample: () => ({ params: { id: '00000000000000ff' } }) },
  'releaseFreezes.list': { expect: SUPER_ADMIN, why: 'Which companies are frozen, and until when: the back office only.' },
  'releaseFreezes.freeze': {
    expect: SUPER_ADMIN,
    why: 'Any company may be frozen from the console; an employer freezes only its own (releaseFreezes.freezeMine).',
    sample: (f) => ({ params: { companyId: f.companyA }, body: { until: freezeUntil() } }),
  },
  'releaseFreezes.unfreeze': { expect: SUPER_ADMIN, sample: (f) => ({ params: { companyId: f.companyA } }) },
  'releaseFreezes.mine': { expect: OWN_EMPLOYER_SIDE, why: "The company's own freeze, the company taken from the session." },
  'releaseFreezes.freezeMine': {
    expect: OWN_EMPLOYER_SIDE,
    why: 'An employer freezes its own company only: no id is taken from the request.',
    sample: () => ({ body: { until: freezeUntil() } }),
  },
  'releaseFreezes.unfreezeMine': { expect: OWN_EMPLOYER_SIDE },

  // ---------------------------------------------------------------- single sign-on
  'sso.settings': { expect: OWN_EMPLOYER_SIDE, why: "The company's own provider; the back office has no use for a company's sign-in setup." },
  'sso.saveSettings': {
    expect: OWN_EMPLOYER_SIDE,
    why: 'The provider of the caller\'s company (the session names it). Nothing listens on port 9: discovery fails with a 400 once the caller is allowed.',
    sample: () => ({ body: { issuer: 'http://127.0.0.1:9', clientId: 'matrix', clientSecret: 'matrix-secret', passwordsAllowed: true, autoApprove: false } }),
  },
  'sso.removeSettings': { expect: OWN_EMPLOYER_SIDE },
  'sso.addDomain': { expect: OWN_EMPLOYER_SIDE, sample: (f) => ({ body: { domain: `sso-${f.unique()}.matrix.test` } }) },
  'sso.verifyDomain': {
    expect: OF_A_EMPLOYER_SIDE,
    why: 'Company A verifies its own claim (400 here: no TXT record is published); company B is told it does not exist.',
    sample: async (f) => ({ params: { id: await f.newSsoDomain() } }),
  },
  'sso.removeDomain': { expect: OF_A_EMPLOYER_SIDE, sample: async (f) => ({ params: { id: await f.newSsoDomain() } }) },
  'sso.discover': {
    expect: PUBLIC,
    why: 'The login page asks before anyone signs in; an unknown and an unverified domain answer the same.',
    sample: (f) => ({ query: { email: `someone@${f.unique()}.matrix.test` } }),
  },
  'sso.start': {
    expect: PUBLIC,
    why: 'Anyone may start a sign-in; an address without single sign-on gets a 400.',
    sample: (f) => ({ query: { email: `someone@${f.unique()}.matrix.test` } }),
  },
  'sso.callback': { expect: PUBLIC, why: "The provider's redirect carries no session; without a started sign-in it sends the browser to the login page with a reason." },
  'sso.exchange': { expect: PUBLIC, why: 'The one-time code is the key, whoever calls; an unknown code answers 400.', sample: () => ({ body: { code: 'not-a-code' } }) },
  'sso.backchannelLogout': {
    expect: PUBLIC,
    why: "The provider calls without a session; its signed logout token is the key (one that is not a provider's here answers 400).",
    sample: () => ({ body: { logout_token: 'not-a-jwt' } }),
  },

  // ---------------------------------------------------------------- SCIM provisioning
  'scim.listTokens': { expect: OWN_EMPLOYER_SIDE, why: "The company's own tokens, never the secrets; the back office has no use for them." },
  'scim.createToken': { expect: OWN_EMPLOYER_SIDE, sample: (f) => ({ body: { name: `Matrix ${f.unique()}` } }) },
  'scim.revokeToken': {
    expect: OF_A_EMPLOYER_SIDE,
    why: 'Company A revokes its own token; company B is told it does not exist.',
    sample: async (f) => ({ params: { id: await f.newScimToken() } }),
  },

  // ---------------------------------------------------------------- people's data rights
  'dataRights.exportEmployee': {
    expect: OF_A,
    sample: (f) => ({ params: { id: f.employee } }),
    probes: { 'the owner of company A': { expect: NOT_AN_EMPLOYEE, sample: (f) => ({ params: { id: f.users.employerA } }) } },
  },
  'dataRights.eraseEmployee': {
    expect: OF_A,
    why: 'As deleting an employee: their company, or the back office; another company is told the employee does not exist.',
    sample: async (f) => ({ params: { id: await f.newEmployee() }, body: { confirm: true } }),
    probes: { 'the owner of company A': { expect: NOT_AN_EMPLOYEE, sample: (f) => ({ params: { id: f.users.employerA }, body: { confirm: true } }) } },
  },
  'dataRights.erasureRequests': { expect: OWN_EMPLOYER_SIDE, why: "The company's own employees' requests; the company carries them out." },
  'dataRights.exportMine': { expect: EMPLOYEE },
  'dataRights.requestErasure': { expect: EMPLOYEE },

  // ---------------------------------------------------------------- monthly reports by mail
  'monthlyReports.recipients': { expect: OWN_EMPLOYER_SIDE, why: "The caller's own company's recipients; the back office has no company of its own." },
  'monthlyReports.addRecipient': {
    expect: OWN_EMPLOYER_SIDE,
    why: "Adds to the caller's own company, whatever it sends.",
    sample: (f) => ({ body: { email: `cfo.${f.unique()}@example.com` } }),
  },
  'monthlyReports.removeRecipient': {
    expect: { ...OF_A, superAdmin: 403 },
    why: "Only the company's own employer side; another company is told the recipient does not exist.",
    sample: async (f) => ({ params: { id: await f.newReportRecipient() } }),
  },
  'monthlyReports.setTimeZone': { expect: OWN_EMPLOYER_SIDE, why: "The caller's own company's setting.", sample: () => ({ body: { timeZone: 'Europe/Paris' } }) },
  'monthlyReports.unsubscribe': {
    expect: { ...all(404) },
    why: 'The link in the mail works without a session; its token is the key, and one that names no mail is not found.',
    sample: () => ({ query: { token: 'not-a-mailed-token' } }),
  },

  // ---------------------------------------------------------------- health probes
  'health.live': { expect: PUBLIC, why: 'A load balancer or orchestrator probes without a session; the answer names nothing.' },
  'health.ready': { expect: PUBLIC, why: 'A load balancer or orchestrator probes without a session; the answer names nothing.' },
};

/** The end of a freeze two days on (within the 31 days a freeze may last). */
function freezeUntil(): string {
  return new Date(Date.now() + 2 * 86_400_000).toISOString();
}
