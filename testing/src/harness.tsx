// What a remote's development harness (dev/, a plain page in a browser, no vitest) stands on: the
// fake platform with plain functions in place of spies, and the page's root.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Platform, Toast } from '@portal/shared-contracts';
import { buildPlatform, type FakePlatformOptions } from './platform';

export { PlatformProviders } from './platform';
export { sessionFixture } from './session';
export { companyWithOffices, LEEDS_OFFICE, pageOf, uuid, YORK_OFFICE } from './builders';

/** A platform like the shell's whose api is `options.call`, an in-memory server. */
export function createHarnessPlatform(options: FakePlatformOptions = {}): Platform {
  return buildPlatform(options);
}

/** The platform's toasts shown by a toast store (shared-ui's, rendered by its Toaster), as the shell does. */
export function toastInto(store: { show(kind: keyof Toast, message: string): unknown }): Toast {
  return {
    success: (message) => void store.show('success', message),
    error: (message) => void store.show('error', message),
    info: (message) => void store.show('info', message),
  };
}

/** Renders the harness into the page's #root. */
export function mountHarness(harness: ReactNode): void {
  createRoot(document.getElementById('root')!).render(<StrictMode>{harness}</StrictMode>);
}
