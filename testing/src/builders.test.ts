import { describe, expect, it } from 'vitest';
import { pageOf, uuid } from './builders';

describe('uuid', () => {
  it('makes UUID-shaped ids, fresh ones from a running sequence and fixed ones from a number', () => {
    expect(uuid(900)).toBe('00000000-0000-4000-8000-000000000900');
    const a = uuid();
    const b = uuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b).not.toBe(a);
  });
});

describe('pageOf', () => {
  it('answers one page of the list with the totals the server gives', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({
      items: [3, 4],
      totalCount: 5,
      pageNumber: 2,
      pageSize: 2,
      totalPages: 3,
      hasPreviousPage: true,
      hasNextPage: true,
    });
  });

  it('starts at the first page of ten', () => {
    expect(pageOf([])).toEqual({ items: [], totalCount: 0, pageNumber: 1, pageSize: 10, totalPages: 0, hasPreviousPage: false, hasNextPage: false });
  });
});
