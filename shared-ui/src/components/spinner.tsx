import styles from './spinner.module.css';
import { VisuallyHidden } from './visually-hidden';

export interface SpinnerProps {
  /** Announced to screen readers; omit when the surrounding text already says what is loading. */
  label?: string;
  size?: 'sm' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'sm', className }: SpinnerProps) {
  const cls = [styles.spinner, size === 'lg' ? styles.lg : '', className ?? ''].filter(Boolean).join(' ');
  if (!label) return <span className={cls} aria-hidden="true" />;
  return (
    <span role="status">
      <span className={cls} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
