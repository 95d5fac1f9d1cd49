import styles from './override-banner.module.css';

export interface OverrideBannerProps {
  overrides: readonly { remote: string; entry: string }[];
  onReset: () => void;
}

/** Always visible while any remote is overridden, so nobody mistakes a dev build for the release. */
export function OverrideBanner({ overrides, onReset }: OverrideBannerProps) {
  if (overrides.length === 0) return null;
  return (
    <div className={styles.banner} role="status">
      <span className={styles.label}>Development override</span>
      <ul className={styles.list}>
        {overrides.map((o) => (
          <li key={o.remote}>
            <strong>{o.remote}</strong> → <code>{o.entry}</code>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.reset} onClick={onReset}>
        Reset overrides
      </button>
    </div>
  );
}
