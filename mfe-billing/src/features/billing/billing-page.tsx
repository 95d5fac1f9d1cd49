import { MESSAGES } from '@portal/shared-contracts/messages';
import { Page } from '@portal/shared-ui/data-display';
import { BillingInfo } from './billing-info';
import { PaymentHistory } from './payment-history';
import { StartSubscription } from './start-subscription-slot';

/**
 * Payment and Billing (document 1, section 2): the billing information, the start of the
 * subscription while there is none (a free trial, or one that ended), then the payment history.
 */
export function BillingPage() {
  return (
    <Page title={MESSAGES.billing.title} spacing="lg">
      <BillingInfo />
      <StartSubscription />
      <PaymentHistory />
    </Page>
  );
}
