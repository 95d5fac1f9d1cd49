import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, SESSION_COOKIE } from '@portal/shared-contracts';

/** Small helpers for the api's own tests (imported only by `*.test.ts`). */

export type Res = LightMyRequestResponse;

export function json<T = Record<string, unknown>>(res: Res): T {
  return JSON.parse(res.body) as T;
}

export function sessionCookie(res: Res) {
  return res.cookies.find((c) => c.name === SESSION_COOKIE);
}

export async function registerEmployer(app: FastifyInstance, email: string, password = 'Passw0rd!', userName = 'Erin Employer') {
  const res = await app.inject({ method: 'POST', url: '/api/accounts/register', payload: { email, password, userName, role: 'Employer' } });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return json<{ token: string; id: string; employerUserId: string }>(res);
}

export async function loginAs(app: FastifyInstance, email: string, password: string, extra: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'POST', url: '/api/accounts/login', payload: { email, password }, ...extra });
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A browser call: the session cookie, and the CSRF header the portal adds to state-changing calls. */
export function browser(token: string, withCsrf = true) {
  return { cookies: { [SESSION_COOKIE]: token }, headers: withCsrf ? { [CSRF_HEADER]: '1' } : {} };
}
