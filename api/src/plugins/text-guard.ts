import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../lib/http-error';

const NUL = '\u0000';
/** A UTF-16 surrogate standing alone: in unicode mode a pair is one code point, so only a lone one matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text PostgreSQL cannot store: a NUL character, or a lone surrogate (no UTF-8 encoding exists for it). */
export function unstorable(text: string): 'nul' | 'surrogate' | null {
  if (text.includes(NUL)) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}

/**
 * Whether any string or object key of a parsed value is `unstorable`: the walk of `unstorablePath`
 * without the paths, which every request's body, query and params go through and which nearly always
 * answers no (a trip's body in 0.4 µs instead of 2.2, `bench/request-layers.ts`). Its own stack, as there.
 */
function anyUnstorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (unstorable(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v as unknown[]) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        if (unstorable(key)) return true;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * Where the first text PostgreSQL cannot store (a NUL character or a lone surrogate) of a parsed
 * value is, as a field path (`employees.0.email`; `''` for the value itself) with what is wrong, in
 * a string or an object key; null when there is none. The walk keeps its own stack, so a deeply
 * nested body cannot exhaust the call stack.
 */
export function unstorablePath(value: unknown): { path: string; kind: 'nul' | 'surrogate' } | null {
  if (!anyUnstorable(value)) return null;
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const kind = unstorable(v);
      if (kind) return { path, kind };
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: join(path, String(i)) }));
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        const kind = unstorable(key);
        if (kind) return { path: join(path, key), kind };
        stack.push({ value: item, path: join(path, key) });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character or a lone surrogate, and no field of ours has a use
 * for either: one in a path parameter, the query or a JSON body is refused with 400 before
 * validation, instead of failing in the database with a 500.
 */
export async function rejectNulCharacters(req: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const found = unstorablePath(value);
    if (found !== null) {
      const message = found.kind === 'nul' ? MESSAGES.common.nulCharacter : MESSAGES.common.brokenCharacter;
      throw new HttpError(400, message, [{ field: found.path || part, message }]);
    }
  }
}
