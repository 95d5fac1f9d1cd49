import { journeyGroups as journeyGroupsEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshJourneyGroups } from './keys';

export type CreateJourneyGroupBody = EndpointInput<typeof journeyGroupsEndpoints.create>['body'];

/** POST journey-groups: a group of the caller's company, its name unique there whatever the case. */
export function createJourneyGroup(api: ApiClient, body: CreateJourneyGroupBody) {
  return api.call(journeyGroupsEndpoints.create, { body });
}

export function useCreateJourneyGroupMutation() {
  return useApiMutation(createJourneyGroup, refreshJourneyGroups);
}
