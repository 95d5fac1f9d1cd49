import type { ComponentProps } from 'react';
import { overlayLoader, useLazyOverlay } from './lazy-overlay';
import type { PopoverProps } from './popover-props';

export type { PopoverProps } from './popover-props';

export const popovers = overlayLoader(() => import('./popover-radix'));

/**
 * Non-modal floating content anchored to a trigger; Esc and outside clicks close it. Its code is
 * fetched when a popover first opens.
 */
export function Popover(props: PopoverProps) {
  const controlled = props.open !== undefined;
  const { impl, openedFirst, placeholder } = useLazyOverlay(popovers, props.trigger, 'dialog', props.open === true, () => {
    if (controlled) props.onOpenChange?.(true);
  });
  if (!impl) return placeholder;
  return <impl.RadixPopoverView {...props} defaultOpen={controlled ? undefined : openedFirst} />;
}

/** Closes the popover it is in (rendered inside an open popover, whose code is then loaded). */
export function PopoverClose(props: ComponentProps<'button'> & { asChild?: boolean }) {
  const Close = popovers.current?.RadixPopoverClose;
  return Close ? <Close {...props} /> : null;
}
