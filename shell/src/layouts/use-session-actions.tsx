import { useState } from 'react';
import { MESSAGES, usePlatform } from '@portal/shared-contracts';
import { ConfirmDialog } from '@portal/shared-ui';

/** The logout confirmation both layouts share: "Are you sure you want to log out?" Cancel / Logout. */
export function useLogoutConfirm() {
  const { auth } = usePlatform();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
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
          setOpen(false);
        }
      }}
    />
  );
  return { ask: () => setOpen(true), dialog };
}
