import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** PUT employees/{id}/office: one of the company's offices, or null for "No office". */
export function setEmployeeOffice(api: ApiClient, { id, officeId }: { id: string; officeId: string | null }) {
  return api.call(employeesEndpoints.setOffice, { params: { id }, body: { officeId } });
}

export function useSetEmployeeOfficeMutation() {
  return useApiMutation(setEmployeeOffice, refreshEmployees);
}
