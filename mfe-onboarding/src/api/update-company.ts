import { ENDPOINTS, usePlatform, type ApiClient, type CompanyFields } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

export type UpdateCompanyInput = CompanyFields & { id: string };

/** PUT employers with the id in the body. */
export function updateCompany(api: ApiClient, body: UpdateCompanyInput) {
  return api.call(ENDPOINTS.employers.update, { body });
}

export function useUpdateCompany() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCompanyInput) => updateCompany(api, body),
    onSuccess: (answer) => {
      qc.setQueryData(employerKeys.company(answer.id), answer.company);
      return qc.invalidateQueries({ queryKey: employerKeys.lists() });
    },
  });
}
