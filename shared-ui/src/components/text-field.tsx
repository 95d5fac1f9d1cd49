import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldShell, fieldStyles as styles, useFieldIds } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** Shown under the field, tied to it with aria-describedby, and marks it aria-invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  /** A control drawn inside the field on the right (e.g. a show/hide button). */
  trailing?: ReactNode;
  /** A decorative icon drawn inside the field on the left. */
  leading?: ReactNode;
  containerClassName?: string;
}

/** A labelled input; forwards its ref so react-hook-form's `register` works. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, hideLabel, trailing, leading, id, className, containerClassName, required, type = 'text', ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} hideLabel={hideLabel} className={containerClassName}>
      <div className={styles.control}>
        {leading ? <span className={styles.leading}>{leading}</span> : null}
        <input
          ref={ref}
          id={ids.inputId}
          type={type}
          required={required}
          {...rest}
          aria-invalid={error ? true : rest['aria-invalid']}
          aria-describedby={ids.describedBy}
          className={cx(styles.input, trailing ? styles.withTrailing : undefined, leading ? styles.withLeading : undefined, className)}
        />
        {trailing}
      </div>
    </FieldShell>
  );
});
