import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { LIMITS } from '@portal/shared-contracts/constants';
import { LOGIN_MESSAGES } from '@portal/shared-contracts/messages/login';
import { emailField } from './fields';

// The login form, a shared entry of its own: the login page and the session endpoints
// (endpoints/session.ts) run it without every other form. forms/index.ts re-exports it.

/**
 * The spec caps the login password at 20, but lets change-password set up to 100 characters;
 * a cap of 20 would lock those users out, so login accepts what change-password can set
 * (docs/decisions/0002-login-password-length.md).
 */
export const loginFormSchema = lazySchema(() => z.object({
  email: emailField(LIMITS.signup.emailMax, {
    required: LOGIN_MESSAGES.login.emailRequired,
    tooLong: LOGIN_MESSAGES.login.emailMax,
    invalid: LOGIN_MESSAGES.login.emailInvalid,
  }),
  password: z.string().check(z.minLength(1, LOGIN_MESSAGES.login.passwordRequired), z.maxLength(LIMITS.changePassword.newMax, LOGIN_MESSAGES.login.passwordTooLong)),
  rememberMe: z.optional(z.boolean()),
}));
export type LoginForm = z.infer<typeof loginFormSchema>;
/** rememberMe false makes the session cookie end with the browser. */
export const loginBodySchema = loginFormSchema;
export type LoginBody = z.infer<typeof loginBodySchema>;
