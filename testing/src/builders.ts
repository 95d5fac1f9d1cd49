import type { Page } from '@portal/shared-contracts';

let seq = 0;

/** A UUID-shaped id (the contracts validate ids as UUIDs): `n`'s own, or the next of a running sequence. */
export function uuid(n?: number): string {
  const v = n ?? ++seq;
  return `00000000-0000-4000-8000-${String(v).padStart(12, '0')}`;
}

/** A server page of `all`, 1-based. */
export function pageOf<T>(all: readonly T[], pageNumber = 1, pageSize = 10): Page<T> {
  const totalPages = Math.ceil(all.length / pageSize);
  return {
    items: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    totalCount: all.length,
    pageNumber,
    pageSize,
    totalPages,
    hasPreviousPage: pageNumber > 1,
    hasNextPage: pageNumber < totalPages,
  };
}
