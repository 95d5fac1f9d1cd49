import { ENDPOINTS, type ApiClient, type EndpointOutput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshBilling } from './keys';

export type ResumeAnswer = EndpointOutput<typeof ENDPOINTS.billing.resume>;

/** POST payment-billing/resume: undoes a pending cancellation before the paid period ends. */
export function resumeSubscription(api: ApiClient) {
  return api.call(ENDPOINTS.billing.resume);
}

export function useResumeSubscriptionMutation() {
  // No input: an employer or admin changes their own company's subscription.
  return useApiMutation<void, ResumeAnswer>(resumeSubscription, refreshBilling);
}
