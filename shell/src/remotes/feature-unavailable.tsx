import { SHELL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell';
import type { RemoteId } from '@portal/shared-contracts/remotes';
import { Button } from '@portal/shared-ui/form';
import { remoteInfo } from './added-remotes';
import styles from './feature-unavailable.module.css';

interface FeatureUnavailableProps {
  remote: RemoteId;
  onRetry: () => void;
  /** Header widgets: one line, no card, so the header keeps its shape. */
  compact?: boolean;
  /** The remote is not in this portal's release (as opposed to failing). */
  notReleased?: boolean;
}

/**
 * What a remote slot shows in the feature's place. A remote this portal has not released is a
 * release decision: a calm note, nothing to retry. A released one that failed to load or to render
 * is a fault: an alert with Retry.
 */
export function FeatureUnavailable({ remote, onRetry, compact = false, notReleased = false }: FeatureUnavailableProps) {
  const feature = remoteInfo(remote)?.feature ?? remote;
  if (notReleased) {
    const text = MESSAGES.shell.featureNotReleased(feature);
    // A header widget stays out of sight; screen readers still hear why it is missing.
    if (compact) {
      return (
        <span className={styles.visuallyHidden} role="status" data-remote={remote}>
          {text}
        </span>
      );
    }
    return (
      <section className={styles.panel} role="status" data-remote={remote} data-state="not-released">
        <svg className={styles.calmIcon} width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
          <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 11v9l6 4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <p className={styles.text}>{text}</p>
        <p className={styles.hint}>{MESSAGES.shell.featureNotReleasedHint}</p>
      </section>
    );
  }
  const text = MESSAGES.common.featureUnavailable(feature);
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
    <section className={styles.panel} role="alert" data-remote={remote} data-state="failed">
      <svg className={styles.icon} width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="18" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 11v11M20 27.5v.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className={styles.text}>{text}</p>
      <p className={styles.hint}>{MESSAGES.shell.featureLoadFailedHint}</p>
      <Button variant="secondary" onClick={onRetry}>
        {MESSAGES.common.retry}
      </Button>
    </section>
  );
}
