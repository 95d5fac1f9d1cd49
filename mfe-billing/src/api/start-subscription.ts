import { billing as billingEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointOutput, StartSubscriptionBody } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshAfterStart } from './keys';

export type StartAnswer = EndpointOutput<typeof billingEndpoints.start>;

/** POST payment-billing/start: the employer's acceptance of the plan with the payment method chosen. */
export function startSubscription(api: ApiClient, body: StartSubscriptionBody) {
  return api.call(billingEndpoints.start, { body });
}

export function useStartSubscriptionMutation() {
  return useApiMutation<StartSubscriptionBody, StartAnswer>(startSubscription, refreshAfterStart);
}
