import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';
import styles from './menu.module.css';
import { cx } from './cx';
import { isFromToaster } from './toaster';

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

/** Non-modal floating content anchored to a trigger; Esc and outside clicks close it. */
export function Popover({ trigger, children, open, onOpenChange, side = 'bottom', align = 'center', label, className }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className={cx(styles.popover, className)}
          side={side}
          align={align}
          sideOffset={6}
          aria-label={label}
          onInteractOutside={(event) => {
            if (isFromToaster(event)) event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            if (isFromToaster(event)) event.preventDefault();
          }}
        >
          {children}
          <RadixPopover.Arrow className={styles.arrow} />
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

export const PopoverClose = RadixPopover.Close;
