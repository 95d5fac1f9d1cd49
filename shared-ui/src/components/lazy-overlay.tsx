import { cloneElement, useEffect, useState, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';

/**
 * An overlay's implementation (Radix and floating-ui), fetched the first time any overlay of its kind
 * opens and kept for every later one: a page that never opens a menu or a popover (the login page)
 * does not pay for them.
 */
export interface OverlayLoader<T> {
  readonly current: T | undefined;
  load(): Promise<T>;
}

export function overlayLoader<T>(load: () => Promise<T>): OverlayLoader<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    get current() {
      return loaded;
    },
    load() {
      pending ??= load().then(
        (m) => (loaded = m),
        (err: unknown) => {
          // A failed fetch (offline a moment) is tried again on the next opening.
          pending = undefined;
          throw err;
        },
      );
      return pending;
    },
  };
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

interface TriggerProps {
  onClick?: (event: MouseEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

/**
 * Until the implementation is here, the trigger is rendered alone (with the aria attributes of a
 * closed overlay); its first click or opening key fetches the implementation, which then renders
 * open. `openNow` (a controlled `open`) fetches it at once.
 */
export function useLazyOverlay<T>(loader: OverlayLoader<T>, trigger: ReactElement, popup: 'menu' | 'dialog', openNow: boolean, onOpen?: () => void) {
  const [impl, setImpl] = useState<T | undefined>(() => loader.current);
  const [openedFirst, setOpenedFirst] = useState(false);
  useEffect(() => {
    if (openNow && !impl) void loader.load().then((m) => setImpl(() => m), () => {});
  }, [openNow, impl, loader]);

  const open = () => {
    onOpen?.();
    void loader.load().then(
      (m) => {
        setOpenedFirst(true);
        setImpl(() => m);
      },
      (err: unknown) => console.error(err),
    );
  };
  const own = trigger.props as TriggerProps;
  const placeholder = impl
    ? null
    : cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
        'aria-haspopup': popup,
        'aria-expanded': false,
        'data-state': 'closed',
        onClick: (event: MouseEvent) => {
          own.onClick?.(event);
          if (!event.defaultPrevented) open();
        },
        onKeyDown: (event: KeyboardEvent) => {
          own.onKeyDown?.(event);
          if (!event.defaultPrevented && OPENING_KEYS.has(event.key)) {
            event.preventDefault();
            open();
          }
        },
      });
  return { impl, openedFirst, placeholder };
}
