import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '@portal/shared-contracts/constants';
import { Button, type ButtonVariant } from './button';
import { cx } from './cx';
import { TextField } from './text-field';
import styles from './copy-field.module.css';

/**
 * Puts `text` on the clipboard; where the browser refuses the async clipboard (plain http), selects
 * `input` and copies the selection. False when neither worked: the value is then left selected for
 * the user to copy.
 */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Falls through: some browsers refuse the async clipboard on plain http.
  }
  if (!input) return false;
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export interface CopyFieldProps {
  label: string;
  /** The label is read by screen readers only (a dialog whose title already says what the value is). */
  hideLabel?: boolean;
  value: string;
  name?: string;
  copyLabel: string;
  /** What the button says for a moment after a copy. */
  copiedLabel: string;
  /** Told whether the copy worked (a page may toast it); on failure the value is left selected. */
  onCopy?: (copied: boolean) => void;
  variant?: ButtonVariant;
  className?: string;
}

/** A read-only value with a copy button that says `copiedLabel` for a moment once it is copied. */
export function CopyField({ label, hideLabel, value, name, copyLabel, copiedLabel, onCopy, variant = 'secondary', className }: CopyFieldProps) {
  const ref = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), TIMINGS.copiedMs);
    return () => clearTimeout(t);
  }, [copied]);

  async function copy() {
    const ok = await copyText(value, ref.current);
    if (!ok) ref.current?.select();
    setCopied(ok);
    onCopy?.(ok);
  }

  return (
    <div className={cx(styles.row, className)}>
      <TextField
        ref={ref}
        label={label}
        hideLabel={hideLabel}
        value={value}
        readOnly
        name={name}
        onFocus={(e) => e.currentTarget.select()}
        containerClassName={styles.field}
      />
      <Button type="button" variant={variant} className={styles.copy} aria-live="polite" onClick={() => void copy()}>
        {copied ? copiedLabel : copyLabel}
      </Button>
    </div>
  );
}
