import { useEffect, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router-dom';
import { SHELL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { sessionAtom, type PortalStore } from '../session/session-store';
import type { NavigationHolds } from './navigation-holds';

export { createNavigationHolds, type NavigationHolds } from './navigation-holds';

/**
 * Asks before the user leaves a page that holds unsaved edits: for a move to another page of the
 * portal (a link, Back, a redirect) with the portal's dialog, for a reload or closing the tab with the
 * browser's own. A change of the query alone (a tab of the same page) is the page's own business, and
 * once signed out (a 401, Log Out) there is nothing left to save.
 *
 * The router's blocker exists only while a page holds edits: a registered blocker makes the router
 * warn on every address change it did not make itself (a typed address), held or not.
 */
export function LeaveGuard({ holds, store }: { holds: NavigationHolds; store: PortalStore }) {
  const message = useSyncExternalStore(holds.subscribe, holds.message);
  return message === null ? null : <HeldLeaveGuard holds={holds} store={store} message={message} />;
}

function HeldLeaveGuard({ holds, store, message }: { holds: NavigationHolds; store: PortalStore; message: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      holds.message() !== null && store.get(sessionAtom) !== null && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
      title={MESSAGES.common.unsavedTitle}
      message={message}
      cancelLabel={MESSAGES.common.stay}
      confirmLabel={MESSAGES.common.leaveWithoutSaving}
      tone="danger"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
