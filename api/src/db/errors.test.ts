import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isRefusedStartupParameter } from './client';
import { causes, MAX_CAUSE_DEPTH } from './errors';
import { isUniqueViolation } from './sql';

/** `inner` wrapped `links` times, as Drizzle and the drivers wrap a query's error. */
function wrapped(inner: Error, links: number): Error {
  let e = inner;
  for (let i = 0; i < links; i++) e = new Error(`wrapper ${i}`, { cause: e });
  return e;
}

const refusal = () => new Error('unsupported startup parameter: plan_cache_mode');
const coded = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('the cause chain of an error', () => {
  it('is the error and what caused it, outermost first, up to a value that is not an error', () => {
    const inner = coded('23505');
    const outer = new Error('query failed', { cause: inner });
    expect([...causes(outer)]).toEqual([outer, inner]);
    expect([...causes(Object.assign(new Error('x'), { cause: 'a string' }))]).toHaveLength(1);
    expect([...causes(null)]).toEqual([]);
    expect([...causes('plain text')]).toEqual([]);
  });

  it('ends on a chain that loops back, and each test answers false on it unless the fact is in the loop', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect([...causes(a)]).toEqual([a, b]);
    expect(isUniqueViolation(a)).toBe(false);
    expect(isDatabaseUnavailable(a)).toBe(false);
    expect(isRefusedStartupParameter(a)).toBe(false);

    const looped = coded('23505');
    (looped as { cause?: unknown }).cause = new Error('wrapper', { cause: looped });
    expect(isUniqueViolation(new Error('outer', { cause: looped }))).toBe(true);
  });

  it('is walked to the same depth by every test: the fact is found on the last link looked at, not one further', () => {
    const last = MAX_CAUSE_DEPTH - 1;
    expect(isUniqueViolation(wrapped(coded('23505'), last))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(coded('ECONNREFUSED'), last))).toBe(true);
    expect(isRefusedStartupParameter(wrapped(refusal(), last))).toBe(true);

    expect(isUniqueViolation(wrapped(coded('23505'), MAX_CAUSE_DEPTH))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(coded('ECONNREFUSED'), MAX_CAUSE_DEPTH))).toBe(false);
    expect(isRefusedStartupParameter(wrapped(refusal(), MAX_CAUSE_DEPTH))).toBe(false);
  });

  it('stops at the bound on a very deep chain', () => {
    expect([...causes(wrapped(coded('23505'), 10_000))]).toHaveLength(MAX_CAUSE_DEPTH);
  });
});
