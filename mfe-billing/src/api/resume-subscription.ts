import { billing as billingEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointOutput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshBilling } from './keys';

export type ResumeAnswer = EndpointOutput<typeof billingEndpoints.resume>;

/** POST payment-billing/resume: undoes a pending cancellation before the paid period ends. */
export function resumeSubscription(api: ApiClient) {
  return api.call(billingEndpoints.resume);
}

export function useResumeSubscriptionMutation() {
  // No input: an employer or admin changes their own company's subscription.
  return useApiMutation<void, ResumeAnswer>(resumeSubscription, refreshBilling);
}
