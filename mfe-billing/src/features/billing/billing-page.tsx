import { MESSAGES } from '@portal/shared-contracts';
import { BillingInfo } from './billing-info';
import { PaymentHistory } from './payment-history';
import { StartSubscription } from './start-subscription-slot';
import styles from './billing.module.css';

/**
 * Payment and Billing (document 1, section 2): the billing information, the start of the
 * subscription while there is none (a free trial, or one that ended), then the payment history.
 */
export function BillingPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{MESSAGES.billing.title}</h1>
      <BillingInfo />
      <StartSubscription />
      <PaymentHistory />
    </div>
  );
}
