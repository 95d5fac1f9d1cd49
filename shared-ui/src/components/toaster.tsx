import { TIMINGS } from '@portal/shared-contracts/constants';
import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import styles from './toaster.module.css';
import { cx } from './cx';
import type { ToastItem, ToastStore } from './toast-store';

export interface ToasterProps {
  store: ToastStore;
  /** How long a toast stays; the spec's 3000 ms by default. */
  durationMs?: number;
  closeLabel?: string;
}

const TOASTER_ATTRIBUTE = 'data-toaster';

/**
 * Whether an event comes from the toaster: dialogs and popovers ignore such events, so dismissing a
 * toast never dismisses the layer it was raised over.
 */
export function isFromToaster(event: Event): boolean {
  return event.target instanceof Element && event.target.closest(`[${TOASTER_ATTRIBUTE}]`) !== null;
}

/**
 * The toast viewport: errors are announced assertively (role="alert"), the rest politely (role="status").
 * It is its own layer on the body, outside any dialog. A modal dialog hides the rest of the page from
 * screen readers except elements carrying aria-live; "off" keeps the toasts readable while each toast
 * stays the only live region that announces it.
 */
export function Toaster({ store, durationMs = TIMINGS.toastMs, closeLabel = 'Dismiss notification' }: ToasterProps) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return createPortal(
    <ol className={styles.viewport} aria-label={LABEL_MESSAGES.labels.notifications} aria-live="off" {...{ [TOASTER_ATTRIBUTE]: '' }}>
      {items.map((t) => (
        <ToastView key={t.id} toast={t} onDismiss={() => store.dismiss(t.id)} durationMs={durationMs} closeLabel={closeLabel} />
      ))}
    </ol>,
    document.body,
  );
}

function ToastView({ toast, onDismiss, durationMs, closeLabel }: { toast: ToastItem; onDismiss: () => void; durationMs: number; closeLabel: string }) {
  // onDismiss is a fresh closure on every render; keep the latest so the timer starts once per toast.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  // Hovering or focusing a toast holds it (WCAG 2.2.1); it leaves after the time it had left.
  const [paused, setPaused] = useState(false);
  const remaining = useRef(durationMs);
  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismiss.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [toast.id, paused]);
  // The live role is the item's content, not the item: a list item given another role leaves the
  // list with children that are not items (axe's "list" rule, WCAG 1.3.1).
  return (
    <li className={styles.item}>
      <div
        className={cx(styles.toast, styles[toast.kind])}
        role={toast.kind === 'error' ? 'alert' : 'status'}
        aria-atomic="true"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <ToastIcon kind={toast.kind} />
        <span className={styles.message}>{toast.message}</span>
        <button type="button" className={styles.close} aria-label={closeLabel} onClick={onDismiss}>
          <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </li>
  );
}

function ToastIcon({ kind }: { kind: ToastItem['kind'] }) {
  return (
    <svg className={styles.icon} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {kind === 'success' && <path d="M6.2 10.3l2.5 2.5 5-5.3" fill="none" stroke="currentColor" strokeWidth="1.9" strokeLinecap="round" strokeLinejoin="round" />}
      {kind === 'error' && <path d="M10 5.8v5M10 13.8v.4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
      {kind === 'info' && <path d="M10 9v5M10 6v.4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}
