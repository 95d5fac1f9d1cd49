import { mayCall } from '@portal/shared-contracts/scheme';
import { useQuery } from '@tanstack/react-query';
import { dataRights as dataRightsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshAfterRemoval } from './remove-employee';

/** GET employees/{id}/export: everything the portal holds about the employee (audited by the api). */
export function exportEmployeeData(api: ApiClient, id: string) {
  return api.call(dataRightsEndpoints.exportEmployee, { params: { id } });
}

/** A download changes nothing the screens show, so there is nothing to invalidate. */
export function useExportEmployeeDataMutation() {
  return useApiMutation(exportEmployeeData);
}

/** POST employees/{id}/erase: irreversible; the employee's details are gone afterwards. */
export function eraseEmployee(api: ApiClient, id: string) {
  return api.call(dataRightsEndpoints.eraseEmployee, { params: { id }, body: { confirm: true } });
}

export function useEraseEmployeeMutation() {
  return useApiMutation(eraseEmployee, refreshAfterRemoval);
}

/**
 * The company's open erasure requests (few; not paged). Under the employees' keys, so an erasure
 * refreshes it. Not asked for by an admin limited to some offices: the data-rights calls are closed
 * to them (decision 0053), and the answer would be a 403.
 */
export function useErasureRequests() {
  const { api, session } = usePlatform();
  return useQuery({
    queryKey: ['employees', 'erasure-requests'] as const,
    queryFn: async ({ signal }) => (await api.call(dataRightsEndpoints.erasureRequests, {}, { signal })).requests,
    enabled: mayCall(session?.offices, [dataRightsEndpoints.erasureRequests.id]),
  });
}
