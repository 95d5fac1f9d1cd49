import type { QueryClient } from '@tanstack/react-query';
import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { employeeKeys } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** DELETE employees/{id}: immediate and irreversible. */
export function removeEmployee(api: ApiClient, id: string) {
  return api.call(employeesEndpoints.remove, { params: { id } });
}

/**
 * Refreshes every employee query but the removed employee's own details: asked for again while
 * its modal closes, they would only be the api's 404.
 */
export function refreshAfterRemoval(queryClient: QueryClient, _answer: unknown, id: string) {
  const removed = employeeKeys.detail(id);
  return queryClient.invalidateQueries({
    queryKey: employeeKeys.all,
    predicate: (query) => !removed.every((part, i) => query.queryKey[i] === part),
  });
}

export function useRemoveEmployeeMutation() {
  return useApiMutation(removeEmployee, refreshAfterRemoval);
}
