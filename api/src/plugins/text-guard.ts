import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../lib/http-error';

const NUL = '\u0000';

/**
 * Where the first NUL character of a parsed value is, as a field path (`employees.0.email`; `''`
 * for the value itself), in a string or an object key; null when there is none. The walk keeps its
 * own stack, so a deeply nested body cannot exhaust the call stack.
 */
export function nulPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: join(path, String(i)) }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes(NUL)) return join(path, key);
        stack.push({ value: item, path: join(path, key) });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character, and no field of ours has a use for one: a NUL in a
 * path parameter, the query or a JSON body is refused with 400 before validation, instead of
 * failing in the database with a 500.
 */
export async function rejectNulCharacters(req: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const path = nulPath(value);
    if (path !== null) {
      throw new HttpError(400, MESSAGES.common.nulCharacter, [{ field: path || part, message: MESSAGES.common.nulCharacter }]);
    }
  }
}
