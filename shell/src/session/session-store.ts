import { atom, type createStore } from 'jotai';
import { companySchema, ROLES, type Role, type Session } from '@portal/shared-contracts';

/**
 * The keys the spec names (document 2, section 3), one storage entry each, so that a support person
 * reading the browser storage sees the same names as the spec. The token is not among them: it
 * lives in an HttpOnly cookie the server sets.
 */
const KEYS = ['name', 'email', 'employerId', 'userId', 'employerUserId', 'role', 'signUpState', 'companyDetails'] as const;
/** Session-storage flag set after a company is saved in setup step 1. */
export const SAVED_FLAG_KEY = 'saved';
/** Kept before login so a visitor's canary bucket stays the same across reloads. */
export const DEVICE_ID_KEY = 'portal.deviceId';

export const sessionAtom = atom<Session | null>(null);

export type PortalStore = ReturnType<typeof createStore>;

function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}

function readFrom(storage: Storage): Session | null {
  const get = (k: (typeof KEYS)[number]) => storage.getItem(k);
  const userId = get('userId');
  const role = get('role');
  if (!userId || !role || !(ROLES as readonly string[]).includes(role)) return null;
  const company = safe(() => {
    const raw = get('companyDetails');
    if (!raw) return null;
    const parsed = companySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }, null);
  const state = Number.parseInt(get('signUpState') ?? '', 10);
  return {
    userId,
    role: role as Role,
    name: get('name') ?? '',
    email: get('email') ?? '',
    employerId: get('employerId') || null,
    employerUserId: get('employerUserId') || null,
    signUpState: Number.isFinite(state) ? state : -1,
    companyDetails: company,
  };
}

/** The stored session, from localStorage ("remember me") or sessionStorage (ends with the browser). */
export function readStoredSession(): { session: Session; remember: boolean } | null {
  const local = safe(() => readFrom(localStorage), null);
  if (local) return { session: local, remember: true };
  const tab = safe(() => readFrom(sessionStorage), null);
  return tab ? { session: tab, remember: false } : null;
}

export function writeStoredSession(session: Session, remember: boolean): void {
  clearStoredSession({ keepSavedFlag: true });
  const storage = remember ? localStorage : sessionStorage;
  const values: Record<(typeof KEYS)[number], string | null> = {
    name: session.name,
    email: session.email,
    employerId: session.employerId,
    userId: session.userId,
    employerUserId: session.employerUserId,
    role: session.role,
    signUpState: String(session.signUpState),
    companyDetails: session.companyDetails ? JSON.stringify(session.companyDetails) : null,
  };
  safe(() => {
    for (const k of KEYS) {
      const v = values[k];
      if (v === null) storage.removeItem(k);
      else storage.setItem(k, v);
    }
  }, undefined);
}

export function clearStoredSession(o: { keepSavedFlag?: boolean } = {}): void {
  safe(() => {
    for (const storage of [localStorage, sessionStorage]) for (const k of KEYS) storage.removeItem(k);
    if (!o.keepSavedFlag) sessionStorage.removeItem(SAVED_FLAG_KEY);
  }, undefined);
}

/** Where the session was stored, so updates go back to the same place. */
export function storedRemember(): boolean {
  return safe(() => localStorage.getItem('userId') !== null, false);
}

export const savedFlag = {
  get: (): boolean => safe(() => sessionStorage.getItem(SAVED_FLAG_KEY) === 'true', false),
  set: (value: boolean): void =>
    safe(() => (value ? sessionStorage.setItem(SAVED_FLAG_KEY, 'true') : sessionStorage.removeItem(SAVED_FLAG_KEY)), undefined),
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
