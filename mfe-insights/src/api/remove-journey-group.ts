import { journeyGroups as journeyGroupsEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshJourneyGroups } from './keys';

/** DELETE journey-groups/{id}: members leave the group; its trips stay in every figure, under no group. */
export function removeJourneyGroup(api: ApiClient, id: string) {
  return api.call(journeyGroupsEndpoints.remove, { params: { id } });
}

export function useRemoveJourneyGroupMutation() {
  return useApiMutation(removeJourneyGroup, refreshJourneyGroups);
}
