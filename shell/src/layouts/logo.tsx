import styles from './layout.module.css';

/** The portal mark: two journeys meeting at one point (no third-party asset, no network). */
export function Logo({ label }: { label: string }) {
  return (
    <span className={styles.logo} role="img" aria-label={label}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M7 23c4-9 8-12 9-12s5 3 9 12" fill="none" stroke="var(--color-text-inverse)" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="16" cy="11" r="3" fill="var(--color-brand-200)" />
        <circle cx="7" cy="23" r="2" fill="var(--color-text-inverse)" />
        <circle cx="25" cy="23" r="2" fill="var(--color-text-inverse)" />
      </svg>
    </span>
  );
}
