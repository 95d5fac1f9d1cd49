import { z } from 'zod/mini';
import { builtOnce, lazySchema } from '../lazy-schema';
import { LIMITS } from '@portal/shared-contracts/constants';
import { AUTH_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/auth';
import { INPUT_MESSAGES } from '../messages/input';
import { emailField, isEmailAddress, trimmed } from './fields';
import { TEXT_KINDS, hasDirectionControl, hasInvisibleCharacter, hasVisibleText, nameText, typedText } from './text';

// The account forms (sign-up, employee self-registration, reset, forgot and change password, admin
// users), a shared entry of their own: mfe-auth's public pages and the accounts endpoints run them
// without every other form and message. forms/index.ts re-exports them.

/** Every new password has change-password's minimum (OWASP ASVS 6.2.1; docs/decisions/0015-password-policy.md). */
export const NEW_PASSWORD_MIN = LIMITS.changePassword.newMin;

// ---------------------------------------------------------------- employer sign-up
const signupName = () => nameText({ required: MESSAGES.signup.nameRequired, max: LIMITS.signup.nameMax, tooLong: MESSAGES.signup.nameMax });
const signupEmail = () => emailField(LIMITS.signup.emailMax, { tooLong: MESSAGES.signup.emailMax, invalid: MESSAGES.signup.emailInvalid });
const signupPassword = () =>
  z.string().check(
    z.minLength(1, MESSAGES.signup.passwordRequired),
    z.minLength(NEW_PASSWORD_MIN, MESSAGES.signup.passwordMin),
    z.maxLength(LIMITS.signup.passwordMax, MESSAGES.signup.passwordMax),
  );
export const signupFormSchema = lazySchema(() => z
  .object({
    name: signupName(),
    email: signupEmail(),
    password: signupPassword(),
    confirmPassword: z.string().check(z.minLength(1, MESSAGES.signup.confirmRequired), z.maxLength(LIMITS.signup.passwordMax, MESSAGES.signup.confirmMax)),
    agreeTerms: z.boolean(),
    agreePrivacy: z.boolean(),
    agreeSafety: z.boolean(),
  }).check(z.superRefine((v, ctx) => {
    if (v.confirmPassword && v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.signup.mismatch });
    }
    if (!(v.agreeTerms && v.agreePrivacy && v.agreeSafety)) {
      ctx.addIssue({ code: 'custom', path: ['agreements'], message: MESSAGES.signup.agreements });
    }
  })));
export type SignupForm = z.infer<typeof signupFormSchema>;

/** Registration payload: email, password, userName, role (fixed value Employer). */
export const registerBodySchema = lazySchema(() => z.object({
  email: signupEmail(),
  password: signupPassword(),
  userName: signupName(),
  role: z._default(z.literal('Employer'), 'Employer'),
}));
export type RegisterBody = z.infer<typeof registerBodySchema>;

// ---------------------------------------------------------------- employee self-registration
const employeeSignupFields = builtOnce(() => ({
  firstName: nameText({ required: MESSAGES.employeeSignup.firstNameRequired, max: LIMITS.employeeSignup.nameMax, tooLong: MESSAGES.employeeSignup.firstNameMax }),
  lastName: nameText({ required: MESSAGES.employeeSignup.lastNameRequired, max: LIMITS.employeeSignup.nameMax, tooLong: MESSAGES.employeeSignup.lastNameMax }),
  email: emailField(LIMITS.employeeSignup.emailMax, { tooLong: MESSAGES.employeeSignup.emailMax, invalid: MESSAGES.employeeSignup.emailInvalid }),
  employeeNumber: trimmed().check(
    z.minLength(1, MESSAGES.employeeSignup.employeeNumberRequired),
    z.maxLength(LIMITS.employeeSignup.employeeNumberMax, MESSAGES.employeeSignup.employeeNumberMax),
  ),
  password: z.string().check(
    z.minLength(1, MESSAGES.employeeSignup.passwordRequired),
    z.minLength(NEW_PASSWORD_MIN, MESSAGES.employeeSignup.passwordMin),
    z.maxLength(LIMITS.employeeSignup.passwordMax, MESSAGES.employeeSignup.passwordMax),
  ),
  confirmPassword: z.string().check(
    z.minLength(1, MESSAGES.employeeSignup.confirmRequired),
    z.maxLength(LIMITS.employeeSignup.passwordMax, MESSAGES.employeeSignup.confirmMax),
  ),
  drivingLicenseNumber: z.union([z.optional(trimmed().check(z.maxLength(LIMITS.employeeSignup.employeeNumberMax))), z.literal('')]),
}));
export const employeeSignupFormSchema = lazySchema(() => z.object(employeeSignupFields()).check(z.superRefine((v, ctx) => {
  if (v.confirmPassword && v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.employeeSignup.mismatch });
  }
})));
export type EmployeeSignupForm = z.infer<typeof employeeSignupFormSchema>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * The office of an office's invite link (`office_id`, docs/decisions/0045-offices-as-a-dimension.md):
 * a uuid, length before pattern. The server keeps it only when it is an office of the link's company.
 */
export const joinOfficeIdSchema = lazySchema(() => z.string().check(
  z.maxLength(36, MESSAGES.employeeSignup.officeInvalid),
  z.refine((v) => UUID.test(v), MESSAGES.employeeSignup.officeInvalid),
));

/**
 * The body of POST employees/employers/{companyId}/employees. `company_id` and `isActive` may be sent
 * (the spec's payload lists them) but the server takes the company from the path and sets isActive false.
 */
export const employeeSignupBodySchema = lazySchema(() => z
  .object({
    ...employeeSignupFields(),
    company_id: z.optional(z.string()),
    isActive: z.optional(z.boolean()),
    /** Ours: the office of an office's invite link; one the company does not have is No office. */
    officeId: z.optional(z.nullable(joinOfficeIdSchema)),
  }).check(z.superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.employeeSignup.mismatch });
    }
  })));
export type EmployeeSignupBody = z.infer<typeof employeeSignupBodySchema>;

// ---------------------------------------------------------------- reset and forgot password
const resetPassword = () =>
  z.string().check(
    z.minLength(1, MESSAGES.reset.newRequired),
    z.minLength(NEW_PASSWORD_MIN, MESSAGES.reset.newMin),
    z.maxLength(LIMITS.resetPasswordMax, MESSAGES.reset.newMax),
  );

export const resetPasswordFormSchema = lazySchema(() => z
  .object({
    newPassword: resetPassword(),
    confirmPassword: z.string().check(z.minLength(1, MESSAGES.reset.confirmRequired), z.maxLength(LIMITS.resetPasswordMax, MESSAGES.reset.confirmMax)),
  }).check(z.superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.reset.mismatch });
    }
  })));
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordBodySchema = lazySchema(() => z.object({
  email: z.string({ error: MESSAGES.reset.emailTokenRequired }).check(z.trim(), z.minLength(1, MESSAGES.reset.emailTokenRequired)),
  token: z.string({ error: MESSAGES.reset.emailTokenRequired }).check(z.minLength(1, MESSAGES.reset.emailTokenRequired)),
  newPassword: resetPassword(),
}));
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const forgotPasswordFormSchema = lazySchema(() => z.object({
  email: emailField(LIMITS.signup.emailMax, { tooLong: MESSAGES.signup.emailMax, invalid: MESSAGES.forgot.emailInvalid }),
}));
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;
/** The callback address is accepted for compatibility but the link is always built from configuration. */
export const forgotPasswordBodySchema = lazySchema(() => z.extend(forgotPasswordFormSchema, {
  callbackUrl: z.optional(z.string().check(z.maxLength(2000))),
}));
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

// ---------------------------------------------------------------- change password
const changePasswordFields = builtOnce(() => ({
  currentPassword: z.string().check(
    z.minLength(1, MESSAGES.changePassword.currentRequired),
    z.maxLength(LIMITS.changePassword.currentMax, MESSAGES.changePassword.currentMax),
  ),
  newPassword: z.string().check(
    z.minLength(1, MESSAGES.changePassword.newRequired),
    z.minLength(LIMITS.changePassword.newMin, MESSAGES.changePassword.newMin),
    z.maxLength(LIMITS.changePassword.newMax, MESSAGES.changePassword.newMax),
  ),
}));
/** A new password equal to the current one changes nothing: refused (ours). */
function newDiffersFromCurrent(v: { currentPassword: string; newPassword: string }, ctx: z.core.$RefinementCtx) {
  if (v.newPassword && v.newPassword === v.currentPassword) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: MESSAGES.changePassword.sameAsCurrent });
  }
}
/** The form needs the signed-in email to check "Email field out of sync". */
export const changePasswordFormSchema = (sessionEmail: string) =>
  z
    .object({
      email: emailField(LIMITS.signup.emailMax, {
        required: MESSAGES.changePassword.emailRequired,
        tooLong: MESSAGES.changePassword.emailInvalid,
        invalid: MESSAGES.changePassword.emailInvalid,
      }).check(z.refine((e) => e.toLowerCase() === sessionEmail.trim().toLowerCase(), MESSAGES.changePassword.emailOutOfSync)),
      ...changePasswordFields(),
      confirmNewPassword: z.string().check(z.minLength(1, MESSAGES.changePassword.confirmRequired)),
    }).check(z.superRefine((v, ctx) => {
      newDiffersFromCurrent(v, ctx);
      if (v.confirmNewPassword && v.newPassword !== v.confirmNewPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: MESSAGES.changePassword.mismatch });
      }
    }));
export type ChangePasswordForm = z.infer<ReturnType<typeof changePasswordFormSchema>>;
export const changePasswordBodySchema = lazySchema(() => z.object(changePasswordFields()).check(z.superRefine(newDiffersFromCurrent)));
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

// ---------------------------------------------------------------- admin users
// Zero-width and other invisible characters count as spaces: "ann\u200Blee" would pass for "annlee".
const noSpaces = (s: string) => !hasInvisibleCharacter(s);
export const addAdminFormSchema = lazySchema(() => z
  .object({
    userName: typedText(),
    email: z.string().check(z.trim()),
    password: z.string(),
    role: z.enum(['SuperAdmin', 'Employer', 'Admin']),
  }).check(z.superRefine((v, ctx) => {
    if (!hasVisibleText(v.userName) || !v.email || !v.password) {
      ctx.addIssue({ code: 'custom', path: ['form'], message: MESSAGES.admins.allRequired });
      return;
    }
    if (!noSpaces(v.userName)) ctx.addIssue({ code: 'custom', path: ['userName'], message: MESSAGES.admins.usernameSpaces });
    if (hasDirectionControl(v.userName)) ctx.addIssue({ code: 'custom', path: ['userName'], message: INPUT_MESSAGES.input.bidiControl });
    if (v.email.length > LIMITS.signup.emailMax || !isEmailAddress(v.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.admins.emailInvalid });
    }
    // The minimum of every new password, said as everywhere else (the spec's 6 is below it).
    if (v.password.length < NEW_PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.admins.passwordMin });
    }
    if (v.password.length > LIMITS.changePassword.newMax) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.admins.passwordMax });
    }
    if (v.userName.length > LIMITS.signup.nameMax) {
      ctx.addIssue({ code: 'custom', path: ['userName'], message: MESSAGES.admins.userNameMax });
    }
  })));
export type AddAdminForm = z.infer<typeof addAdminFormSchema>;
/** employerId and employerUserId are sent by the spec's client; the server takes both from the session. */
const requiredText = () => z.string({ error: MESSAGES.admins.allRequired });
export const addUserBodySchema = lazySchema(() => z
  .object({
    // A field left out answers like an empty one.
    // A name: the checks above (invisible-only, spaces, direction controls) are the form's own.
    userName: requiredText().check(z.trim(), z.normalize('NFC')).register(TEXT_KINDS, { text: 'name' }),
    email: requiredText().check(z.trim()),
    password: requiredText(),
    role: z._default(z.enum(['SuperAdmin', 'Employer', 'Admin']), 'Admin'),
    employerId: z.nullish(z.string()),
    employerUserId: z.nullish(z.string()),
  }).check(z.superRefine((v, ctx) => {
    const r = addAdminFormSchema.safeParse(v);
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })));
export type AddUserBody = z.infer<typeof addUserBodySchema>;

/** At most this many offices in one admin's limit (docs/decisions/0051-office-administrators.md). */
export const ADMIN_OFFICES_MAX = 50;

/**
 * The body of PUT /api/accounts/users/{id}/offices: the offices an admin is limited to, or null for
 * the whole company. An empty list is refused (an admin of no office would see nothing).
 */
export const adminOfficesBodySchema = lazySchema(() => z.object({
  officeIds: z.nullable(
    z
      .array(z.string().check(z.maxLength(36, MESSAGES.admins.officeUnknown), z.refine((v) => UUID.test(v), MESSAGES.admins.officeUnknown)))
      .check(z.minLength(1, MESSAGES.admins.officeUnknown), z.maxLength(ADMIN_OFFICES_MAX, MESSAGES.admins.officesTooMany)),
  ),
}));
export type AdminOfficesBody = z.infer<typeof adminOfficesBodySchema>;
