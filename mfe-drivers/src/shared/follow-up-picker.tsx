import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGES } from '@portal/shared-contracts';
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
 * The follow-up date and time as dd-MM-yyyy HH:mm (document 2, section 9), usable by keyboard alone:
 * digits are typed into a mask that writes the separators, the up and down arrow keys change the
 * part at the caret, and the browser's own date-time control beside it offers a calendar.
 */
export function FollowUpPicker({ label, value, onChange, onBlur, invalid = false }: FollowUpPickerProps) {
  const [text, setText] = useState(() => followUpText(value));
  const [blurred, setBlurred] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const calendarId = useId();

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

  return (
    <div className={styles.picker}>
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
        containerClassName={styles.text}
      />
      <div className={styles.calendar}>
        <label htmlFor={calendarId} className={styles.calendarLabel}>
          {COPY.calendar}
        </label>
        <input
          id={calendarId}
          type="datetime-local"
          className={styles.native}
          value={toLocalInput(value)}
          onChange={(e) => {
            const iso = fromLocalInput(e.target.value);
            setText(followUpText(iso));
            setSeen(iso);
            if (iso !== value) onChange(iso);
          }}
        />
      </div>
    </div>
  );
}
