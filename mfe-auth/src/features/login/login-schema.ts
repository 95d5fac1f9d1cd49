import type { loginFormSchema } from '@portal/shared-contracts/forms/login';

export type LoginFormSchema = typeof loginFormSchema;

let loading: Promise<LoginFormSchema> | null = null;

/**
 * The login form's schema (with zod), fetched when the form is first focused or typed into and
 * awaited on submit, so that the login page works before it arrives
 * (docs/decisions/0026-login-path-without-zod.md). One fetch for the page; a failed one is tried again.
 */
export function loadLoginFormSchema(): Promise<LoginFormSchema> {
  loading ??= import('@portal/shared-contracts/forms/login').then(
    (m) => m.loginFormSchema,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
