import { useEffect, useState } from 'react';
import { whenPageDrawn } from '../platform/page-drawn';
import { whenPageSettled } from '../platform/when-settled';

// In the layouts' chunks, not on the login page's path: only the signed-in layouts' bells use it.

/** The idle moment after `fn`'s trigger: requestIdleCallback (at most `timeout` later), else a short timer. */
function whenIdle(fn: () => void, win: Window, timeout: number): () => void {
  if (win.requestIdleCallback) {
    const id = win.requestIdleCallback(fn, { timeout });
    return () => win.cancelIdleCallback(id);
  }
  const id = win.setTimeout(fn, 50);
  return () => win.clearTimeout(id);
}

/**
 * True from the first idle moment after the page's module has been drawn (or after the page has
 * settled, whichever comes first): a header widget renders from then on.
 */
export function useAfterPageDrawn(win: Window = window): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    let cancelIdle: (() => void) | undefined;
    const go = () => setReady(true);
    const stopDrawn = whenPageDrawn(() => {
      cancelIdle ??= whenIdle(go, win, 1_000);
    });
    const stopSettled = whenPageSettled(go, win);
    return () => {
      stopDrawn();
      stopSettled();
      cancelIdle?.();
    };
  }, [ready, win]);
  return ready;
}
