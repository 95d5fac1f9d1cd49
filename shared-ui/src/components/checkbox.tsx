import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { forwardRef, type ReactNode } from 'react';
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
 * A Radix checkbox with its label. With react-hook-form use a `Controller`:
 * `checked={field.value} onCheckedChange={field.onChange}`.
 */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { label, checked, defaultChecked, onCheckedChange, disabled, required, name, id, error, hint, className, onBlur, ...aria },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={cx(styles.field, className)}>
      <div className={styles.checkboxRow}>
        <RadixCheckbox.Root
          ref={ref}
          id={ids.inputId}
          className={styles.checkbox}
          checked={checked}
          defaultChecked={defaultChecked}
          onCheckedChange={(v) => onCheckedChange?.(v === true)}
          disabled={disabled}
          required={required}
          name={name}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          aria-label={aria['aria-label']}
        >
          <RadixCheckbox.Indicator>
            {checked === 'indeterminate' ? (
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                <path d="M2.5 6h7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            ) : (
              <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                <path d="M2.2 6.4l2.4 2.3 5.2-5.4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
        <label htmlFor={ids.inputId} className={styles.checkboxLabel}>
          {label}
        </label>
      </div>
      <FieldMessages ids={ids} error={error} hint={hint} />
    </div>
  );
});
