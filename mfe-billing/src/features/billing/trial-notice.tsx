import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { Button } from '@portal/shared-ui/form';
import { useBilling } from '../../api/get-billing';
import { formatDay, subscriptionState } from './format';
import styles from './trial-notice.module.css';

const COPY = MESSAGES.billing.notice;

/**
 * The line above every employer page while the company is on its free trial: how long is left, then,
 * once it has ended, what happens when and the way to Payment and Billing (docs/decisions/0033).
 * It says nothing otherwise (a subscription, a company in setup, a failed read), and leaves the link
 * out on Payment and Billing itself.
 */
export function TrialNotice() {
  const { navigate, location } = usePlatform();
  const billing = useBilling({});
  const trial = billing.data && subscriptionState(billing.data) === 'trial' ? billing.data.trial : null;
  if (!trial) return null;
  const text =
    trial.state === 'running'
      ? COPY.running(MESSAGES.billing.daysLeft(trial.daysLeft), formatDay(trial.endsAt))
      : trial.state === 'ended'
        ? COPY.ended(formatDay(trial.graceEndsAt))
        : COPY.restricted;
  return (
    <aside className={styles.notice} data-state={trial.state} aria-label={COPY.label}>
      <p className={styles.text}>{text}</p>
      {location.pathname === ROUTES.payment ? null : (
        <Button size="sm" variant={trial.state === 'running' ? 'secondary' : 'primary'} onClick={() => navigate(ROUTES.payment)}>
          {COPY.action}
        </Button>
      )}
    </aside>
  );
}
