import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { storeSavedCompany } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers: creates the caller's company (setup step 1 in add mode). */
export function createCompany(api: ApiClient, body: EndpointInput<typeof employersEndpoints.create>['body']) {
  return api.call(employersEndpoints.create, { body });
}

export function useCreateCompanyMutation() {
  return useApiMutation(createCompany, storeSavedCompany);
}
