import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHashRouter } from 'react-router-dom';
import { createHashLocation, createMemoryLocation, parsePath } from './shell-location';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the public pages\' location', () => {
  it('reads the hash route, a missing one as the login page', () => {
    expect(parsePath('')).toEqual({ pathname: '/', search: '' });
    expect(parsePath('/reset-password?token=abc')).toEqual({ pathname: '/reset-password', search: '?token=abc' });
  });

  it('moves the hash route, hears Back, and leaves entries the router counts', async () => {
    window.history.replaceState(null, '', '/#/');
    const location = createHashLocation();
    const heard = vi.fn();
    const stop = location.subscribe(heard);

    location.navigate('/Signup');
    location.navigate('/forgot-password?x=1');
    expect(window.location.hash).toBe('#/forgot-password?x=1');
    expect(location.get()).toEqual({ pathname: '/forgot-password', search: '?x=1' });
    expect((window.history.state as { idx: number }).idx).toBe(2);

    location.navigate('/reset-password', { replace: true });
    expect((window.history.state as { idx: number }).idx).toBe(2);

    window.history.back();
    await vi.waitFor(() => expect(location.get().pathname).toBe('/Signup'));
    expect(heard).toHaveBeenCalled();
    stop();

    // The router, loaded later on, counts the entries made before it (its Back, its blocker).
    const router = createHashRouter([{ path: '*', element: null }]);
    expect(router.state.location.pathname).toBe('/Signup');
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    router.dispose();
  });

  it('keeps a list of entries in tests', () => {
    const location = createMemoryLocation('/');
    location.navigate('/forgot-password');
    location.navigate('?step=2');
    expect(location.get()).toEqual({ pathname: '/forgot-password', search: '?step=2' });
    expect(location.memoryEntry()).toBe('/forgot-password?step=2');
  });
});
