import { ENDPOINTS, type ApiClient, type EndpointOutput, type StartSubscriptionBody } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshAfterStart } from './keys';

export type StartAnswer = EndpointOutput<typeof ENDPOINTS.billing.start>;

/** POST payment-billing/start: the employer's acceptance of the plan with the payment method chosen. */
export function startSubscription(api: ApiClient, body: StartSubscriptionBody) {
  return api.call(ENDPOINTS.billing.start, { body });
}

export function useStartSubscriptionMutation() {
  return useApiMutation<StartSubscriptionBody, StartAnswer>(startSubscription, refreshAfterStart);
}
