import type { ReactNode } from 'react';

// What a dialog takes, apart from its drawing: the lazily loaded Radix dialog and the wrapper both read it.
export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Hide the corner close button (e.g. a success dialog that must be acknowledged with its own button). */
  hideCloseButton?: boolean;
  closeLabel?: string;
  /** Keep the dialog open on Esc and outside clicks (e.g. while a request is in flight). */
  dismissible?: boolean;
  className?: string;
}
