import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { storeSavedCompany } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** PUT employers with the id in the body. */
export function updateCompany(api: ApiClient, body: EndpointInput<typeof employersEndpoints.update>['body']) {
  return api.call(employersEndpoints.update, { body });
}

export function useUpdateCompanyMutation() {
  return useApiMutation(updateCompany, storeSavedCompany);
}
