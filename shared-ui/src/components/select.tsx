import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './cx';
import { FieldShell, fieldStyles as styles, useFieldIds } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options?: readonly SelectOption[];
  /** A first, empty option (e.g. "Select a country"). */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
}

/** A native select (best keyboard and mobile support), styled with the tokens. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, options, placeholder, error, hint, hideLabel, id, className, containerClassName, required, children, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} hideLabel={hideLabel} className={containerClassName}>
      <div className={styles.control}>
        <select
          ref={ref}
          id={ids.inputId}
          required={required}
          {...rest}
          aria-invalid={error ? true : rest['aria-invalid']}
          aria-describedby={ids.describedBy}
          className={cx(styles.select, className)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
        <svg className={styles.chevron} width="12" height="8" viewBox="0 0 12 8" aria-hidden="true" focusable="false">
          <path d="M1 1.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    </FieldShell>
  );
});
