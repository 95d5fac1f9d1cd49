import { Badge } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import styles from './shared.module.css';

/** "Qualified", or the in-progress icon the spec draws, named for screen readers and on hover. */
export function IncentiveStatus({ qualified }: { qualified: boolean }) {
  if (qualified) return <Badge tone="success">{MESSAGES.labels.qualified}</Badge>;
  return (
    <span className={styles.inProgress} role="img" aria-label={MESSAGES.insights.inProgress} title={MESSAGES.insights.inProgress}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
