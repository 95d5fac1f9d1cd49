import { useId, type ReactNode } from 'react';
import styles from './field.module.css';
import { cx } from './cx';
import { VISUALLY_HIDDEN } from './visually-hidden';

export interface FieldIds {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

/** Ids that tie a control to its label, hint and error (so the error is read with the field). */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode, extraDescribedBy?: string): FieldIds {
  const auto = useId();
  const inputId = id ?? `f${auto.replace(/:/g, '')}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId, extraDescribedBy].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}

function ErrorIcon() {
  return (
    <svg className={styles.errorIcon} width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 4.5v4.2M8 11.2v.3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

/** The error (announced) and the hint under a control, with the ids the control points at. */
export function FieldMessages({ ids, error, hint }: { ids: FieldIds; error?: ReactNode; hint?: ReactNode }) {
  return (
    <>
      {error ? (
        <p id={ids.errorId} className={styles.error} role="alert">
          <ErrorIcon />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </>
  );
}

export interface FieldShellProps {
  label: ReactNode;
  ids: FieldIds;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  hideLabel?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above the control, then the error (announced) and the hint. */
export function FieldShell({ label, ids, hint, error, required, hideLabel, className, children }: FieldShellProps) {
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={ids.inputId} className={styles.label} style={hideLabel ? VISUALLY_HIDDEN : undefined}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      <FieldMessages ids={ids} error={error} hint={hint} />
    </div>
  );
}

export { styles as fieldStyles };
