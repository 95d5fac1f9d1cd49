import type { ReactElement, ReactNode } from 'react';

// What a popover takes, apart from its drawing: the lazily loaded Radix popover and the wrapper both read it.
export interface PopoverProps {
  trigger: ReactElement;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** Names the popover for screen readers when its content has no heading. */
  label?: string;
  className?: string;
}
