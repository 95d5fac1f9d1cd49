import { createContext, useContext } from 'react';
import type { AnyEndpoint, EndpointInput, EndpointOutput } from './endpoint';
import type { Company, FieldError } from './entities';
import type { LoginAnswer } from './endpoints';
import type { RemoteId, RemoteSlotComponent } from './remotes';
import type { ResolvedRemote } from './release';
import type { Role } from '@portal/shared-contracts/constants';

/** A failed call: the server's `{ success: false, message, errors? }` with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[];
  constructor(status: number, message: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

/**
 * True when a failure is an answer from the server rather than an exception on the way. The name
 * check keeps this working if a second copy of the contracts were ever loaded next to the shell's.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (error instanceof Error && error.name === 'ApiError');
}

/** The server's own message for a failed call, else the spec's fallback for that action (network failure, unexpected answer). */
export function serverMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** The server's per-field messages (its `errors` list), else its message: what the spec shows as a list. */
export function serverMessages(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const list = (error.errors ?? []).map((e) => e.message).filter(Boolean);
  if (list.length > 0) return list;
  return error.message ? [error.message] : [];
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Upload progress 0..1 for multipart bodies. */
  onUploadProgress?: (fraction: number) => void;
}

/** The typed HTTP client the shell provides; every answer is parsed with the endpoint's schema. */
export interface ApiClient {
  call<E extends AnyEndpoint>(endpoint: E, input?: EndpointInput<E>, options?: CallOptions): Promise<EndpointOutput<E>>;
}

/** What the shell keeps of the signed-in user (document 2, section 3: token stays in an HttpOnly cookie). */
export interface Session {
  userId: string;
  role: Role;
  name: string;
  email: string;
  employerId: string | null;
  employerUserId: string | null;
  signUpState: number;
  /**
   * An admin limited to some offices: their office ids; null or absent for the whole company
   * (docs/decisions/0051-office-administrators.md).
   */
  offices?: string[] | null;
  companyDetails: Company | null;
}

export interface Toast {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

export interface PlatformAuth {
  /**
   * Completes a login or registration: stores the session (for the browser's life when `remember`
   * is false), runs the spec's login sequence and routes by role and sign-up state.
   */
  signIn(answer: LoginAnswer, options: { remember: boolean }): Promise<void>;
  /** Ends the session on the server and in the page, clears companyDetails, goes to login. */
  signOut(): Promise<void>;
  /** Updates what the shell keeps (e.g. signUpState after a setup step, companyDetails after a save). */
  updateSession(patch: Partial<Omit<Session, 'userId' | 'role'>>): void;
}

export interface PlatformLocation {
  pathname: string;
  search: string;
  /** Parsed query of the hash route. */
  query: URLSearchParams;
}

export interface ReleaseInfo {
  shellVersion: string;
  contractsVersion: string;
  remotes: Partial<Record<RemoteId, ResolvedRemote>>;
}

export interface Platform {
  api: ApiClient;
  session: Session | null;
  auth: PlatformAuth;
  navigate(to: string, options?: { replace?: boolean }): void;
  location: PlatformLocation;
  toast: Toast;
  release: ReleaseInfo;
  /** The spec's session-storage flag "saved" (set after a company is saved in setup step 1). */
  savedFlag: { get(): boolean; set(value: boolean): void };
  /** Renders another remote's exposed module in place (with the shell's isolation). */
  RemoteSlot: RemoteSlotComponent;
  /** The page origin, for links that are shared (employee invite link). */
  origin: string;
  /**
   * While a page holds edits that are not saved: until the returned function is called, the shell asks
   * (with `message`) before anything takes the user to another page (a link, Back, a reload).
   * Optional: a shell released before it has none.
   */
  holdNavigation?(message: string): () => void;
}

export const PlatformContext = createContext<Platform | null>(null);
PlatformContext.displayName = 'PlatformContext';

export function usePlatform(): Platform {
  const p = useContext(PlatformContext);
  if (!p) throw new Error('usePlatform() must be used inside the shell (PlatformContext is missing).');
  return p;
}
