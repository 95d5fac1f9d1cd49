import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { followUpWindow } from '@portal/shared-contracts/forms';
import { TextField } from '@portal/shared-ui/form';
import { followUpIso, followUpText, fromLocalInput, maskFollowUp, parseFollowUp, stepFollowUp, toLocalInput } from './follow-up-date';
import styles from './follow-up-picker.module.css';

const COPY = MESSAGES.driverScreens.picker;

export interface FollowUpPickerProps {
  label: string;
  /** An ISO date-time, or '' while none is chosen. */
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  /** The form's message for this field (the spec's), shown unless the text itself is malformed. */
  invalid?: boolean;
}

/**
 * The follow-up date and time as dd-MM-yyyy HH:mm (document 2, section 9): one field, usable by
 * keyboard alone (digits are typed into a mask that writes the separators, the up and down arrow
 * keys change the part at the caret) and by pointer (the calendar button in the field opens the
 * browser's own date-time picker, whose choice is written into the field). The picker's input is
 * only the button's means: it is neither shown, nor a stop of the keyboard, nor read out.
 * The calendar offers the follow-up window the form's rule takes; a date typed outside it is the
 * form's to refuse, with its message.
 */
export function FollowUpPicker({ label, value, onChange, onBlur, invalid = false }: FollowUpPickerProps) {
  const [text, setText] = useState(() => followUpText(value));
  const [blurred, setBlurred] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const native = useRef<HTMLInputElement>(null);

  // A value set from outside (the calendar, a reset of the form) replaces the text; the text's own
  // value does not, so a half-typed date stays as typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== followUpIso(text)) setText(followUpText(value));
  }

  useLayoutEffect(() => {
    if (caret.current !== null && input.current === document.activeElement) input.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  function write(next: { text: string; caret: number }) {
    caret.current = next.caret;
    setText(next.text);
    const iso = followUpIso(next.text);
    setSeen(iso);
    if (iso !== value) onChange(iso);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    write(stepFollowUp(text, event.currentTarget.selectionStart ?? text.length, event.key === 'ArrowUp' ? 1 : -1));
  }

  const malformed = blurred && text !== '' && !parseFollowUp(text);
  // The calendar offers the window the form's rule takes (forms/dates.ts), in local time.
  const span = followUpWindow();

  function openCalendar() {
    const picker = native.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      // A browser without showPicker (or refusing it) still opens its picker on a click.
      picker.click();
    }
  }

  return (
    <TextField
      ref={input}
      label={label}
      hint={COPY.hint}
      error={malformed ? COPY.invalid : undefined}
      aria-invalid={invalid || malformed ? true : undefined}
      placeholder={COPY.placeholder}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={16}
      value={text}
      onChange={(e) => write(maskFollowUp(e.target.value, e.target.selectionStart ?? e.target.value.length))}
      onKeyDown={onKeyDown}
      onBlur={() => {
        setBlurred(true);
        onBlur?.();
      }}
      className={styles.text}
      trailing={
        <span className={styles.trailing}>
          <button type="button" className={styles.calendarButton} tabIndex={-1} aria-hidden="true" title={COPY.calendar} onClick={openCalendar}>
            <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" aria-hidden="true" focusable="false">
              <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
              <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
            </svg>
          </button>
          <input
            ref={native}
            type="datetime-local"
            className={styles.native}
            tabIndex={-1}
            aria-hidden="true"
            value={toLocalInput(value)}
            min={toLocalInput(span.from.toISOString())}
            max={toLocalInput(new Date(span.until.getTime() - 60_000).toISOString())}
            onChange={(e) => {
              const iso = fromLocalInput(e.target.value);
              setText(followUpText(iso));
              setSeen(iso);
              if (iso !== value) onChange(iso);
            }}
          />
        </span>
      }
    />
  );
}
