import { ApiError } from '@portal/shared-contracts';

/**
 * The server's own message for a failed call, or the given fallback for anything else (network
 * failure, unexpected answer). The name check keeps this working if a second copy of the contracts
 * were ever loaded next to the shell's.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const isApiError = error instanceof ApiError || (error instanceof Error && error.name === 'ApiError');
  return isApiError && error.message ? error.message : fallback;
}

/** True when the failure is an answer from the server rather than an exception on the way. */
export function isServerFailure(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError');
}
