import { ENDPOINTS, usePlatform, type ApiClient } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

export interface DeleteLocationInput {
  companyId: string;
  locationId: string;
}

/** DELETE employers/location/{id}. */
export function deleteLocation(api: ApiClient, { locationId }: DeleteLocationInput) {
  return api.call(ENDPOINTS.employers.deleteLocation, { params: { id: locationId } });
}

export function useDeleteLocation() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteLocationInput) => deleteLocation(api, input),
    onSuccess: (_answer, input) => qc.invalidateQueries({ queryKey: employerKeys.company(input.companyId) }),
  });
}
