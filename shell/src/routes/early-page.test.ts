import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { builtInRouteAt, patternMatches } from './early-page';
import { ROUTE_TABLE } from './route-table';

describe('the early warm finds the page at an address as the router does', () => {
  // Each route's own path, its other spellings, and near misses: extra or missing segments, an empty param.
  const addresses = ROUTE_TABLE.flatMap((r) => {
    const filled = r.path.replace(/:\w+/g, 'c0ffee-42');
    return [filled, filled.toUpperCase(), `${filled}/`, `${filled}//`, `${filled}/extra`, filled.split('/').slice(0, -1).join('/') || '/', r.path.replace(/:\w+/g, '')];
  });
  addresses.push('/', '', '/nowhere', '/mainPage/companySettings', '/MAINPAGE');

  it('matches every route pattern against every address exactly as react-router matchPath', () => {
    for (const r of ROUTE_TABLE)
      for (const address of addresses) expect([r.path, address, patternMatches(r.path, address)]).toEqual([r.path, address, matchPath({ path: r.path }, address) !== null]);
  });

  it('names the module of a signed-in page, and none for an address no built-in route draws', () => {
    expect(builtInRouteAt('/mainPage')?.module).toBe('DashboardPage');
    expect(builtInRouteAt('/EMPLOYEE-management/')?.module).toBe('EmployeeManagementPage');
    expect(builtInRouteAt('/nowhere')).toBeUndefined();
  });
});
