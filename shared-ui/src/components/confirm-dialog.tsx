import { LABEL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/labels';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title?: ReactNode;
  message: ReactNode;
  cancelLabel?: string;
  confirmLabel?: string;
  busyLabel?: string;
  onConfirm: () => void;
  /** The confirm action is running: both buttons wait and Esc does nothing. */
  busy?: boolean;
  tone?: 'default' | 'danger';
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title = 'Please confirm',
  message,
  cancelLabel = MESSAGES.labels.cancel,
  confirmLabel = MESSAGES.labels.confirm,
  busyLabel,
  onConfirm,
  busy = false,
  tone = 'default',
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
