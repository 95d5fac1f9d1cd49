import { describe, expect, it } from 'vitest';
import { answerProblems, findOperation } from './answer-check';

const doc = {
  paths: {
    '/api/employers/{id}/location': { post: { operationId: 'add', responses: { 201: { $ref: '#/components/responses/Made' }, 404: { $ref: '#/components/responses/NotFound' } } } },
    '/api/employers/current/{userId}': { get: { operationId: 'current', responses: {} } },
    '/api/things': { get: { operationId: 'things', responses: { 200: { description: 'OK', content: { 'text/csv': { schema: { type: 'string' } } } } } } },
  },
  components: {
    responses: {
      Made: { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Made' } } } },
      NotFound: { description: 'Missing', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } } },
    },
    schemas: {
      Made: {
        type: 'object',
        properties: { success: { type: 'boolean', enum: [true] }, id: { type: 'string', pattern: '^[0-9a-f-]{36}$' }, note: { type: 'string', nullable: true } },
        required: ['success', 'id'],
        additionalProperties: false,
      },
      ErrorAnswer: {
        type: 'object',
        properties: { success: { type: 'boolean', enum: [false] }, message: { type: 'string' } },
        required: ['success', 'message'],
        additionalProperties: false,
      },
    },
  },
};
const id = '0b7e4a52-6f0e-4c1e-9a43-1f4a0c1d2e3f';
const answer = (status: number, body: unknown, contentType = 'application/json; charset=utf-8') => ({
  method: 'POST',
  url: `/api/employers/${id}/location?x=1`,
  status,
  contentType,
  body: JSON.stringify(body),
});

describe('checking an answer against the document', () => {
  it('accepts an answer of a declared status that matches its schema', () => {
    expect(answerProblems(doc, answer(201, { success: true, id, note: null }))).toEqual([]);
    expect(answerProblems(doc, answer(404, { success: false, message: 'Not found' }))).toEqual([]);
  });

  it('names an undeclared status, a body off the schema, and a wrong media type', () => {
    expect(answerProblems(doc, answer(409, { success: false, message: 'Taken' }))).toEqual([
      'POST /api/employers/{id}/location answered 409, which the document does not declare (it declares 201, 404)',
    ]);
    expect(answerProblems(doc, answer(404, { statusCode: 404, error: 'Not Found', message: 'x' }))).toEqual([
      'POST /api/employers/{id}/location answered 404: $.success: missing',
      'POST /api/employers/{id}/location answered 404: $.statusCode: not in the schema',
      'POST /api/employers/{id}/location answered 404: $.error: not in the schema',
    ]);
    expect(answerProblems(doc, answer(201, { success: true, id: 'nope' }))).toEqual([
      'POST /api/employers/{id}/location answered 201: $.id: "nope" does not match ^[0-9a-f-]{36}$',
    ]);
    expect(answerProblems(doc, answer(201, { success: true, id }, 'text/html'))).toEqual([
      'POST /api/employers/{id}/location answered 201 with content type "text/html", the document says application/json',
    ]);
  });

  it('finds the operation the router would: a literal segment wins over a parameter', () => {
    expect(findOperation(doc, 'GET', '/api/employers/current/abc')?.path).toBe('/api/employers/current/{userId}');
    expect(findOperation(doc, 'GET', '/api/nowhere')).toBeUndefined();
    expect(answerProblems(doc, { method: 'GET', url: '/api/things', status: 200, contentType: 'text/csv; charset=utf-8', body: 'a,b' })).toEqual([]);
  });
});
