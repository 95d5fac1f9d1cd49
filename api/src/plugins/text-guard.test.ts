import { describe, expect, it } from 'vitest';
import { unstorablePath } from './text-guard';

describe('unstorablePath', () => {
  it('answers null for text PostgreSQL stores, whatever its shape', () => {
    expect(unstorablePath({ clientTripId: 'a', passengerIds: ['b', 'c'], distanceMiles: 3, journeyGroupId: null, nested: [{ x: 'zoë \u{1F600}' }] })).toBeNull();
    expect(unstorablePath(undefined)).toBeNull();
    expect(unstorablePath('')).toBeNull();
  });

  it('names the field of a NUL or a lone surrogate, in a value or a key', () => {
    expect(unstorablePath({ a: 'ok', employees: [{ email: 'x' }, { email: 'y\u0000' }] })).toEqual({ path: 'employees.1.email', kind: 'nul' });
    expect(unstorablePath({ list: ['ok', 'bad\uD800'] })).toEqual({ path: 'list.1', kind: 'surrogate' });
    expect(unstorablePath({ outer: { 'k\u0000': 1 } })).toEqual({ path: 'outer.k\u0000', kind: 'nul' });
    expect(unstorablePath('\uDC00')).toEqual({ path: '', kind: 'surrogate' });
  });

  it('walks a deeply nested value without exhausting the call stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorablePath(deep)?.kind).toBe('nul');
    let clean: unknown = 'end';
    for (let i = 0; i < 100_000; i++) clean = { a: clean };
    expect(unstorablePath(clean)).toBeNull();
  });
});
