import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshJourneyGroups } from './keys';

export type CreateJourneyGroupBody = EndpointInput<typeof ENDPOINTS.journeyGroups.create>['body'];

/** POST journey-groups: a group of the caller's company, its name unique there whatever the case. */
export function createJourneyGroup(api: ApiClient, body: CreateJourneyGroupBody) {
  return api.call(ENDPOINTS.journeyGroups.create, { body });
}

export function useCreateJourneyGroupMutation() {
  return useApiMutation(createJourneyGroup, refreshJourneyGroups);
}
