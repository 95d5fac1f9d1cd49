import { lazy, Suspense } from 'react';
import { useBilling } from '../../api/get-billing';
import { subscriptionState } from './format';

// The form (react-hook-form, the contract's schema) is fetched only by a company that has something to start.
const StartSubscriptionForm = lazy(() => import('./start-subscription').then((m) => ({ default: m.StartSubscriptionForm })));

/** Start subscription, while the company is on its free trial or its subscription has ended; nothing otherwise. */
export function StartSubscription() {
  const billing = useBilling({});
  if (!billing.data) return null;
  const state = subscriptionState(billing.data);
  if (state !== 'trial' && state !== 'ended') return null;
  return (
    <Suspense fallback={null}>
      <StartSubscriptionForm billing={billing.data} />
    </Suspense>
  );
}
