import { describe, expect, it } from 'vitest';
import { createStore } from './portal-store';
import { clearStoredSession, hasBrowserSession, readStoredSession, savedFlag, sessionAtom, setSession, writeStoredSession } from './session-store';
import { employerCompany, employerSession } from '../test/render-shell';

describe('session storage', () => {
  it('keeps the spec keys in localStorage when "remember me" is ticked', async () => {
    writeStoredSession(employerSession(), true);
    expect(localStorage.getItem('name')).toBe('Ann Employer');
    expect(localStorage.getItem('userId')).toBe(employerSession().userId);
    expect(sessionStorage.getItem('name')).toBeNull();
    expect(await readStoredSession()).toMatchObject({ remember: true, session: { role: 'Employer', signUpState: 3 } });
  });

  it('keeps them in sessionStorage otherwise, so the session ends with the browser', async () => {
    writeStoredSession(employerSession(), false);
    expect(localStorage.getItem('name')).toBeNull();
    expect(sessionStorage.getItem('email')).toBe('ann@acme.test');
    expect((await readStoredSession())?.remember).toBe(false);
  });

  it('marks a session without "remember me" with a cookie that ends with the browser, for the other tabs', () => {
    writeStoredSession(employerSession(), false);
    expect(hasBrowserSession()).toBe(true);
    expect(document.cookie).not.toContain(employerSession().userId);
    writeStoredSession(employerSession(), true);
    expect(hasBrowserSession()).toBe(false);
    writeStoredSession(employerSession(), false);
    clearStoredSession();
    expect(hasBrowserSession()).toBe(false);
  });

  it('stores no token', () => {
    writeStoredSession(employerSession(), true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('clears everything, the saved flag included, on sign-out', async () => {
    const store = createStore();
    setSession(store, employerSession(), true);
    savedFlag.set(true);
    setSession(store, null);
    expect(store.get(sessionAtom)).toBeNull();
    expect(await readStoredSession()).toBeNull();
    expect(savedFlag.get()).toBe(false);
  });

  it('keeps a stored company that matches its contract and drops one that does not', async () => {
    const company = { ...employerCompany(), createdAt: '2026-01-05T09:00:00.000Z' };
    writeStoredSession(employerSession({ companyDetails: company }), true);
    expect((await readStoredSession())?.session.companyDetails).toMatchObject({ name: 'Acme' });
    localStorage.setItem('companyDetails', JSON.stringify({ ...company, locations: 'none' }));
    expect((await readStoredSession())?.session).toMatchObject({ role: 'Employer', companyDetails: null });
    localStorage.setItem('companyDetails', '{not json');
    expect((await readStoredSession())?.session.companyDetails).toBeNull();
    clearStoredSession();
  });

  it('ignores a stored role it does not know', async () => {
    writeStoredSession(employerSession(), true);
    localStorage.setItem('role', 'Hacker');
    expect(await readStoredSession()).toBeNull();
    clearStoredSession();
  });
});
