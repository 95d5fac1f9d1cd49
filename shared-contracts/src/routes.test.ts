import { describe, expect, it } from 'vitest';
import { buildPath, toRouterPath } from './endpoint';
import { ROUTES, employeeShareLink, resetPasswordLink, routeAfterLogin } from './routes';

describe('routeAfterLogin', () => {
  it('routes an employer by sign-up state', () => {
    expect(routeAfterLogin('Employer', 0)).toEqual({ path: '/setup-company' });
    expect(routeAfterLogin('Employer', 1)).toEqual({ path: '/setup-company-incentives' });
    expect(routeAfterLogin('Employer', 2)).toEqual({ path: '/setup-company-employee-details' });
    expect(routeAfterLogin('Employer', 3)).toEqual({ path: '/mainPage' });
    expect(routeAfterLogin('Admin', 3)).toEqual({ path: ROUTES.mainPage });
  });
  it('sends an unknown state to setup-company with a warning to log', () => {
    for (const state of [4, -1, null, undefined, 1.5]) {
      const target = routeAfterLogin('Employer', state);
      expect(target.path).toBe('/setup-company');
      expect(target.warning).toMatch(/Unknown sign-up state/);
    }
  });
  it('sends a super admin to the back office whatever the state', () => {
    for (const state of [0, 1, 2, 3, 99, undefined]) {
      expect(routeAfterLogin('SuperAdmin', state)).toEqual({ path: '/super-admin' });
    }
  });
});

describe('paths', () => {
  it('fills placeholders, encoding values', () => {
    expect(buildPath('/api/employers/{id}/location', { id: 'a b/c' })).toBe('/api/employers/a%20b%2Fc/location');
    expect(buildPath('/api/accounts/employer/{employerId}/admins', { employerId: 42 })).toBe('/api/accounts/employer/42/admins');
    expect(buildPath('/api/employees')).toBe('/api/employees');
  });
  it('refuses a missing parameter', () => {
    expect(() => buildPath('/api/employees/{id}', {})).toThrow(/Missing path parameter "id"/);
    expect(() => buildPath('/api/employees/{id}', { id: '' })).toThrow();
  });
  it('converts to the router syntax', () => {
    expect(toRouterPath('/api/employees/employers/{companyId}/employees')).toBe('/api/employees/employers/:companyId/employees');
    expect(toRouterPath('/api/employees/{id}/accept')).toBe('/api/employees/:id/accept');
  });
});

describe('links', () => {
  it('builds the shared employee link', () => {
    expect(employeeShareLink('https://portal.example.com', 'c-1')).toBe('https://portal.example.com/#/setup-account?employer_id=c-1');
    expect(employeeShareLink('http://localhost:8080', 'a&b')).toBe('http://localhost:8080/#/setup-account?employer_id=a%26b');
  });
  it('builds the reset link: encoded values, no doubled slash', () => {
    const link = resetPasswordLink('https://portal.example.com//', 'a+b@example.com', 'x/y+z=');
    expect(link).toBe('https://portal.example.com/#/reset-password?email=a%2Bb%40example.com&token=x%2Fy%2Bz%3D');
    const url = new URL(link.replace('/#', ''));
    expect(url.searchParams.get('email')).toBe('a+b@example.com');
    expect(url.searchParams.get('token')).toBe('x/y+z=');
    expect(resetPasswordLink('https://p.example', 'e@x.io', 't')).toBe('https://p.example/#/reset-password?email=e%40x.io&token=t');
  });
});
