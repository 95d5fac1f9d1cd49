import { MESSAGES } from '@portal/shared-contracts/messages';
import type { SubscriptionSummary } from '@portal/shared-contracts';
import { Badge, type BadgeTone } from '@portal/shared-ui/data-display';
import styles from './all-employers-page.module.css';

const S = MESSAGES.billing.summary;
const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' });
const formatDay = (iso: string) => day.format(new Date(iso));

/** What a company's trial or subscription says in one badge, and how loudly. */
export function subscriptionLabel(summary: SubscriptionSummary | null): { text: string; tone: BadgeTone } {
  if (!summary) return { text: S.none, tone: 'neutral' };
  const until = formatDay(summary.until);
  if (summary.status === 'Trial') {
    if (summary.trialState === 'running') return { text: S.trial(until), tone: 'info' };
    if (summary.trialState === 'ended') return { text: S.trialEnded(until), tone: 'warning' };
    return { text: S.restricted, tone: 'danger' };
  }
  if (summary.status === 'Cancelled') return { text: S.cancelled, tone: 'neutral' };
  return summary.cancelAtPeriodEnd ? { text: S.ending(until), tone: 'warning' } : { text: S.active, tone: 'success' };
}

export function SubscriptionBadge({ summary }: { summary: SubscriptionSummary | null }) {
  const { text, tone } = subscriptionLabel(summary);
  return (
    <Badge tone={tone} className={styles.nowrap}>
      {text}
    </Badge>
  );
}
