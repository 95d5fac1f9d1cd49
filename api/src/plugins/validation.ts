import type { FastifySchemaCompiler } from 'fastify';
import { MESSAGES, type FieldError } from '@portal/shared-contracts';
import { z } from 'zod';
import { RequestValidationError } from '../lib/http-error';

type Path = readonly PropertyKey[];

function getAt(data: unknown, path: Path): unknown {
  let cur: unknown = data;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[k];
  }
  return cur;
}

function setAt(data: Record<PropertyKey, unknown>, path: Path, value: unknown): void {
  let cur: Record<PropertyKey, unknown> = data;
  path.forEach((k, i) => {
    if (i === path.length - 1) cur[k] = value;
    else {
      const next = cur[k];
      cur[k] = next && typeof next === 'object' ? Array.isArray(next) ? [...next] : { ...next } : {};
      cur = cur[k] as Record<PropertyKey, unknown>;
    }
  });
}


/**
 * Contract schemas say what an empty field means ("Please enter your email address.") but a
 * field left out entirely gets zod's generic text. Re-checking with the field empty gives the
 * caller the contract's message for a missing field as well.
 */
function requiredMessages(schema: z.core.$ZodType, data: unknown, issues: z.core.$ZodIssue[]): Map<string, string> {
  const missing = issues.filter((i) => i.code === 'invalid_type' && i.path.length > 0 && getAt(data, i.path) === undefined);
  const found = new Map<string, string>();
  if (missing.length === 0 || (data !== undefined && (data === null || typeof data !== 'object'))) return found;
  const patched: Record<PropertyKey, unknown> = { ...((data as object | undefined) ?? {}) };
  for (const i of missing) setAt(patched, i.path, '');
  const again = z.safeParse(schema, patched);
  if (again.success) return found;
  // The first contract message of each path, found once: a body of a thousand empty rows has
  // thousands of missing fields, and searching the issues for each one was quadratic.
  const firstByPath = new Map<string, string>();
  for (const j of again.error.issues) {
    const key = JSON.stringify(j.path);
    if (j.code !== 'invalid_type' && !firstByPath.has(key)) firstByPath.set(key, j.message);
  }
  for (const i of missing) {
    const m = firstByPath.get(JSON.stringify(i.path));
    if (m !== undefined) found.set(i.path.join('.'), m);
  }
  return found;
}

export function toFieldErrors(schema: z.core.$ZodType, data: unknown, issues: z.core.$ZodIssue[], context: string): FieldError[] {
  const required = requiredMessages(schema, data, issues);
  return issues.map((i) => {
    const field = i.path.length > 0 ? i.path.join('.') : context;
    // A whole body of the wrong type has no contract message: say the request was not understood.
    const message = required.get(i.path.join('.')) ?? (i.path.length === 0 && i.code === 'invalid_type' ? MESSAGES.common.badRequest : i.message);
    return { field, message };
  });
}

/** Validates params, query and body with the endpoint's zod schema (its transforms and defaults apply). */
export const zodValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = ({ schema, httpPart }) => (data) => {
  const result = z.safeParse(schema, data);
  if (result.success) return { value: result.data };
  return { error: new RequestValidationError(toFieldErrors(schema, data, result.error.issues, httpPart ?? 'body')) };
};
