import { ENDPOINTS, usePlatform, type ApiClient, type LocationFields } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

export interface AddLocationInput {
  companyId: string;
  location: LocationFields;
}

/** POST employers/{id}/location; the answer carries the sign-up state (0 -> 1 on the first location). */
export function addLocation(api: ApiClient, { companyId, location }: AddLocationInput) {
  return api.call(ENDPOINTS.employers.addLocation, { params: { id: companyId }, body: location });
}

export function useAddLocation() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AddLocationInput) => addLocation(api, input),
    onSuccess: (_answer, input) => qc.invalidateQueries({ queryKey: employerKeys.company(input.companyId) }),
  });
}
