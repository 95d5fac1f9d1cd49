import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';
import { ConfirmDialog, DropdownMenu, type DropdownMenuItem } from '@portal/shared-ui/overlays';
import styles from './layout.module.css';

function initialOf(name: string | undefined): string {
  return (name ?? '').trim().charAt(0).toUpperCase() || '?';
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The header's profile menu of both layouts: the user's initial (and name where the header has room),
 * the layout's own entries, then Log Out behind "Are you sure you want to log out?" Cancel / Logout.
 */
export function ProfileMenu({ items, showName = false }: { items: readonly DropdownMenuItem[]; showName?: boolean }) {
  const { session, auth } = usePlatform();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <DropdownMenu
        label={MESSAGES.labels.myProfile}
        trigger={
          // With the name shown, the button is named by it (a label besides would differ from what is
          // seen, WCAG 2.5.3); with the initial only, by the label.
          <button type="button" className={styles.profileButton} aria-label={showName && session?.name ? undefined : session?.name || MESSAGES.labels.myProfile}>
            <span className={styles.avatar} aria-hidden="true">
              {initialOf(session?.name)}
            </span>
            {showName && <span className={styles.profileName}>{session?.name}</span>}
            <Chevron />
          </button>
        }
        items={[...items, { label: MESSAGES.labels.logOut, onSelect: () => setConfirming(true), tone: 'danger', separatorBefore: true }]}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={MESSAGES.labels.logOut}
        message={MESSAGES.session.confirmLogout}
        cancelLabel={MESSAGES.labels.cancel}
        confirmLabel={MESSAGES.labels.logout}
        busy={busy}
        onConfirm={async () => {
          setBusy(true);
          try {
            await auth.signOut();
          } finally {
            setBusy(false);
            setConfirming(false);
          }
        }}
      />
    </>
  );
}
