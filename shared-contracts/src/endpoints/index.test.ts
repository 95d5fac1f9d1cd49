import { describe, expect, it } from 'vitest';
import type { ZodObject } from 'zod';
import { LIMITS, ROLES } from '../constants';
import type { AnyEndpoint } from '../endpoint';
import { allEndpoints, ENDPOINTS } from './index';

/** Every endpoint with the group and key it is filed under in ENDPOINTS. */
const FILED = Object.entries(ENDPOINTS).flatMap(([group, endpoints]) =>
  Object.entries(endpoints as Record<string, AnyEndpoint>).map(([key, endpoint]) => ({ group, key, endpoint })),
);
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const placeholders = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

describe('endpoints', () => {
  const all = allEndpoints();

  it('names every endpoint after the group and key it is filed under, and tags it with the group', () => {
    expect(FILED.length).toBeGreaterThan(40);
    for (const { group, key, endpoint } of FILED) {
      expect(endpoint.id, `${group}.${key}`).toBe(`${group}.${key}`);
      expect(endpoint.tags, endpoint.id).toEqual([kebab(group)]);
    }
  });
  it('gives the router and the OpenAPI document each endpoint once', () => {
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(FILED.map((f) => f.endpoint)));
  });
  it('has unique ids', () => {
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
  it('has unique method + path pairs, placeholder names aside', () => {
    // `/api/x/{id}` and `/api/x/{userId}` are the same route to the router.
    const keys = all.map((e) => `${e.method} ${e.path.replace(/\{\w+\}/g, '{}')}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('puts every path under /api/, without a trailing slash, query or space', () => {
    for (const e of all) expect(e.path, e.id).toMatch(/^\/api\/[\w\-/{}]*[\w}]$/);
  });
  it('declares a params schema key for every placeholder, and a placeholder for every key', () => {
    for (const e of all) {
      const names = placeholders(e.path);
      const keys = e.params ? Object.keys((e.params as ZodObject).shape) : [];
      expect(keys.sort(), e.id).toEqual([...names].sort());
    }
  });
  it('lets only known roles call an endpoint that is not public', () => {
    for (const e of all) {
      if (typeof e.access === 'string') expect(['public', 'optional', 'session'], e.id).toContain(e.access);
      else {
        expect(e.access.length, e.id).toBeGreaterThan(0);
        for (const role of e.access) expect(ROLES, e.id).toContain(role);
      }
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
  it('takes the CSV import as the multipart field "file" within the CSV limits', () => {
    expect(ENDPOINTS.employees.csvImport.multipart).toEqual({ field: 'file', maxBytes: LIMITS.csvMaxBytes, mimeTypes: [LIMITS.csvMimeType] });
  });
  it('takes the deactivation reason as { reason }', () => {
    expect(ENDPOINTS.employees.deactivate.body.safeParse({ reason: 'Left' }).success).toBe(true);
    expect(ENDPOINTS.employees.deactivate.body.safeParse({ reason: ' ' }).success).toBe(false);
  });
});
