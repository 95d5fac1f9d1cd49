import type { loginFormSchema } from '@portal/shared-contracts/forms/login';

export type LoginFormSchema = typeof loginFormSchema;

/**
 * The login form's schema (with zod), fetched when the form is first focused or typed into and
 * awaited on submit, so that the login page works before it arrives
 * (docs/decisions/0026-login-path-without-zod.md). Fetched once (the module is kept once loaded); a
 * failed fetch is tried again by the next call.
 */
export const loadLoginFormSchema = (): Promise<LoginFormSchema> => import('@portal/shared-contracts/forms/login').then((m) => m.loginFormSchema);
