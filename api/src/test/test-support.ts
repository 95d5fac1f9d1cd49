import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIE } from '@portal/shared-contracts';
import { employerUsers, users } from '../db/schema';
import { DOCS_PATH } from '../app';
import type { Db } from '../db/handle';
import { createUser, emailIs } from '../lib/new-user';
import { hashPassword } from '../lib/passwords';
import { createSession } from '../lib/sessions';
import { answerProblems } from '../openapi/answer-check';
import { createTestApp, TEST_SUPERADMIN, testPasswordHash, type TestApp, type TestAppOptions } from './testing';

/**
 * Helpers for the api's own test files (imported only by `*.test.ts`; they use vitest's hooks).
 * `testing.ts` is the part other packages may use too: the test database and app, no test runner.
 */

export type Res = LightMyRequestResponse;

/**
 * The test file's app on its own database: created before its first test, closed after its last.
 * Call it once at the top of the file; `app` and `ctx` are there from `beforeAll` on.
 */
export function useTestApp(options: TestAppOptions = {}): Omit<TestApp, 'close'> {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const started = () => {
    if (!current) throw new Error('useTestApp: the app is created in beforeAll');
    return current;
  };
  let checked: FastifyInstance | undefined;
  return {
    get app() {
      const { app } = started();
      if (checked?.[CHECKED_TARGET] !== app) checked = checkedAgainstDocument(app);
      return checked;
    },
    get ctx() {
      return started().ctx;
    },
    reset: () => started().reset(),
  };
}

const CHECKED_TARGET = Symbol('checked app');

declare module 'fastify' {
  interface FastifyInstance {
    [CHECKED_TARGET]?: FastifyInstance;
  }
}

/**
 * The app as tests see it: every `inject` answer is checked against the OpenAPI document the app
 * serves (a status the operation does not declare, or a body off its schema, fails the test), so
 * the document stays what clients really receive.
 */
function checkedAgainstDocument(app: FastifyInstance): FastifyInstance {
  let doc: Promise<Parameters<typeof answerProblems>[0]> | undefined;
  const check = async (options: InjectOptions | string, res: Res) => {
    // The document exactly as clients read it.
    doc ??= app.inject({ method: 'GET', url: `${DOCS_PATH}/json` }).then((r) => JSON.parse(r.body) as never);
    const o = typeof options === 'string' ? { url: options, method: 'GET' } : options;
    const url = typeof o.url === 'string' ? o.url : String(o.path ?? '');
    const problems = answerProblems(await doc, {
      method: String(o.method ?? 'GET'),
      url,
      status: res.statusCode,
      contentType: res.headers['content-type'] as string | undefined,
      body: res.body,
    });
    if (problems.length) throw new Error(`The answer does not match the OpenAPI document:\n${problems.slice(0, 10).join('\n')}`);
  };
  return new Proxy(app, {
    get(target, prop) {
      if (prop === CHECKED_TARGET) return target;
      if (prop !== 'inject') return Reflect.get(target, prop, target);
      return (options?: InjectOptions | string, callback?: never) => {
        // The chainable builder (no options) and the callback form are left unchecked.
        if (options === undefined) return target.inject();
        if (callback) return target.inject(options, callback);
        return target.inject(options).then(async (res) => {
          await check(options, res);
          return res;
        });
      };
    },
  });
}

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

export async function superAdminToken(app: FastifyInstance): Promise<string> {
  return json<{ token: string }>(await loginAs(app, TEST_SUPERADMIN.email, TEST_SUPERADMIN.password)).token;
}

type Running = Pick<TestApp, 'app' | 'ctx'>;

/** A registered employer who runs `companyId`, as after setup step 1. */
export async function employerOf(t: Running, companyId: string, email: string, userName?: string) {
  const employer = await registerEmployer(t.app, email, undefined, userName);
  await t.ctx.db.update(users).set({ companyId }).where(eq(users.id, employer.id));
  return employer;
}

/** A signed-in Admin of `companyId`, with the employer-user record every employer-side user has. */
export async function adminOf(t: Running, companyId: string, email: string, name: string, password = 'Admin-pass1') {
  const [admin] = await t.ctx.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), name, role: 'Admin', companyId })
    .returning({ id: users.id });
  await t.ctx.db.insert(employerUsers).values({ userId: admin!.id });
  return { id: admin!.id, token: json<{ token: string }>(await loginAs(t.app, email, password)).token };
}

/**
 * A user of `role` with its password and a session, made without requests: the rows `employerOf`
 * (a registered Employer) or `adminOf` leave (the user, the employer-user record every
 * employer-side user has, a session opened as a sign-in opens one), for set-ups that make the same
 * accounts before every test. Registration and sign-in are not what such tests are about, and
 * through the api they cost an argon2 hash or check each. No auth event is recorded.
 */
export async function signedInUser(
  db: Db,
  o: { email: string; name: string; role: 'Employer' | 'Admin'; companyId: string; password?: string },
): Promise<{ id: string; token: string; employerUserId: string }> {
  const created = await createUser(db, { email: o.email, passwordHash: await testPasswordHash(o.password ?? 'Passw0rd!'), name: o.name, role: o.role, companyId: o.companyId });
  if (!('id' in created)) throw new Error(`signedInUser: ${o.email} refused (${created.refused})`);
  const [record] = await db.select({ id: employerUsers.id }).from(employerUsers).where(eq(employerUsers.userId, created.id));
  return { id: created.id, token: (await createSession(db, created.id, false, SET_UP_CLIENT)).token, employerUserId: record!.id };
}

/** `employerOf`'s employer (a registered Employer who runs `companyId`) as rows: see `signedInUser`. */
export function employerRows(db: Db, companyId: string, email: string, name = 'Erin Employer') {
  return signedInUser(db, { email, name, role: 'Employer', companyId });
}

/** A session of the super admin `reset()` seeded, opened as its sign-in opens one, without the request. */
export async function superAdminSession(db: Db): Promise<string> {
  const [root] = await db.select({ id: users.id }).from(users).where(emailIs(TEST_SUPERADMIN.email)).limit(1);
  if (!root) throw new Error('superAdminSession: no super admin (reset() seeds it)');
  return (await createSession(db, root.id, false, SET_UP_CLIENT)).token;
}

/** Where `app.inject` says a request comes from. */
const SET_UP_CLIENT = { ip: '127.0.0.1', userAgent: 'lightMyRequest' };

/**
 * `n` calls of `make`, each started in a turn of the event loop of its own (as requests that arrive
 * apart would be: the api's session checks of one turn share a statement), and all of them settled.
 */
export async function oneATurn<T>(n: number, make: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  // Each outcome is taken as soon as its promise is made: one that fails while later ones are still
  // being made is an answer to report, not an unhandled rejection that fails the run.
  const settled: Promise<PromiseSettledResult<T>>[] = [];
  for (let i = 0; i < n; i++) {
    settled.push(
      make(i).then(
        (value) => ({ status: 'fulfilled', value }),
        (reason: unknown) => ({ status: 'rejected', reason }),
      ),
    );
    await nextTurn();
  }
  return Promise.all(settled);
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** A browser call: the session cookie, and the CSRF header the portal adds to state-changing calls. */
export function browser(token: string, withCsrf = true) {
  return { cookies: { [SESSION_COOKIE]: token }, headers: withCsrf ? { [CSRF_HEADER]: '1' } : {} };
}

/**
 * Sets the clock (`Date` only; it keeps running) back to a moment with at least `roomMs` left before
 * the next multiple of `windowMs`: a test file counting per fixed window (telemetry's half hours)
 * then never straddles two of them, whenever it runs. Call it at the top of the file, before
 * `useTestApp`. Back, never forward: a session the database dates is never seen as from the future.
 */
export function useClockInside(windowMs: number, roomMs: number): void {
  beforeAll(() => {
    const now = Date.now();
    const start = Math.floor(now / windowMs) * windowMs;
    const latest = start + windowMs - roomMs;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(now <= latest ? now : latest);
  });
  afterAll(() => {
    vi.useRealTimers();
  });
}
