import { ENDPOINTS, usePlatform, type ApiClient, type LocationFields } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

export interface UpdateLocationInput {
  companyId: string;
  location: LocationFields & { id: string };
}

/** PUT employers/location with the location id in the body. */
export function updateLocation(api: ApiClient, { location }: UpdateLocationInput) {
  return api.call(ENDPOINTS.employers.updateLocation, { body: location });
}

export function useUpdateLocation() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateLocationInput) => updateLocation(api, input),
    onSuccess: (_answer, input) => qc.invalidateQueries({ queryKey: employerKeys.company(input.companyId) }),
  });
}
