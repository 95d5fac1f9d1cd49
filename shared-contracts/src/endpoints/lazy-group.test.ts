import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ENDPOINTS, allEndpoints } from './index';
import { lazyGroup } from './lazy-group';

describe('lazyGroup', () => {
  it('builds the group on the first read of a member, once', () => {
    let builds = 0;
    const group = lazyGroup(() => {
      builds += 1;
      return { list: { id: 'x.list', response: z.string() }, get: { id: 'x.get', response: z.number() } } as const;
    });
    expect(builds).toBe(0);
    expect(group.list.id).toBe('x.list');
    expect(z.safeParse(group.get.response, 1).success).toBe(true);
    expect(builds).toBe(1);
  });

  it('reads as the built object: keys, values, `in` and a spread', () => {
    const built = { a: { id: 'a' }, b: { id: 'b' } };
    const group = lazyGroup(() => built);
    expect(Object.keys(group)).toEqual(['a', 'b']);
    expect(Object.values(group)).toEqual([built.a, built.b]);
    expect('a' in group && !('c' in group)).toBe(true);
    expect({ ...group }).toEqual(built);
    expect(group.a).toBe(built.a);
  });

  it('leaves every endpoint of the table listed, each group built when the table is read whole', () => {
    const ids = allEndpoints().map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('employees.list');
    expect(Object.keys(ENDPOINTS.employees)).toContain('list');
  });
});
