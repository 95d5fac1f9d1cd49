import { journeyGroups as journeyGroupsEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshJourneyGroups } from './keys';

export type UpdateJourneyGroupInput = Pick<EndpointInput<typeof journeyGroupsEndpoints.update>, 'params' | 'body'>;

/** PUT journey-groups/{id}: the new name; meeting points left out of the body stay as they are. */
export function updateJourneyGroup(api: ApiClient, input: UpdateJourneyGroupInput) {
  return api.call(journeyGroupsEndpoints.update, input);
}

export function useUpdateJourneyGroupMutation() {
  return useApiMutation(updateJourneyGroup, refreshJourneyGroups);
}
