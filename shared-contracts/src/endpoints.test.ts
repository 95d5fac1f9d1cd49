import { describe, expect, it } from 'vitest';
import { allEndpoints, ENDPOINTS } from './endpoints';

describe('endpoints', () => {
  const all = allEndpoints();

  it('lists every group', () => {
    expect(all.length).toBe(Object.values(ENDPOINTS).reduce((n, g) => n + Object.keys(g).length, 0));
    expect(all.length).toBeGreaterThan(40);
  });
  it('has unique ids', () => {
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('has unique method + path pairs', () => {
    const keys = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('puts every path under /api/', () => {
    for (const e of all) expect(e.path, e.id).toMatch(/^\/api\/[^\s]*$/);
  });
  it('declares a params schema for every placeholder', () => {
    for (const e of all) {
      const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (names.length === 0) continue;
      expect(e.params, e.id).toBeDefined();
      const shape = (e.params as unknown as { shape: Record<string, unknown> }).shape;
      for (const n of names) expect(Object.keys(shape), e.id).toContain(n);
    }
  });
  it('has no body on GET and DELETE', () => {
    for (const e of all.filter((x) => x.method === 'GET' || x.method === 'DELETE')) {
      expect(e.body, e.id).toBeUndefined();
      expect(e.multipart, e.id).toBeUndefined();
    }
  });
  it('covers the calls of both documents (section 7) and the DESIGN.md additions', () => {
    const keys = new Set(all.map((e) => `${e.method} ${e.path}`));
    const expected = [
      'POST /api/accounts/register',
      'POST /api/accounts/login',
      'POST /api/accounts/forgot-password',
      'POST /api/accounts/reset-password',
      'POST /api/accounts/change-password',
      'GET /api/accounts/employer/{employerId}/admins',
      'GET /api/accounts/super-admins',
      'POST /api/accounts/users/add',
      'DELETE /api/accounts/users/{id}',
      'GET /api/users',
      'GET /api/employers/current/{userId}',
      'GET /api/employers',
      'GET /api/employers/{id}',
      'POST /api/employers',
      'PUT /api/employers',
      'POST /api/employers/{id}/location',
      'PUT /api/employers/location',
      'DELETE /api/employers/location/{id}',
      'GET /api/employers/{id}/incentive',
      'POST /api/incentives/employers/{id}/incentive',
      'POST /api/employees/employers/{companyId}/employees',
      'POST /api/employees',
      'POST /api/employees/csv-import',
      'GET /api/employees',
      'GET /api/employees/{id}',
      'GET /api/employees/pending',
      'PUT /api/employees/{id}/accept',
      'POST /api/employees/bulk-accept',
      'POST /api/employees/{id}/reject',
      'POST /api/employees/{id}/deactivate',
      'POST /api/employees/reactivate-employee/{id}',
      'DELETE /api/employees/{id}',
      'GET /api/employees-participation',
      'GET /api/journey-groups',
      'GET /api/feedbacks',
      'GET /api/payment-billing',
      'GET /api/payment-history',
      'GET /api/employee-participation',
      'GET /api/drivers',
      'POST /api/drivers/approve',
      'POST /api/drivers/reject',
      'POST /api/vehicles/approve',
      // DESIGN.md section 6
      'POST /api/employers/{id}/deactivate',
      'POST /api/employers/{id}/reactivate',
      'DELETE /api/employers/{id}',
      'POST /api/payment-billing/cancel',
    ];
    for (const k of expected) expect(keys.has(k), k).toBe(true);
  });
  it('describes the CSV import as a 2 MB text/csv multipart field "file"', () => {
    expect(ENDPOINTS.employees.csvImport.multipart).toEqual({ field: 'file', maxBytes: 2 * 1024 * 1024, mimeTypes: ['text/csv'] });
  });
  it('takes the deactivation reason as { reason }', () => {
    expect(ENDPOINTS.employees.deactivate.body.safeParse({ reason: 'Left' }).success).toBe(true);
    expect(ENDPOINTS.employees.deactivate.body.safeParse({ reason: ' ' }).success).toBe(false);
  });
});
