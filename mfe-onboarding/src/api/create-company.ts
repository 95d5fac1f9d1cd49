import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { storeSavedCompany } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employers: creates the caller's company (setup step 1 in add mode). */
export function createCompany(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.employers.create>['body']) {
  return api.call(ENDPOINTS.employers.create, { body });
}

export function useCreateCompanyMutation() {
  return useApiMutation(createCompany, storeSavedCompany);
}
