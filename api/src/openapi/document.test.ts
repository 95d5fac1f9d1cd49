import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@portal/shared-contracts';
import { DOCS_PATH } from '../app';
import { json, useTestApp } from '../test/test-support';
import { API_VERSION, deprecationHeaders } from './document';

type Op = { operationId: string; description?: string; security?: unknown[]; responses: Record<string, { $ref?: string; description?: string }> };
type Doc = {
  info: { version: string; contact?: { url?: string }; license?: { name?: string; url?: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Op>>;
  components: { securitySchemes: Record<string, { description?: string }>; responses: Record<string, unknown>; schemas: Record<string, unknown> };
};

describe('the OpenAPI document', () => {
  const t = useTestApp({ config: { publicUrl: 'https://commute.example.com' } });
  const load = async () => json<Doc>(await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/json` }));
  const operation = (doc: Doc, path: string, method: string) => doc.paths[path]![method]!;
  const statuses = (op: Op) => Object.keys(op.responses);

  it('names this deployment as its server, with contact, licence and version', async () => {
    const doc = await load();
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://commute.example.com' })]);
    expect(doc.info).toMatchObject({ version: API_VERSION, contact: { url: 'https://commute.example.com' }, license: { url: 'https://commute.example.com' } });
  });

  it('says the public operations need no credentials, and describes the bearer token and the cookie with its request header', async () => {
    const doc = await load();
    for (const path of ['/api/accounts/login', '/api/accounts/register', '/api/accounts/forgot-password', '/api/accounts/reset-password']) {
      expect(operation(doc, path, 'post').security, path).toEqual([]);
    }
    expect(operation(doc, '/api/trips', 'post').security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(doc.components.securitySchemes.cookie!.description).toContain('x-portal-request');
  });

  it("walks the mobile app through single sign-on, step by step, in the operations' descriptions", async () => {
    const doc = await load();
    expect(operation(doc, '/api/sso/discover', 'get').description).toContain('Step 1');
    expect(operation(doc, '/api/sso/start', 'get').description).toContain('client=mobile&redirect_uri=');
    expect(operation(doc, '/api/sso/start', 'get').description).toContain('code_challenge');
    expect(operation(doc, '/api/sso/callback', 'get').description).toContain('<redirect_uri>?code=<code>');
    expect(operation(doc, '/api/sso/exchange', 'post').description).toContain('codeVerifier');
  });

  it('declares on every operation the error answers its contract implies, each with the one error shape', async () => {
    const doc = await load();
    const trips = operation(doc, '/api/trips', 'post');
    // 402: an employee of a company whose trial ended unaccepted past its grace period records nothing.
    expect(statuses(trips)).toEqual(['201', '400', '401', '402', '403', '409', '413', '415', '429', '500', '503']);
    expect(trips.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(doc.components.responses.Unauthorized).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
    });
    expect(doc.components.schemas.ErrorAnswer).toMatchObject({ required: ['success', 'message'], properties: { success: { enum: [false] } } });
    // A path id can name nothing; a read by a role list refuses other roles; a public form can be refused or rate limited.
    expect(statuses(operation(doc, '/api/employees/{id}', 'get'))).toEqual(['200', '400', '401', '403', '404', '414', '500', '503']);
    expect(statuses(operation(doc, '/api/accounts/login', 'post'))).toEqual(['200', '400', '403', '413', '415', '429', '500', '503']);
    // Starting the subscription is what lifts that restriction, so it never answers 402; a super admin's call is never restricted.
    expect(statuses(operation(doc, '/api/payment-billing/start', 'post'))).not.toContain('402');
    expect(statuses(operation(doc, '/api/scheme-settings', 'put'))).not.toContain('402');
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(statuses(op).some((s) => s.startsWith('4')), `${method} ${path}`).toBe(true);
      }
    }
    const documented = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(documented.sort()).toEqual(allEndpoints().map((ep) => ep.id).sort());
  });

  it('answers every call with the api version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['api-version']).toBe(API_VERSION);
  });
});

describe('an operation whose removal is announced', () => {
  it('answers with Deprecation and Sunset headers', () => {
    const [ep] = allEndpoints();
    expect(deprecationHeaders({ ...ep!, deprecated: { since: '2026-01-01', sunset: '2026-07-01' } })).toEqual({
      deprecation: `@${Date.UTC(2026, 0, 1) / 1000}`,
      sunset: 'Wed, 01 Jul 2026 00:00:00 GMT',
    });
    expect(deprecationHeaders(ep!)).toEqual({});
  });
});
