import { MESSAGES, REMOTES, type RemoteId } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui';
import styles from './feature-unavailable.module.css';

interface FeatureUnavailableProps {
  remote: RemoteId;
  onRetry: () => void;
  /** Header widgets: one line, no card, so the header keeps its shape. */
  compact?: boolean;
  /** The remote is not in this portal's release (as opposed to failing). */
  notReleased?: boolean;
}

/** What a remote slot shows when its remote is not released, fails to load or throws while rendering. */
export function FeatureUnavailable({ remote, onRetry, compact = false, notReleased = false }: FeatureUnavailableProps) {
  const text = MESSAGES.common.featureUnavailable(REMOTES[remote].feature);
  if (compact && notReleased) {
    // A header widget whose remote is simply not released yet: nothing to retry and nothing to
    // alarm anyone with; screen readers still hear why the widget is missing.
    return (
      <span className={styles.visuallyHidden} role="status" data-remote={remote}>
        {text}
      </span>
    );
  }
  if (compact) {
    return (
      <span className={styles.compact} role="status" data-remote={remote}>
        <span className={styles.dot} aria-hidden="true" />
        <span className={styles.compactText}>{text}</span>
        <button type="button" className={styles.compactRetry} onClick={onRetry}>
          {MESSAGES.common.retry}
        </button>
      </span>
    );
  }
  return (
    <section className={styles.panel} role="alert" data-remote={remote}>
      <svg className={styles.icon} width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 11v11M20 27.5v.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={styles.text}>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        {MESSAGES.common.retry}
      </Button>
    </section>
  );
}
