import { ENDPOINTS, type ApiClient, type EndpointInput } from '@portal/shared-contracts';
import { storeSavedCompany } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** PUT employers with the id in the body. */
export function updateCompany(api: ApiClient, body: EndpointInput<typeof ENDPOINTS.employers.update>['body']) {
  return api.call(ENDPOINTS.employers.update, { body });
}

export function useUpdateCompanyMutation() {
  return useApiMutation(updateCompany, storeSavedCompany);
}
