import { billing as billingEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointOutput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshBilling } from './keys';

export type CancelAnswer = EndpointOutput<typeof billingEndpoints.cancel>;

/** POST payment-billing/cancel: the subscription ends with the paid period; a second call changes nothing. */
export function cancelSubscription(api: ApiClient) {
  return api.call(billingEndpoints.cancel);
}

export function useCancelSubscriptionMutation() {
  // No input: an employer or admin changes their own company's subscription.
  return useApiMutation<void, CancelAnswer>(cancelSubscription, refreshBilling);
}
