import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { OverrideEntry } from './override-banner';
import styles from './override-banner.module.css';

interface OverrideConfirmProps {
  /** What the link asks to load, by remote. */
  pending: readonly { remote: string; entry: string }[];
  onConfirm: () => void;
}

/**
 * A link cannot make the portal run code from elsewhere: it can only ask, here, naming every remote
 * and the address it would come from. Closing the dialog keeps the release.
 */
export function OverrideConfirm({ pending, onConfirm }: OverrideConfirmProps) {
  const [open, setOpen] = useState(pending.length > 0);
  if (pending.length === 0) return null;
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title={MESSAGES.shell.overrideConfirmTitle}
      description={MESSAGES.shell.overrideConfirmText}
      footer={
        <>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {MESSAGES.shell.overrideConfirmIgnore}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {MESSAGES.shell.overrideConfirmLoad}
          </Button>
        </>
      }
    >
      <ul className={styles.requested}>
        {pending.map((o) => (
          <OverrideEntry key={o.remote} remote={o.remote} entry={o.entry} />
        ))}
      </ul>
    </Modal>
  );
}
