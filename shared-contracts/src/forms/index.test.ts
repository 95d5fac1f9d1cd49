import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { LIMITS } from '../constants';
import {
  COMPANY_FORM_MESSAGES,
  NEW_PASSWORD_MIN,
  addAdminFormSchema,
  addUserBodySchema,
  changePasswordBodySchema,
  changePasswordFormSchema,
  companyFieldsSchema,
  deactivationReasonSchema,
  employeeSignupBodySchema,
  employeeSignupFormSchema,
  forgotPasswordBodySchema,
  forgotPasswordFormSchema,
  formatFollowUp,
  incentiveFormSchema,
  isEmailAddress,
  isoInstantMs,
  loginFormSchema,
  manualEmployeeRowSchema,
  registerBodySchema,
  rejectDriverFormSchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
  signupFormSchema,
  tripBodySchema,
  verifyDriverFormSchema,
  verifyVehicleFormSchema,
} from './index';
import { MESSAGES } from '../messages';

/** The message a form shows under a field: the first issue for that path, as react-hook-form's resolver picks it. */
function errorAt(schema: z.ZodMiniType, value: unknown, path: string): string | undefined {
  const r = schema.safeParse(value);
  if (r.success) return undefined;
  return r.error.issues.find((i) => i.path.join('.') === path)?.message;
}
function ok(schema: z.ZodMiniType, value: unknown): boolean {
  return schema.safeParse(value).success;
}
const long = (n: number, c = 'a') => c.repeat(n);
const emailOfLength = (n: number) => `${long(n - '@example.com'.length)}@example.com`;


/** A follow-up a month from now, inside the follow-up window whenever the tests run. */
const FOLLOW_UP = new Date(Date.now() + 30 * 86_400_000).toISOString();

describe('employer sign-up form', () => {
  const valid = {
    name: 'Jane',
    email: 'jane@example.com',
    password: 'secret12',
    confirmPassword: 'secret12',
    agreeTerms: true,
    agreePrivacy: true,
    agreeSafety: true,
  };
  const m = MESSAGES.signup;

  it('accepts a complete form', () => {
    expect(ok(signupFormSchema, valid)).toBe(true);
  });
  it('requires a name of at most 30 characters', () => {
    expect(errorAt(signupFormSchema, { ...valid, name: '' }, 'name')).toBe('Name is required.');
    expect(errorAt(signupFormSchema, { ...valid, name: '   ' }, 'name')).toBe(m.nameRequired);
    expect(ok(signupFormSchema, { ...valid, name: long(30) })).toBe(true);
    expect(errorAt(signupFormSchema, { ...valid, name: long(31) }, 'name')).toBe('Name should not exceed 30 characters.');
  });
  it('checks the email pattern and its 255 limit', () => {
    expect(errorAt(signupFormSchema, { ...valid, email: 'jane@' }, 'email')).toBe('Email is invalid.');
    expect(errorAt(signupFormSchema, { ...valid, email: '' }, 'email')).toBe(m.emailInvalid);
    expect(ok(signupFormSchema, { ...valid, email: emailOfLength(255) })).toBe(true);
    expect(errorAt(signupFormSchema, { ...valid, email: emailOfLength(256) }, 'email')).toBe('Email should not exceed 255 characters.');
  });
  it('requires passwords of at most 20 characters', () => {
    expect(errorAt(signupFormSchema, { ...valid, password: '' }, 'password')).toBe('Password is required.');
    expect(errorAt(signupFormSchema, { ...valid, password: long(21), confirmPassword: long(21) }, 'password')).toBe(
      'Password should not exceed 20 characters.',
    );
    expect(errorAt(signupFormSchema, { ...valid, confirmPassword: '' }, 'confirmPassword')).toBe('Confirm Password is required.');
    expect(errorAt(signupFormSchema, { ...valid, confirmPassword: long(21) }, 'confirmPassword')).toBe(
      'Confirm Password should not exceed 20 characters.',
    );
    expect(ok(signupFormSchema, { ...valid, password: long(20), confirmPassword: long(20) })).toBe(true);
  });
  it('reports a mismatch', () => {
    expect(errorAt(signupFormSchema, { ...valid, confirmPassword: 'other123' }, 'confirmPassword')).toBe('Passwords do not match.');
  });
  it('needs all three agreements', () => {
    for (const key of ['agreeTerms', 'agreePrivacy', 'agreeSafety']) {
      expect(errorAt(signupFormSchema, { ...valid, [key]: false }, 'agreements')).toBe(
        'You must agree to all terms and policies to continue.',
      );
    }
  });
  it('the registration body carries role Employer and the same rules', () => {
    const r = registerBodySchema.parse({ email: 'a@b.co', password: 'secret12', userName: 'Jane' });
    expect(r.role).toBe('Employer');
    expect(errorAt(registerBodySchema, { email: 'a@b.co', password: 'x', userName: long(31) }, 'userName')).toBe(m.nameMax);
    expect(ok(registerBodySchema, { email: 'a@b.co', password: 'x', userName: 'J', role: 'SuperAdmin' })).toBe(false);
  });
});

describe('login form', () => {
  it('gives the spec messages for the email', () => {
    expect(errorAt(loginFormSchema, { email: '', password: 'x' }, 'email')).toBe('Please enter your email address.');
    expect(errorAt(loginFormSchema, { email: 'nope', password: 'x' }, 'email')).toBe(
      'Invalid email format. Please enter a valid email.',
    );
    expect(errorAt(loginFormSchema, { email: emailOfLength(256), password: 'x' }, 'email')).toBe(
      'Email should not exceed 255 characters.',
    );
  });
  it('requires the password', () => {
    expect(errorAt(loginFormSchema, { email: 'a@b.co', password: '' }, 'password')).toBe('Please enter your password.');
  });
  it('accepts passwords that change-password can set (up to 100)', () => {
    expect(ok(loginFormSchema, { email: 'a@b.co', password: long(100) })).toBe(true);
    expect(errorAt(loginFormSchema, { email: 'a@b.co', password: long(101) }, 'password')).toBe(MESSAGES.login.passwordTooLong);
  });
});

describe('employee self-registration form', () => {
  const valid = {
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    employeeNumber: 'E-1',
    password: 'pw123456',
    confirmPassword: 'pw123456',
  };
  it('accepts a complete form, with or without a licence number', () => {
    expect(ok(employeeSignupFormSchema, valid)).toBe(true);
    expect(ok(employeeSignupFormSchema, { ...valid, drivingLicenseNumber: '' })).toBe(true);
  });
  it('requires names of at most 30 characters', () => {
    expect(errorAt(employeeSignupFormSchema, { ...valid, firstName: '' }, 'firstName')).toBe('First Name is required');
    expect(errorAt(employeeSignupFormSchema, { ...valid, firstName: long(31) }, 'firstName')).toBe(
      'First Name should not exceed 30 characters',
    );
    expect(errorAt(employeeSignupFormSchema, { ...valid, lastName: '' }, 'lastName')).toBe('Last Name is required');
    expect(errorAt(employeeSignupFormSchema, { ...valid, lastName: long(31) }, 'lastName')).toBe(
      'Last Name should not exceed 30 characters',
    );
  });
  it('checks email format and length', () => {
    expect(errorAt(employeeSignupFormSchema, { ...valid, email: 'ann.example.com' }, 'email')).toBe('Invalid email format');
    expect(errorAt(employeeSignupFormSchema, { ...valid, email: emailOfLength(256) }, 'email')).toBe(
      MESSAGES.employeeSignup.emailMax,
    );
  });
  it('requires an employee number of at most 20', () => {
    expect(errorAt(employeeSignupFormSchema, { ...valid, employeeNumber: '' }, 'employeeNumber')).toBe(
      MESSAGES.employeeSignup.employeeNumberRequired,
    );
    expect(errorAt(employeeSignupFormSchema, { ...valid, employeeNumber: long(21) }, 'employeeNumber')).toBe(
      MESSAGES.employeeSignup.employeeNumberMax,
    );
  });
  it('requires passwords of at most 20 that match', () => {
    expect(errorAt(employeeSignupFormSchema, { ...valid, password: '' }, 'password')).toBe(MESSAGES.employeeSignup.passwordRequired);
    expect(errorAt(employeeSignupFormSchema, { ...valid, password: long(21) }, 'password')).toBe(MESSAGES.employeeSignup.passwordMax);
    expect(errorAt(employeeSignupFormSchema, { ...valid, confirmPassword: '' }, 'confirmPassword')).toBe(
      MESSAGES.employeeSignup.confirmRequired,
    );
    expect(errorAt(employeeSignupFormSchema, { ...valid, confirmPassword: 'different' }, 'confirmPassword')).toBe(
      'Passwords do not match',
    );
  });
});

describe('reset and forgot password', () => {
  it('reset form: both required, max 20, equal', () => {
    expect(errorAt(resetPasswordFormSchema, { newPassword: '', confirmPassword: '' }, 'newPassword')).toBe(MESSAGES.reset.newRequired);
    expect(errorAt(resetPasswordFormSchema, { newPassword: 'abcdefgh', confirmPassword: '' }, 'confirmPassword')).toBe(
      MESSAGES.reset.confirmRequired,
    );
    expect(errorAt(resetPasswordFormSchema, { newPassword: long(21), confirmPassword: long(21) }, 'newPassword')).toBe(
      MESSAGES.reset.newMax,
    );
    expect(errorAt(resetPasswordFormSchema, { newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' }, 'confirmPassword')).toBe(
      'Passwords do not match',
    );
    expect(ok(resetPasswordFormSchema, { newPassword: long(20), confirmPassword: long(20) })).toBe(true);
  });
  it('reset body: email and token must be present', () => {
    expect(errorAt(resetPasswordBodySchema, { token: 't', newPassword: 'abcdefgh' }, 'email')).toBe('Email and token are required');
    expect(errorAt(resetPasswordBodySchema, { email: 'a@b.co', token: '', newPassword: 'abcdefgh' }, 'token')).toBe(
      'Email and token are required',
    );
    expect(ok(resetPasswordBodySchema, { email: 'a@b.co', token: 't', newPassword: 'abcdefgh' })).toBe(true);
  });
  it('forgot: email must match the pattern', () => {
    expect(errorAt(forgotPasswordFormSchema, { email: 'x' }, 'email')).toBe('Invalid email format');
    expect(ok(forgotPasswordFormSchema, { email: 'x@y.io' })).toBe(true);
  });
});

describe('change password form', () => {
  const schema = changePasswordFormSchema('me@example.com');
  const valid = { email: 'me@example.com', currentPassword: 'old', newPassword: 'newpass12', confirmNewPassword: 'newpass12' };
  it('accepts a complete form (email compared without case)', () => {
    expect(ok(schema, valid)).toBe(true);
    expect(ok(schema, { ...valid, email: 'ME@example.com' })).toBe(true);
  });
  it('checks the email: required, format, in sync with the session', () => {
    expect(errorAt(schema, { ...valid, email: '' }, 'email')).toBe('Email is required.');
    expect(errorAt(schema, { ...valid, email: 'me' }, 'email')).toBe('Invalid email format.');
    expect(errorAt(schema, { ...valid, email: 'other@example.com' }, 'email')).toBe('Email field out of sync. Please refresh.');
  });
  it('checks the current password: required, max 100', () => {
    expect(errorAt(schema, { ...valid, currentPassword: '' }, 'currentPassword')).toBe('Current password is required.');
    expect(ok(schema, { ...valid, currentPassword: long(100) })).toBe(true);
    expect(errorAt(schema, { ...valid, currentPassword: long(101) }, 'currentPassword')).toBe('Current password is too long.');
  });
  it('checks the new password: required, min 8, max 100', () => {
    expect(errorAt(schema, { ...valid, newPassword: '', confirmNewPassword: '' }, 'newPassword')).toBe('New password is required');
    expect(errorAt(schema, { ...valid, newPassword: long(7), confirmNewPassword: long(7) }, 'newPassword')).toBe(
      'New password must be at least 8 characters',
    );
    expect(ok(schema, { ...valid, newPassword: long(8), confirmNewPassword: long(8) })).toBe(true);
    expect(ok(schema, { ...valid, newPassword: long(100), confirmNewPassword: long(100) })).toBe(true);
    expect(errorAt(schema, { ...valid, newPassword: long(101), confirmNewPassword: long(101) }, 'newPassword')).toBe(
      'New password should not exceed 100 characters',
    );
  });
  it('checks the confirmation: required and equal', () => {
    expect(errorAt(schema, { ...valid, confirmNewPassword: '' }, 'confirmNewPassword')).toBe('Confirm new password is required');
    expect(errorAt(schema, { ...valid, confirmNewPassword: 'newpass13' }, 'confirmNewPassword')).toBe('New passwords do not match');
  });
});

describe('manual employee rows', () => {
  const valid = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: '7' };
  it('accepts a valid row', () => {
    expect(ok(manualEmployeeRowSchema, valid)).toBe(true);
  });
  it('first name: required, max 30', () => {
    expect(errorAt(manualEmployeeRowSchema, { ...valid, firstName: '' }, 'firstName')).toBe('Name is required');
    expect(errorAt(manualEmployeeRowSchema, { ...valid, firstName: long(31) }, 'firstName')).toBe('Name required, max 30 characters');
  });
  it('last name: required, max 30', () => {
    expect(errorAt(manualEmployeeRowSchema, { ...valid, lastName: '' }, 'lastName')).toBe('Surname is required');
    expect(errorAt(manualEmployeeRowSchema, { ...valid, lastName: long(31) }, 'lastName')).toBe('Surname, max 30 characters');
  });
  it('email: required, format, max 255', () => {
    expect(errorAt(manualEmployeeRowSchema, { ...valid, email: '' }, 'email')).toBe('Email is required');
    expect(errorAt(manualEmployeeRowSchema, { ...valid, email: 'ann' }, 'email')).toBe('Invalid email format');
    expect(errorAt(manualEmployeeRowSchema, { ...valid, email: emailOfLength(256) }, 'email')).toBe(
      'Email should not exceed 255 characters',
    );
  });
  it('employee number: required', () => {
    expect(errorAt(manualEmployeeRowSchema, { ...valid, employeeNumber: ' ' }, 'employeeNumber')).toBe('Employee No required');
  });
});

describe('add admin form', () => {
  const valid = { userName: 'jane', email: 'jane@example.com', password: 'secret12', role: 'SuperAdmin' };
  it('accepts a valid admin', () => {
    expect(ok(addAdminFormSchema, valid)).toBe(true);
    expect(ok(addAdminFormSchema, { ...valid, role: 'Employer' })).toBe(true);
  });
  it('needs every field', () => {
    for (const key of ['userName', 'email', 'password']) {
      expect(errorAt(addAdminFormSchema, { ...valid, [key]: '' }, 'form')).toBe('All fields are required.');
    }
  });
  it('checks email, password length and spaces in the user name', () => {
    expect(errorAt(addAdminFormSchema, { ...valid, email: 'jane' }, 'email')).toBe('Enter a valid email address.');
    expect(errorAt(addAdminFormSchema, { ...valid, password: '12345' }, 'password')).toBe('Password must be at least 8 characters.');
    expect(ok(addAdminFormSchema, { ...valid, password: '12345678' })).toBe(true);
    expect(errorAt(addAdminFormSchema, { ...valid, userName: 'jane doe' }, 'userName')).toBe('Username cannot contain spaces.');
  });
  it('the add-user body defaults to role Admin and applies the same rules', () => {
    const r = addUserBodySchema.parse({ userName: 'bob', email: 'bob@example.com', password: 'secret12' });
    expect(r.role).toBe('Admin');
    expect(errorAt(addUserBodySchema, { userName: 'bob smith', email: 'bob@example.com', password: 'secret' }, 'userName')).toBe(
      MESSAGES.admins.usernameSpaces,
    );
  });
});

describe('reasons, notes and follow-ups', () => {
  it('deactivation needs a reason that is not only whitespace', () => {
    expect(errorAt(deactivationReasonSchema, { reason: '' }, 'reason')).toBe('Reason for deactivation is needed');
    expect(errorAt(deactivationReasonSchema, { reason: '   \n\t' }, 'reason')).toBe('Reason for deactivation is needed');
    expect(errorAt(deactivationReasonSchema, {}, 'reason')).toBe('Reason for deactivation is needed');
    expect(deactivationReasonSchema.parse({ reason: '  Left the company ' }).reason).toBe('Left the company');
  });
  it('rejecting a driver needs notes', () => {
    expect(errorAt(rejectDriverFormSchema, { notes: '  ' }, 'notes')).toBe('Please provide notes for rejecting the driver.');
    expect(errorAt(rejectDriverFormSchema, {}, 'notes')).toBe('Please provide notes for rejecting the driver.');
    expect(ok(rejectDriverFormSchema, { notes: 'Licence expired' })).toBe(true);
  });
  it('verifying a driver needs a follow-up date; notes are optional', () => {
    expect(errorAt(verifyDriverFormSchema, { notes: 'x' }, 'followUpDate')).toBe('Please provide follow up date for the driver.');
    expect(errorAt(verifyDriverFormSchema, { followUpDate: '' }, 'followUpDate')).toBe('Please provide follow up date for the driver.');
    expect(errorAt(verifyDriverFormSchema, { followUpDate: 'not a date' }, 'followUpDate')).toBe(
      'Please provide follow up date for the driver.',
    );
    expect(verifyDriverFormSchema.parse({ followUpDate: FOLLOW_UP }).notes).toBe('');
  });
  it('verifying a vehicle needs notes and a follow-up date', () => {
    const msg = 'Please provide notes and follow up date for the vehicle.';
    expect(errorAt(verifyVehicleFormSchema, { notes: '', followUpDate: FOLLOW_UP }, 'notes')).toBe(msg);
    expect(errorAt(verifyVehicleFormSchema, { notes: 'MOT seen' }, 'followUpDate')).toBe(msg);
    expect(errorAt(verifyVehicleFormSchema, { notes: 'MOT seen', followUpDate: 'soon' }, 'followUpDate')).toBe(msg);
    expect(ok(verifyVehicleFormSchema, { notes: 'MOT seen', followUpDate: FOLLOW_UP })).toBe(true);
  });
  it('formats a follow-up as dd-MM-yyyy HH:mm (local time)', () => {
    const local = new Date(2026, 0, 5, 7, 4);
    expect(formatFollowUp(local.toISOString())).toBe('05-01-2026 07:04');
    expect(formatFollowUp(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('31-12-2026 23:59');
    expect(formatFollowUp('garbage')).toBe('');
  });
});

describe('the email rule', () => {
  /** The spec's "simple address pattern" as a regular expression: the reference on short inputs only. */
  const SPEC_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  it('accepts exactly what the spec pattern accepts', () => {
    const alphabet = ['a', '@', '.', ' ', '\t'];
    const all = (n: number): string[] => (n === 0 ? [''] : all(n - 1).flatMap((s) => alphabet.map((c) => s + c)));
    for (let n = 0; n <= 6; n++) {
      for (const s of all(n)) expect(isEmailAddress(s), JSON.stringify(s)).toBe(SPEC_PATTERN.test(s));
    }
    expect(isEmailAddress('jane.doe+tag@mail.example.co.uk')).toBe(true);
    expect(isEmailAddress('jane@example')).toBe(false);
    expect(isEmailAddress('jane@@example.com')).toBe(false);
  });

  // Each string makes the spec's pattern backtrack over the whole input for every dot it holds.
  const crafted = (bytes: number) => [`a@${'.'.repeat(bytes)}@`, `a@${'a.'.repeat(bytes / 2)} `, `${'a'.repeat(bytes)}@a.a@`];
  const schemas: [string, z.ZodMiniType, Record<string, unknown>, string, string][] = [
    ['sign-up', signupFormSchema, {}, 'email', MESSAGES.signup.emailMax],
    ['registration', registerBodySchema, {}, 'email', MESSAGES.signup.emailMax],
    ['login', loginFormSchema, { password: 'x' }, 'email', MESSAGES.login.emailMax],
    ['employee sign-up', employeeSignupBodySchema, {}, 'email', MESSAGES.employeeSignup.emailMax],
    ['forgot password', forgotPasswordBodySchema, {}, 'email', MESSAGES.signup.emailMax],
    ['change password', changePasswordFormSchema('me@example.com'), {}, 'email', MESSAGES.changePassword.emailInvalid],
    ['manual row', manualEmployeeRowSchema, {}, 'email', MESSAGES.manualRow.emailMax],
    ['company', companyFieldsSchema, {}, 'email', COMPANY_FORM_MESSAGES.emailInvalid],
    ['add admin', addUserBodySchema, { userName: 'a', password: 'secret12' }, 'email', MESSAGES.admins.emailInvalid],
  ];

  it.each(schemas)('%s: a crafted 256 KB or 1 MB address is refused in a few milliseconds by its length alone', (_name, schema, rest, path, message) => {
    for (const bytes of [256 * 1024, 1024 * 1024]) {
      for (const email of crafted(bytes)) {
        const started = performance.now();
        const r = schema.safeParse({ ...rest, [path]: email });
        const ms = performance.now() - started;
        // A backtracking pattern takes seconds to minutes here; a length checked first, well under a
        // millisecond on a quiet machine and tens of them on a loaded one.
        expect(ms).toBeLessThan(1000);
        expect(r.success).toBe(false);
        expect(r.error!.issues.filter((i) => i.path.join('.') === path).map((i) => i.message)).toEqual([message]);
      }
    }
  });
});

describe('new passwords: at least 8 characters everywhere', () => {
  const seven = 'Abcdef1';
  const eight = 'Abcdef12';
  it('sign-up and registration', () => {
    const form = { name: 'Jane', email: 'jane@example.com', agreeTerms: true, agreePrivacy: true, agreeSafety: true };
    expect(errorAt(signupFormSchema, { ...form, password: seven, confirmPassword: seven }, 'password')).toBe(MESSAGES.signup.passwordMin);
    expect(ok(signupFormSchema, { ...form, password: eight, confirmPassword: eight })).toBe(true);
    expect(errorAt(registerBodySchema, { email: 'a@b.co', password: 'x', userName: 'J' }, 'password')).toBe(MESSAGES.signup.passwordMin);
    expect(ok(registerBodySchema, { email: 'a@b.co', password: eight, userName: 'J' })).toBe(true);
  });
  it('employee self-registration, form and body', () => {
    const form = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', employeeNumber: 'E-1' };
    for (const schema of [employeeSignupFormSchema, employeeSignupBodySchema]) {
      expect(errorAt(schema, { ...form, password: seven, confirmPassword: seven }, 'password')).toBe(MESSAGES.employeeSignup.passwordMin);
      expect(ok(schema, { ...form, password: eight, confirmPassword: eight })).toBe(true);
    }
  });
  it('reset, form and body', () => {
    expect(errorAt(resetPasswordFormSchema, { newPassword: seven, confirmPassword: seven }, 'newPassword')).toBe(MESSAGES.reset.newMin);
    expect(ok(resetPasswordFormSchema, { newPassword: eight, confirmPassword: eight })).toBe(true);
    expect(errorAt(resetPasswordBodySchema, { email: 'a@b.co', token: 't', newPassword: 'x' }, 'newPassword')).toBe(MESSAGES.reset.newMin);
    expect(ok(resetPasswordBodySchema, { email: 'a@b.co', token: 't', newPassword: eight })).toBe(true);
  });
  it('change password: the spec already says 8; the new one must differ from the current one', () => {
    const form = changePasswordFormSchema('me@example.com');
    const same = { email: 'me@example.com', currentPassword: eight, newPassword: eight, confirmNewPassword: eight };
    expect(errorAt(form, same, 'newPassword')).toBe(MESSAGES.changePassword.sameAsCurrent);
    expect(errorAt(changePasswordBodySchema, { currentPassword: eight, newPassword: eight }, 'newPassword')).toBe(MESSAGES.changePassword.sameAsCurrent);
    expect(ok(changePasswordBodySchema, { currentPassword: eight, newPassword: `${eight}!` })).toBe(true);
    expect(errorAt(changePasswordBodySchema, { currentPassword: 'old', newPassword: seven }, 'newPassword')).toBe(MESSAGES.changePassword.newMin);
  });
  it('an admin added by a super admin or an employer', () => {
    const admin = { userName: 'jane', email: 'jane@example.com', role: 'Admin' };
    // One minimum, one message, from one character to seven (a 5-character password was told "at least 6").
    for (const short of ['1', '12345', '123456', seven]) {
      expect(errorAt(addUserBodySchema, { ...admin, password: short }, 'password'), short).toBe(MESSAGES.admins.passwordMin);
      expect(errorAt(addAdminFormSchema, { ...admin, password: short }, 'password'), short).toBe(MESSAGES.admins.passwordMin);
    }
    expect(ok(addUserBodySchema, { ...admin, password: eight })).toBe(true);
  });
  it('login still accepts any stored password, short ones included', () => {
    expect(ok(loginFormSchema, { email: 'a@b.co', password: 'x' })).toBe(true);
  });
  it('each message states the minimum, one way: the same sentence for every password, the spec\'s for every new password', () => {
    const all = [MESSAGES.signup.passwordMin, MESSAGES.employeeSignup.passwordMin, MESSAGES.reset.newMin, MESSAGES.changePassword.newMin, MESSAGES.admins.passwordMin];
    for (const message of all) expect(message).toMatch(new RegExp(`^(New p|P)assword must be at least ${NEW_PASSWORD_MIN} characters\\.?$`));
    expect(new Set([MESSAGES.signup.passwordMin, MESSAGES.employeeSignup.passwordMin, MESSAGES.admins.passwordMin]).size).toBe(1);
    expect(MESSAGES.reset.newMin).toBe(MESSAGES.changePassword.newMin);
    expect(MESSAGES.changePassword.newMin).toBe('New password must be at least 8 characters');
  });
});

describe('incentive counts', () => {
  const rules = { generalRewardDescription: '', numberOfMilesRewards: '', numberOfTripsRewards: '', numberOfTrips: 0 };
  it.each([[[7]], ['0x10'], [true], [''], ['1e3'], [' 5'], [-1], [1.5], ['-1'], ['1.5'], [null], [Number.NaN], [LIMITS.incentive.numberMax + 1], ['1'.repeat(12)]])(
    'refuses %j with the field message',
    (value) => {
      expect(errorAt(incentiveFormSchema, { ...rules, numberOfMiles: value }, 'numberOfMiles')).toBe(COMPANY_FORM_MESSAGES.numberInvalid);
      expect(errorAt(incentiveFormSchema, { ...rules, numberOfMiles: 1, numberOfTrips: value }, 'numberOfTrips')).toBe(COMPANY_FORM_MESSAGES.numberInvalid);
    },
  );
  it('takes whole JSON numbers and the digits a number input sends', () => {
    expect(incentiveFormSchema.parse({ ...rules, numberOfMiles: 12, numberOfTrips: '7' })).toMatchObject({ numberOfMiles: 12, numberOfTrips: 7 });
    expect(incentiveFormSchema.parse({ ...rules, numberOfMiles: '0', numberOfTrips: String(LIMITS.incentive.numberMax) })).toMatchObject({
      numberOfMiles: 0,
      numberOfTrips: LIMITS.incentive.numberMax,
    });
  });
});

describe('ISO date-times (trips, follow-ups)', () => {
  it('name the instant they say, offsets and fractions included', () => {
    expect(isoInstantMs('2026-09-30T10:00:00Z')).toBe(Date.UTC(2026, 8, 30, 10));
    expect(isoInstantMs('2026-09-30T10:00Z')).toBe(Date.UTC(2026, 8, 30, 10));
    expect(isoInstantMs('2026-09-30T11:00:00+01:00')).toBe(Date.UTC(2026, 8, 30, 10));
    expect(isoInstantMs('2026-09-30T00:30:00-12:00')).toBe(Date.UTC(2026, 8, 30, 12, 30));
    expect(isoInstantMs('2026-09-30T10:00:00+14:00')).toBe(Date.UTC(2026, 8, 29, 20));
    expect(isoInstantMs('2026-09-30T10:00:00.123456789Z')).toBe(Date.UTC(2026, 8, 30, 10, 0, 0, 123));
    expect(isoInstantMs('2026-09-30T10:00:00.5Z')).toBe(Date.UTC(2026, 8, 30, 10, 0, 0, 500));
    expect(isoInstantMs('2026-09-30T10:00:00-00:00')).toBe(Date.UTC(2026, 8, 30, 10));
    expect(isoInstantMs('2026-12-31T23:59:59Z')).toBe(Date.UTC(2026, 11, 31, 23, 59, 59));
    // Leap years by the Gregorian rule: 2024 and 2000 have a 29 February, 2100 does not.
    expect(isoInstantMs('2024-02-29T12:00:00Z')).toBe(Date.UTC(2024, 1, 29, 12));
    expect(isoInstantMs('2000-02-29T12:00:00Z')).toBe(Date.UTC(2000, 1, 29, 12));
    // Years below 100 are not read as 19xx.
    expect(isoInstantMs('0050-01-01T00:00:00Z')).toBe(new Date('0050-01-01T00:00:00Z').getTime());
  });

  it('name nothing when the day, the time or the offset does not exist, where Date.parse rolls over', () => {
    for (const s of [
      '2026-09-31T10:00:00Z',
      '2026-02-29T10:00:00Z',
      '2100-02-29T10:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-01-32T10:00:00Z',
      '2026-00-10T10:00:00Z',
      '2026-13-10T10:00:00Z',
      '2026-01-00T10:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:60:00Z',
      '2026-06-30T23:59:60Z',
      '2026-01-01T10:00:00+14:01',
      '2026-01-01T10:00:00-12:01',
      '2026-01-01T10:00:00+01:60',
      '2026-01-01T10:00:00+99:00',
      '2026-01-01T10:00:00',
      '2026-01-01',
      '2026-01-01t10:00:00z',
      '2026-1-01T10:00:00Z',
      ' 2026-01-01T10:00:00Z',
      `2026-01-01T10:00:00.${'1'.repeat(30)}Z`,
      '',
    ]) {
      expect(isoInstantMs(s), s).toBeNull();
    }
    expect(Date.parse('2026-09-31T10:00:00Z')).toBe(Date.UTC(2026, 9, 1, 10));
  });

  it('are refused by the trip and follow-up schemas with their one message', () => {
    const trip = { clientTripId: 'a', distanceMiles: 3, passengerIds: ['7d4f6a8e-2b1c-4d3e-9f0a-1b2c3d4e5f60'] };
    for (const startedAt of ['2026-09-31T10:00:00Z', '2026-01-01T24:00:00Z', '', 'x'.repeat(100_000)]) {
      const r = tripBodySchema.safeParse({ ...trip, startedAt });
      expect(r.success, startedAt.slice(0, 30)).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual([MESSAGES.trips.startedAtInvalid]);
    }
    expect(tripBodySchema.safeParse({ ...trip, startedAt: '2026-09-30T10:00:00+01:00' }).success).toBe(true);
    expect(errorAt(verifyDriverFormSchema, { followUpDate: '2026-11-31T09:00:00Z' }, 'followUpDate')).toBe(MESSAGES.drivers.verifyFollowUp);
  });
});
