import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { FieldShell, fieldStyles as styles, useFieldIds } from './field';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  containerClassName?: string;
}

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, error, hint, hideLabel, id, className, containerClassName, required, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error, rest['aria-describedby']);
  return (
    <FieldShell label={label} ids={ids} hint={hint} error={error} required={required} hideLabel={hideLabel} className={containerClassName}>
      <textarea
        ref={ref}
        id={ids.inputId}
        required={required}
        {...rest}
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={ids.describedBy}
        className={cx(styles.textarea, className)}
      />
    </FieldShell>
  );
});
