import { ApiError } from '@portal/shared-contracts';

/** The server's message of a failed call, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message ? error.message : undefined;
}

/** The server's per-field messages (its `errors` list), else its message: what the spec shows as a list. */
export function serverMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const list = error.errors.map((e) => e.message).filter(Boolean);
  if (list.length > 0) return list;
  return error.message ? [error.message] : [];
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
