import { describe, expect, it } from 'vitest';
import { LIMITS, POLICY_FACTS, TIMINGS } from './constants';
import { MESSAGES } from './messages';

/**
 * Section 9 ("Business constants and limits") of both spec documents, copied verbatim: each figure
 * below is read out of these sentences, so a constant that drifts from the spec fails here.
 */
const SPEC = {
  // employer-portal.md, section 9
  pageSizes:
    'Page size 10 for employees, participation, journey groups, feedback and pending requests (pending is paged locally; fetched 100 per page from the server).',
  csv: 'CSV max 2 MB, type text/csv only.',
  feedback: 'Feedback preview 100 characters.',
  changePassword: 'Change password: new 8 to 100 characters, current max 100.',
  timings:
    'Carousel interval 10 seconds; redirect delay 2 seconds after reset and forgot-password; copy confirmation 1 second; toasts close after 3000 ms.',
  // back-office.md, section 9
  passwords: 'Password: new 8 to 100 characters, current up to 100; added admin password at least 6; reset password max 20.',
  policy:
    'Policy constants: minimum member age 16; retention 24 months after membership ends and 5 years for other data; liability cap 1,000 pounds; force majeure termination after 30 days.',
};

/** The number the pattern's first group finds in the sentence (thousands separators allowed). */
function figure(sentence: string, pattern: RegExp): number {
  const match = sentence.match(pattern);
  if (!match?.[1]) throw new Error(`${pattern} finds no figure in "${sentence}"`);
  return Number(match[1].replace(/,/g, ''));
}

/** The one number a message states, e.g. 30 in "First Name should not exceed 30 characters." */
function statedIn(message: string): number {
  const numbers = message.match(/\d+/g) ?? [];
  if (numbers.length !== 1) throw new Error(`"${message}" does not state exactly one figure`);
  return Number(numbers[0]);
}

describe('limits and timings as section 9 states them', () => {
  it('pages by 10 and fetches pending requests 100 at a time', () => {
    expect(LIMITS.pageSize).toBe(figure(SPEC.pageSizes, /^Page size (\d+)/));
    expect(LIMITS.pendingFetchPageSize).toBe(figure(SPEC.pageSizes, /fetched (\d+) per page/));
  });

  it('accepts CSV files of text/csv up to 2 MB', () => {
    expect(LIMITS.csvMaxBytes).toBe(figure(SPEC.csv, /max (\d+) MB/) * 1024 * 1024);
    expect(SPEC.csv).toContain(`type ${LIMITS.csvMimeType} only`);
  });

  it('previews 100 characters of feedback', () => {
    expect(LIMITS.feedbackPreviewChars).toBe(figure(SPEC.feedback, /(\d+) characters/));
  });

  it('bounds the passwords as both documents do', () => {
    expect(LIMITS.changePassword.newMin).toBe(figure(SPEC.changePassword, /new (\d+) to/));
    expect(LIMITS.changePassword.newMax).toBe(figure(SPEC.changePassword, /to (\d+) characters/));
    expect(LIMITS.changePassword.currentMax).toBe(figure(SPEC.changePassword, /current max (\d+)/));
    expect(LIMITS.changePassword.newMin).toBe(figure(SPEC.passwords, /new (\d+) to/));
    expect(LIMITS.changePassword.currentMax).toBe(figure(SPEC.passwords, /current up to (\d+)/));
    // The spec's minimum for an added admin (6) is below every new password's (decision 0031).
    expect(figure(SPEC.passwords, /admin password at least (\d+)/)).toBeLessThan(LIMITS.changePassword.newMin);
    expect(LIMITS.resetPasswordMax).toBe(figure(SPEC.passwords, /reset password max (\d+)/));
  });

  it('times the carousel, redirects, copy confirmation and toasts in milliseconds', () => {
    expect(TIMINGS.carouselMs).toBe(figure(SPEC.timings, /Carousel interval (\d+) seconds/) * 1000);
    expect(TIMINGS.redirectMs).toBe(figure(SPEC.timings, /redirect delay (\d+) seconds/) * 1000);
    expect(TIMINGS.copiedMs).toBe(figure(SPEC.timings, /copy confirmation (\d+) second/) * 1000);
    expect(TIMINGS.toastMs).toBe(figure(SPEC.timings, /toasts close after (\d+) ms/));
  });

  it('states the policy facts the sign-up policies quote', () => {
    expect(POLICY_FACTS.minimumAge).toBe(figure(SPEC.policy, /minimum member age (\d+)/));
    expect(POLICY_FACTS.memberDataRetentionMonths).toBe(figure(SPEC.policy, /retention (\d+) months/));
    expect(POLICY_FACTS.otherDataRetentionYears).toBe(figure(SPEC.policy, /(\d+) years for other data/));
    expect(POLICY_FACTS.liabilityCapPounds).toBe(figure(SPEC.policy, /liability cap ([\d,]+) pounds/));
    expect(POLICY_FACTS.forceMajeureDays).toBe(figure(SPEC.policy, /after (\d+) days/));
  });
});

describe('messages that state a limit', () => {
  // Each message next to the limit the forms enforce with it: changing one without the other fails.
  const pairs: [string, number][] = [
    [MESSAGES.signup.nameMax, LIMITS.signup.nameMax],
    [MESSAGES.signup.emailMax, LIMITS.signup.emailMax],
    [MESSAGES.signup.passwordMax, LIMITS.signup.passwordMax],
    [MESSAGES.signup.confirmMax, LIMITS.signup.passwordMax],
    [MESSAGES.login.emailMax, LIMITS.signup.emailMax],
    [MESSAGES.login.passwordTooLong, LIMITS.changePassword.newMax],
    [MESSAGES.employeeSignup.firstNameMax, LIMITS.employeeSignup.nameMax],
    [MESSAGES.employeeSignup.lastNameMax, LIMITS.employeeSignup.nameMax],
    [MESSAGES.employeeSignup.emailMax, LIMITS.employeeSignup.emailMax],
    [MESSAGES.employeeSignup.employeeNumberMax, LIMITS.employeeSignup.employeeNumberMax],
    [MESSAGES.employeeSignup.passwordMax, LIMITS.employeeSignup.passwordMax],
    [MESSAGES.employeeSignup.confirmMax, LIMITS.employeeSignup.passwordMax],
    [MESSAGES.reset.newMax, LIMITS.resetPasswordMax],
    [MESSAGES.reset.confirmMax, LIMITS.resetPasswordMax],
    [MESSAGES.changePassword.newMin, LIMITS.changePassword.newMin],
    [MESSAGES.changePassword.newMax, LIMITS.changePassword.newMax],
    [MESSAGES.manualRow.firstNameMax, LIMITS.manualRow.nameMax],
    [MESSAGES.manualRow.lastNameMax, LIMITS.manualRow.nameMax],
    [MESSAGES.manualRow.emailMax, LIMITS.manualRow.emailMax],
    [MESSAGES.admins.passwordMin, LIMITS.changePassword.newMin],
    [MESSAGES.signup.passwordMin, LIMITS.changePassword.newMin],
    [MESSAGES.employeeSignup.passwordMin, LIMITS.changePassword.newMin],
    [MESSAGES.reset.newMin, LIMITS.changePassword.newMin],
    [MESSAGES.admins.userNameMax, LIMITS.signup.nameMax],
    [MESSAGES.admins.passwordMax, LIMITS.changePassword.newMax],
  ];

  it.each(pairs)('"%s" states %i', (message, limit) => {
    expect(statedIn(message)).toBe(limit);
  });

  it('says 2MB where CSV files are too large', () => {
    expect(statedIn(MESSAGES.employees.csvSize) * 1024 * 1024).toBe(LIMITS.csvMaxBytes);
  });
});
