import type { DialogCloseProps } from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { overlayLoader } from './lazy-overlay';
import type { ModalProps } from './modal-props';

export type { ModalProps } from './modal-props';

export const dialogs = overlayLoader(() => import('./modal-radix'));

/**
 * A modal dialog: focus is trapped inside, Esc and the close button close it, focus returns on close.
 * Its code is fetched when a modal first opens; a closed modal renders nothing.
 */
export function Modal(props: ModalProps) {
  const [impl, setImpl] = useState(() => dialogs.current);
  useEffect(() => {
    if (props.open && !impl) void dialogs.load().then((m) => setImpl(() => m), (err: unknown) => console.error(err));
  }, [props.open, impl]);
  if (!impl) return null;
  return <impl.RadixModal {...props} />;
}

/** A button that closes the surrounding Modal (wrap your own Button with `asChild`). */
export function ModalClose(props: DialogCloseProps) {
  const Close = dialogs.current?.RadixModalClose;
  return Close ? <Close {...props} /> : null;
}
