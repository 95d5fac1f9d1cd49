import type { ToastStore } from '@portal/shared-ui/overlays';
import type { Session } from '@portal/shared-contracts/platform';
import type { Queries } from '../queries/queries';
import type { RemoteRegistry } from '../remotes/remote-registry';
import type { PortalStore } from '../session/session-store';

/** What bootstrap builds once and the React tree shares (injected so tests can build their own). */
export interface ShellServices {
  store: PortalStore;
  registry: RemoteRegistry;
  queries: Queries;
  toasts: ToastStore;
  shellVersion: string;
  contractsVersion: string;
  /** The starting session came from the server just now (restored in a new tab): no need to ask again. */
  sessionConfirmed?: boolean;
  /** After sign-in the canary audience becomes the user: re-resolve the remotes not yet loaded. */
  onSignedIn?: (session: Session) => void;
  /** Remotes pointed at a development server (DESIGN.md section 3); the banner lists them. */
  overrides?: { remote: string; entry: string }[];
  /** Overrides this deployment does not allow (not among its release.json `overrideOrigins`): shown, not used. */
  refusedOverrides?: { remote: string; entry: string }[];
  resetOverrides?: () => void;
  /** Overrides a link asks for, not loaded until the user confirms them (docs/decisions/0016). */
  pendingOverrides?: { remote: string; entry: string }[];
  /** Keeps the pending overrides and loads the page again with them. */
  confirmOverrides?: () => void;
  /** The preview link this browser is in (docs/decisions/0046): the banner names it. */
  preview?: { remote: string; version: string; until: string } | null;
  /** `?preview-refused=<reason>`: the portal refused a link or ended this browser's preview; the banner says why. */
  previewRefused?: string | null;
  /** For tests: the api base URL and fetch. */
  apiBaseUrl?: string;
  fetch?: typeof fetch;
}
