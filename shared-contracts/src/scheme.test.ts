import { describe, expect, it } from 'vitest';
import { allEndpoints, ENDPOINTS } from './endpoints';
import { graceEndOf, trialStateAt } from './entities';
import { ALLOWED_WHILE_RESTRICTED, closedToOfficeAdmins, mayCall, OFFICE_ADMIN_ENDPOINTS, restrictedAfterTrial, TRIAL } from './scheme';

describe('what a company whose trial ended unaccepted may still do', () => {
  it('names only endpoints of the table, each a change a company user can make', () => {
    const byId = new Map(allEndpoints().map((e) => [e.id, e]));
    for (const id of ALLOWED_WHILE_RESTRICTED) {
      const ep = byId.get(id);
      expect(ep, id).toBeDefined();
      expect(ep!.method, id).not.toBe('GET');
    }
  });

  it('restricts the changes of company users only: not reads, public calls or the back office', () => {
    expect(restrictedAfterTrial(ENDPOINTS.employers.addLocation)).toBe(true);
    expect(restrictedAfterTrial(ENDPOINTS.mobile.recordTrip)).toBe(true);
    expect(restrictedAfterTrial(ENDPOINTS.billing.start)).toBe(false);
    expect(restrictedAfterTrial(ENDPOINTS.support.message)).toBe(false);
    expect(restrictedAfterTrial(ENDPOINTS.accounts.changePassword)).toBe(false);
    expect(restrictedAfterTrial(ENDPOINTS.accounts.login)).toBe(false);
    expect(restrictedAfterTrial(ENDPOINTS.accounts.logout)).toBe(false);
    expect(restrictedAfterTrial(ENDPOINTS.employees.list)).toBe(false);
    expect(restrictedAfterTrial(ENDPOINTS.schemeSettings.update)).toBe(false);
  });
});

describe('where a trial stands', () => {
  const end = new Date('2026-12-01T09:00:00.000Z');
  it('runs until its end, then has a grace period of its own length, then is restricted', () => {
    expect(trialStateAt(end, new Date(end.getTime() - 1))).toBe('running');
    expect(trialStateAt(end, end)).toBe('ended');
    expect(graceEndOf(end).toISOString()).toBe(new Date(end.getTime() + TRIAL.graceDays * 86_400_000).toISOString());
    expect(trialStateAt(end, new Date(graceEndOf(end).getTime() - 1))).toBe('ended');
    expect(trialStateAt(end, graceEndOf(end))).toBe('restricted');
  });
});

describe('what an admin limited to some offices may call', () => {
  it('names only calls of the table an admin may call: reads, and the writes on their offices\' employees', () => {
    const byId = new Map(allEndpoints().map((e) => [e.id, e]));
    // The writes that apply the office scope (decision 0053); any other write joins here with its scope.
    const writes = new Set(['employees.accept', 'employees.bulkAccept', 'employees.bulkReject', 'employees.reject', 'employees.deactivate', 'employees.reactivate', 'employees.setOffice', 'employees.remove', 'journeyGroups.create', 'journeyGroups.update', 'journeyGroups.remove']);
    for (const id of OFFICE_ADMIN_ENDPOINTS) {
      const ep = byId.get(id);
      expect(ep, id).toBeDefined();
      if (ep!.method !== 'GET') expect(writes.has(id), id).toBe(true);
      expect(Array.isArray(ep!.access) && ep!.access.includes('Admin'), id).toBe(true);
    }
    for (const id of writes) expect(OFFICE_ADMIN_ENDPOINTS.has(id), id).toBe(true);
  });

  it('closes every other role-limited call, and none of the session\'s own', () => {
    expect(closedToOfficeAdmins(ENDPOINTS.insights.dashboard)).toBe(false);
    expect(closedToOfficeAdmins(ENDPOINTS.employees.list)).toBe(false);
    expect(closedToOfficeAdmins(ENDPOINTS.employees.csvImport)).toBe(true);
    expect(closedToOfficeAdmins(ENDPOINTS.employees.rosterApply)).toBe(true);
    expect(closedToOfficeAdmins(ENDPOINTS.employees.bulkAdd)).toBe(true);
    expect(closedToOfficeAdmins(ENDPOINTS.accounts.setAdminOffices)).toBe(true);
    expect(closedToOfficeAdmins(ENDPOINTS.accounts.addUser)).toBe(true);
    expect(closedToOfficeAdmins(ENDPOINTS.accounts.me)).toBe(false);
    expect(closedToOfficeAdmins(ENDPOINTS.accounts.changePassword)).toBe(false);
    const open = allEndpoints().filter((e) => Array.isArray(e.access) && e.access.includes('Admin') && !closedToOfficeAdmins(e));
    expect(open.map((e) => e.id).sort()).toEqual([...OFFICE_ADMIN_ENDPOINTS].sort());
  });

  it('lets a caller of the whole company make any call, an office admin only the open ones', () => {
    for (const offices of [null, undefined]) expect(mayCall(offices, ['billing.billing', 'employees.list'])).toBe(true);
    expect(mayCall(['office-1'], ['employees.list', 'insights.dashboard'])).toBe(true);
    expect(mayCall(['office-1'], ['employees.list', 'billing.billing'])).toBe(false);
  });
});
