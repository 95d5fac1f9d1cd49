import { Button } from '@portal/shared-ui/form';
import type { FormEventHandler, ReactNode } from 'react';
import styles from './form.module.css';

interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  /** No submit button (the login page's single sign-on step brings its own). */
  hideSubmit?: boolean;
  children: ReactNode;
}

/** A form of the public account screens: its fields, then one full-width submit button. */
export function AuthForm({ onSubmit, submitLabel, busy, busyLabel, disabled, hideSubmit, children }: AuthFormProps) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {children}
      {hideSubmit ? null : (
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth loading={busy} loadingText={busyLabel} disabled={disabled}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}
