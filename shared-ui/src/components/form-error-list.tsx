import styles from './form-error-list.module.css';
import { cx } from './cx';

export interface FormErrorListProps {
  messages: readonly (string | null | undefined | false)[];
  className?: string;
  id?: string;
}

/** Errors of a whole form as a list, announced when they appear. Renders nothing without messages. */
export function FormErrorList({ messages, className, id }: FormErrorListProps) {
  const unique = [...new Set(messages.filter((m): m is string => typeof m === 'string' && m.length > 0))];
  if (unique.length === 0) return null;
  return (
    <div className={cx(styles.box, className)} role="alert" id={id}>
      <svg className={styles.icon} width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 4.5v4.2M8 11.2v.3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <ul className={cx(styles.list, unique.length === 1 && styles.single)}>
        {unique.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
