import { forwardRef, useEffect, useImperativeHandle, useRef, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldMessages, fieldStyles as styles, useFieldIds } from './field';

export interface CheckboxProps {
  label: ReactNode;
  checked?: boolean | 'indeterminate';
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  id?: string;
  error?: ReactNode;
  hint?: ReactNode;
  className?: string;
  'aria-label'?: string;
  onBlur?: () => void;
}

/**
 * A checkbox with its label: the browser's own input (keyboard, form submission, checked and mixed
 * states for assistive technology), drawn as the design system's box. With react-hook-form use a
 * `Controller`: `checked={field.value} onCheckedChange={field.onChange}`.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, checked, defaultChecked, onCheckedChange, disabled, required, name, id, error, hint, className, onBlur, ...aria },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement);
  const mixed = checked === 'indeterminate';
  // The mixed state is a property of the input, not an attribute.
  useEffect(() => {
    if (input.current) input.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.checkboxRow}>
        <span className={styles.checkbox}>
          <input
            ref={input}
            type="checkbox"
            id={ids.inputId}
            className={styles.checkboxInput}
            {...(checked === undefined ? { defaultChecked } : { checked: checked === true })}
            onChange={(event) => onCheckedChange?.(event.target.checked)}
            disabled={disabled}
            required={required}
            name={name}
            onBlur={onBlur}
            // As before with Radix, the state is also an attribute (what the input's checked says).
            aria-checked={mixed ? 'mixed' : checked === undefined ? undefined : checked}
            aria-invalid={error ? true : undefined}
            aria-describedby={ids.describedBy}
            aria-label={aria['aria-label']}
          />
          {mixed ? (
            <svg className={styles.checkboxMark} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
              <path d="M2.5 6h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          ) : (
            <svg className={styles.checkboxMark} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
              <path d="M2.2 6.4l2.4 2.3 5.2-5.4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          )}
        </span>
        <label htmlFor={ids.inputId} className={styles.checkboxLabel}>
          {label}
        </label>
      </div>
      <FieldMessages ids={ids} error={error} hint={hint} />
    </div>
  );
});
