import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';
import { ConfirmDialog } from '@portal/shared-ui/overlays';

/** "Are you sure you want to log out?" Cancel / Logout: the one question before every Log out of the shell. */
export function LogoutQuestion({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { auth } = usePlatform();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
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
          onOpenChange(false);
        }
      }}
    />
  );
}
