import { ApiError } from '@portal/shared-contracts';

/** The server's message when it sent one, else the spec's fallback for that action. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
