import { ENDPOINTS, usePlatform, type ApiClient, type CompanyFields } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

/** POST employers: creates the caller's company (setup step 1 in add mode). */
export function createCompany(api: ApiClient, body: CompanyFields) {
  return api.call(ENDPOINTS.employers.create, { body });
}

export function useCreateCompany() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyFields) => createCompany(api, body),
    onSuccess: (answer) => {
      qc.setQueryData(employerKeys.company(answer.id), answer.company);
      return qc.invalidateQueries({ queryKey: employerKeys.lists() });
    },
  });
}
