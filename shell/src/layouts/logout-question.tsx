import { useState } from 'react';
import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import { SHELL_MESSAGES } from '@portal/shared-contracts/messages/shell';
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
      title={LABEL_MESSAGES.labels.logOut}
      message={SHELL_MESSAGES.session.confirmLogout}
      cancelLabel={LABEL_MESSAGES.labels.cancel}
      confirmLabel={LABEL_MESSAGES.labels.logout}
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
