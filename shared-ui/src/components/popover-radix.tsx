import * as RadixPopover from '@radix-ui/react-popover';
import styles from './menu.module.css';
import { cx } from './cx';
import { isFromToaster } from './toaster';

import type { PopoverProps } from './popover-props';

// Radix's popover with floating-ui: loaded when a popover is first opened (./popover.tsx).
export function RadixPopoverView({ trigger, children, open, defaultOpen, onOpenChange, side = 'bottom', align = 'center', label, className }: PopoverProps & { defaultOpen?: boolean }) {
  return (
    <RadixPopover.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
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

export const RadixPopoverClose = RadixPopover.Close;
