import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';
import { VisuallyHidden } from '@portal/shared-ui/form';
import { DropdownMenu, type DropdownMenuItem } from '@portal/shared-ui/overlays';
import { LogoutQuestion } from './logout-question';
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
  const { session } = usePlatform();
  const [confirming, setConfirming] = useState(false);
  const name = session?.name || MESSAGES.labels.myProfile;
  return (
    <>
      <DropdownMenu
        label={MESSAGES.labels.myProfile}
        trigger={
          // Named by the text it holds (WCAG 2.5.3): the user's name, shown where the header has room.
          <button type="button" className={styles.profileButton}>
            <span className={styles.avatar} aria-hidden="true">
              {initialOf(session?.name)}
            </span>
            {showName ? <span className={styles.profileName}>{name}</span> : <VisuallyHidden>{name}</VisuallyHidden>}
            <Chevron />
          </button>
        }
        items={[...items, { label: MESSAGES.labels.logOut, onSelect: () => setConfirming(true), tone: 'danger', separatorBefore: true }]}
      />
      <LogoutQuestion open={confirming} onOpenChange={setConfirming} />
    </>
  );
}
