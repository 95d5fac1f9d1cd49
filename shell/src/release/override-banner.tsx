import { MESSAGES } from '@portal/shared-contracts/messages';
import styles from './override-banner.module.css';

interface OverrideBannerProps {
  overrides: readonly { remote: string; entry: string }[];
  /** Overrides this deployment does not accept: said out loud, never loaded. */
  refused?: readonly { remote: string; entry: string }[];
  onReset: () => void;
}

/** One overridden remote and the address its code comes from (the banner, the confirmation). */
export function OverrideEntry({ remote, entry }: { remote: string; entry: string }) {
  return (
    <li>
      <strong>{remote}</strong> → <code>{entry}</code>
    </li>
  );
}

/** Always visible while any remote is overridden, so nobody mistakes a dev build for the release. */
export function OverrideBanner({ overrides, refused = [], onReset }: OverrideBannerProps) {
  if (overrides.length === 0 && refused.length === 0) return null;
  return (
    <div className={styles.banner} role="status">
      <span className={styles.label}>{MESSAGES.shell.overrideBanner}</span>
      {overrides.length > 0 && (
        <ul className={styles.list}>
          {overrides.map((o) => (
            <OverrideEntry key={o.remote} remote={o.remote} entry={o.entry} />
          ))}
        </ul>
      )}
      {refused.length > 0 && (
        <ul className={styles.list} role="alert">
          {refused.map((o) => (
            <li key={o.remote} className={styles.refused}>
              {MESSAGES.shell.overrideRefused(o.remote, o.entry)}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className={styles.reset} onClick={onReset}>
        {MESSAGES.shell.resetOverrides}
      </button>
    </div>
  );
}
