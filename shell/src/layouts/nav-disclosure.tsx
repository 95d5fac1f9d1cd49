import { useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { PathChangesContext } from '../routes/address-changes';
import styles from './layout.module.css';

/**
 * A layout's navigation on a small screen: a Menu button that shows and hides it (the WAI-ARIA
 * disclosure pattern). On a wide screen the button is not drawn and the navigation always shows;
 * the stylesheet decides which, so the page never renders twice. Choosing a link closes it, and
 * Escape closes it with focus back on the button.
 */
export function useNavDisclosure(): {
  open: boolean;
  navId: string;
  button: ReactNode;
  onNavKeyDown: (event: React.KeyboardEvent) => void;
  onNavClick: (event: React.MouseEvent) => void;
} {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Another page closes it; the page shown writing its own filters or page number into the address
  // (as a list does once it has loaded) does not close a menu the visitor has just opened. It closes
  // when the move to another page starts, not when that page is drawn: the router draws it as a
  // transition, once its code has come, and a Menu pressed meanwhile (the address already shows the
  // new page) would otherwise open and then close by itself as the page arrives.
  const pathChanges = useContext(PathChangesContext);
  useEffect(() => pathChanges?.(() => setOpen(false)), [pathChanges]);
  const { pathname } = useLocation();
  useEffect(() => {
    if (!pathChanges) setOpen(false);
  }, [pathname, pathChanges]);
  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={styles.menuButton}
      aria-expanded={open}
      aria-controls={navId}
      onClick={() => setOpen((o) => !o)}
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        {open ? (
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <span>{MESSAGES.shell.menu}</span>
    </button>
  );
  const onNavKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    buttonRef.current?.focus();
  };
  // A link to the page already shown changes no address, yet the visitor has chosen: close it too.
  const onNavClick = (event: React.MouseEvent) => {
    if (open && event.target instanceof Element && event.target.closest('a')) setOpen(false);
  };
  return { open, navId, button, onNavKeyDown, onNavClick };
}

/**
 * The first stop of the keyboard on every signed-in page: straight to the page's content, past the
 * header and the navigation (WCAG 2.4.1). The router owns the address's hash, so the link moves the
 * focus itself instead of following `#main`.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className={styles.skipLink}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('main');
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      {MESSAGES.shell.skipToContent}
    </a>
  );
}
