import { useState } from 'react';
import { Button, TextField } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { useEraseEmployeeMutation } from '../../api/data-rights';
import styles from './employee-management.module.css';

const M = MESSAGES.dataRights;

export interface EraseEmployeeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  employeeId: string;
  /** The person's name, as the dialog names them and as it must be typed to confirm. */
  name: string;
  onErased: () => void;
}

/** The irreversible erasure: the dialog names the person, and the name must be typed before it runs. */
export function EraseEmployeeDialog({ open, onOpenChange, employeeId, name, onErased }: EraseEmployeeDialogProps) {
  const { toast } = usePlatform();
  const erase = useEraseEmployeeMutation();
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const matches = typed.trim() === name.trim();

  async function onConfirm() {
    setTried(true);
    if (!matches) return;
    try {
      await erase.mutateAsync(employeeId);
      toast.success(M.erased);
      onErased();
    } catch (err) {
      toast.error(serverMessage(err, MESSAGES.common.unknownError));
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (erase.isPending) return;
        if (!next) {
          setTyped('');
          setTried(false);
        }
        onOpenChange(next);
      }}
      title={M.eraseTitle(name)}
      description={M.eraseBody(name)}
      size="sm"
      dismissible={!erase.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={erase.isPending}>
            {MESSAGES.labels.cancel}
          </Button>
          <Button variant="danger" onClick={() => void onConfirm()} loading={erase.isPending} loadingText={M.erasing}>
            {M.erase}
          </Button>
        </>
      }
    >
      <form
        className={styles.eraseForm}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onConfirm();
        }}
      >
        <TextField
          label={M.eraseConfirmLabel(name)}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
          onChange={(e) => setTyped(e.target.value)}
          error={tried && !matches ? M.eraseConfirmMismatch : undefined}
        />
      </form>
    </Modal>
  );
}
