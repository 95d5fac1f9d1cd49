import { atom, type PortalStore } from './portal-store';
import { CALL_HEADERS, ROLES, SESSION_CHECK_PATH, SESSION_STORAGE_KEYS, STORAGE_KEYS, type Role } from '@portal/shared-contracts/constants';
import type { Company, SessionUser } from '@portal/shared-contracts/entities/session';
import type { Session } from '@portal/shared-contracts/platform';

// One storage entry per session field, under the spec's names, so that a support person reading the
// browser storage sees what the spec describes.
type StorageKey = keyof typeof STORAGE_KEYS;
const KEYS = Object.keys(STORAGE_KEYS) as StorageKey[];
/** Kept before login so a visitor's canary bucket stays the same across reloads. */
const DEVICE_ID_KEY = 'portal.deviceId';
/**
 * Without "remember me" the session is kept in sessionStorage, of which every tab has its own copy,
 * while the server's HttpOnly cookie lasts until the browser closes. This cookie lives exactly as
 * long (no Max-Age) and tells a tab opened later that such a session may be alive, so that it asks
 * the server instead of showing the login page, and that anonymous visitors are not asked at all.
 * It holds no secret: only that a browser-long sign-in happened.
 */
const BROWSER_SESSION_COOKIE = 'portal_browser_session';

export const sessionAtom = atom<Session | null>(null);

/** What the server says of the signed-in user (`accounts.me`), as the session keeps it. */
export function sessionFieldsOf(user: SessionUser): Omit<Session, 'companyDetails'> {
  return {
    userId: user.id,
    role: user.role,
    name: user.name,
    email: user.email,
    employerId: user.employerId,
    employerUserId: user.employerUserId,
    signUpState: user.signUpState,
    offices: user.offices,
  };
}

export type { PortalStore };

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

/** An office admin's stored office ids; anything unreadable is the whole company until `me` answers. */
function storedOffices(raw: string | null): string[] | null {
  if (!raw) return null;
  return safe(() => {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((id) => typeof id === 'string') ? (parsed as string[]) : null;
  }, null);
}

/** The stored session's fields, and its company as stored (checked by `readStoredSession`). */
function readFrom(storage: Storage): { session: Omit<Session, 'companyDetails'>; company: string | null } | null {
  const get = (k: StorageKey) => storage.getItem(STORAGE_KEYS[k]);
  const userId = get('userId');
  const role = get('role');
  if (!userId || !role || !(ROLES as readonly string[]).includes(role)) return null;
  const state = Number.parseInt(get('signUpState') ?? '', 10);
  const session = {
    userId,
    role: role as Role,
    name: get('name') ?? '',
    email: get('email') ?? '',
    employerId: get('employerId') || null,
    employerUserId: get('employerUserId') || null,
    signUpState: Number.isFinite(state) ? state : -1,
    offices: storedOffices(get('offices')),
  };
  return { session, company: get('companyDetails') };
}

/** The stored company when it still matches its contract (a change of the contract drops it), else null. */
async function checkedCompany(raw: string | null): Promise<Company | null> {
  if (!raw) return null;
  // The schema (with zod) is fetched only when a company is stored: never on a visitor's login page.
  // Not fetched (offline): the company is left out, as a stale one is, and the pages load it again.
  const companySchema = await import('@portal/shared-contracts/entities/session').then((m) => m.companySchema, () => null);
  if (!companySchema) return null;
  return safe(() => {
    const parsed = companySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }, null);
}

/** The stored session, from localStorage ("remember me") or sessionStorage (ends with the browser). */
export async function readStoredSession(): Promise<{ session: Session; remember: boolean } | null> {
  const local = safe(() => readFrom(localStorage), null);
  const found = local ? { stored: local, remember: true } : { stored: safe(() => readFrom(sessionStorage), null), remember: false };
  if (!found.stored) return null;
  return { session: { ...found.stored.session, companyDetails: await checkedCompany(found.stored.company) }, remember: found.remember };
}

function setBrowserSessionCookie(on: boolean): void {
  const attributes = `Path=/; SameSite=Strict${window.location.protocol === 'https:' ? '; Secure' : ''}`;
  safe(() => {
    document.cookie = on ? `${BROWSER_SESSION_COOKIE}=1; ${attributes}` : `${BROWSER_SESSION_COOKIE}=; Max-Age=0; ${attributes}`;
  }, undefined);
}

/** True when this browser signed in without "remember me" and has not been closed since. */
export function hasBrowserSession(): boolean {
  return safe(() => document.cookie.split(';').some((c) => c.trim() === `${BROWSER_SESSION_COOKIE}=1`), false);
}

/**
 * The session check (`accounts.me`) sent at once by a tab that has a browser-long session to restore:
 * beside the restore's code and the endpoint's schema (with zod), not after them. Its answer is read
 * by the restore's client (`answeringFirst`), which reports a failure.
 */
export function sendSessionCheck(): Promise<Response> {
  const sent = fetch(SESSION_CHECK_PATH, { credentials: 'include', headers: CALL_HEADERS });
  sent.catch(() => {});
  return sent;
}

export function writeStoredSession(session: Session, remember: boolean): void {
  clearStoredSession({ keepSavedFlag: true });
  setBrowserSessionCookie(!remember);
  const storage = remember ? localStorage : sessionStorage;
  const values: Record<StorageKey, string | null> = {
    name: session.name,
    email: session.email,
    employerId: session.employerId,
    userId: session.userId,
    employerUserId: session.employerUserId,
    role: session.role,
    signUpState: String(session.signUpState),
    companyDetails: session.companyDetails ? JSON.stringify(session.companyDetails) : null,
    offices: session.offices ? JSON.stringify(session.offices) : null,
  };
  safe(() => {
    for (const k of KEYS) {
      const v = values[k];
      if (v === null) storage.removeItem(STORAGE_KEYS[k]);
      else storage.setItem(STORAGE_KEYS[k], v);
    }
  }, undefined);
}

export function clearStoredSession(o: { keepSavedFlag?: boolean } = {}): void {
  setBrowserSessionCookie(false);
  safe(() => {
    for (const storage of [localStorage, sessionStorage]) for (const k of KEYS) storage.removeItem(STORAGE_KEYS[k]);
    if (!o.keepSavedFlag) sessionStorage.removeItem(SESSION_STORAGE_KEYS.saved);
  }, undefined);
}

/** Where the session was stored, so updates go back to the same place. */
export function storedRemember(): boolean {
  return safe(() => localStorage.getItem(STORAGE_KEYS.userId) !== null, false);
}

export const savedFlag = {
  get: (): boolean => safe(() => sessionStorage.getItem(SESSION_STORAGE_KEYS.saved) === 'true', false),
  set: (value: boolean): void =>
    safe(() => (value ? sessionStorage.setItem(SESSION_STORAGE_KEYS.saved, 'true') : sessionStorage.removeItem(SESSION_STORAGE_KEYS.saved)), undefined),
};

export function deviceId(): string {
  return safe(() => {
    let id = localStorage.getItem(DEVICE_ID_KEY);
    if (!id) {
      // randomUUID exists only in secure contexts; a plain-http deployment still needs a stable id.
      id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
      localStorage.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  }, 'anonymous');
}

/** Sets the session atom and mirrors it into storage. */
export function setSession(store: PortalStore, session: Session | null, remember = storedRemember()): void {
  if (session) writeStoredSession(session, remember);
  else clearStoredSession();
  store.set(sessionAtom, session);
}

/** True while the login sequence runs, so the login route does not redirect half-way through it. */
export const signingInAtom = atom(false);
