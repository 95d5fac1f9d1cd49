import { LABEL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/labels';
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useRef } from 'react';
import type { ModalProps } from './modal-props';
import styles from './modal.module.css';
import { cx } from './cx';
import { takeDialogOpener } from './focus-return';
import { isFromToaster } from './toaster';

const AUTOFOCUS_ORDER = [
  '[data-autofocus]',
  '[data-modal-body] input:not([type="hidden"]):not([disabled]):not([readonly]), [data-modal-body] select:not([disabled]), [data-modal-body] textarea:not([disabled])',
  '[data-modal-footer] button:not([disabled])',
];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A dialog's body that scrolls is reachable by keyboard (WCAG 2.1.1): when it overflows and holds
 * nothing focusable to scroll it with (a policy's text, say), it is a tab stop itself, so the
 * arrow keys scroll it. Kept up to date as its content or the screen changes size.
 */
function useScrollableBody() {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback((body: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!body || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const needsStop = body.scrollHeight > body.clientHeight + 1 && !body.querySelector(FOCUSABLE);
      if (needsStop) body.setAttribute('tabindex', '0');
      else body.removeAttribute('tabindex');
    };
    observer.current = new ResizeObserver(update);
    observer.current.observe(body);
    for (const child of body.children) observer.current.observe(child);
    update();
  }, []);
}

// Radix's dialog (focus trap, scroll lock): loaded when a modal is first opened (./modal.tsx).
export function RadixModal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  hideCloseButton = false,
  closeLabel = MESSAGES.labels.close,
  dismissible = true,
  className,
}: ModalProps) {
  // Controlled modals have no Radix trigger, so remember what had focus and give it back on close.
  const returnFocus = useRef<HTMLElement | null>(null);
  const bodyRef = useScrollableBody();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || dismissible ? onOpenChange(next) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={cx(styles.content, size !== 'md' && styles[size], className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onInteractOutside={(event) => {
            if (isFromToaster(event)) event.preventDefault();
          }}
          onEscapeKeyDown={(event) => {
            if (isFromToaster(event)) event.preventDefault();
          }}
          onOpenAutoFocus={(event) => {
            returnFocus.current = takeDialogOpener();
            // Start where the work is: a marked element, else the first field, else the first footer action
            // (the corner close button is the last resort, which is Radix's default).
            const content = event.target instanceof HTMLElement ? event.target : null;
            const target = AUTOFOCUS_ORDER.map((sel) => content?.querySelector<HTMLElement>(sel)).find(Boolean);
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            if (target && target.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className={styles.header}>
            <div className={styles.titles}>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
            </div>
            {!hideCloseButton && (
              <Dialog.Close className={styles.close} aria-label={closeLabel} disabled={!dismissible}>
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                  <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </Dialog.Close>
            )}
          </div>
          {children ? (
            <div ref={bodyRef} className={styles.body} data-modal-body="">
              {children}
            </div>
          ) : null}
          {footer ? <div className={styles.footer} data-modal-footer="">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const RadixModalClose = Dialog.Close;
