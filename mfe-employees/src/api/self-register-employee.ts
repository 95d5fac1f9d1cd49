import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type EmployeeSignupForm } from '@portal/shared-contracts';

/** POST employees/employers/{companyId}/employees: the account waits for the employer's approval. */
export function useSelfRegisterEmployee() {
  const { api } = usePlatform();
  return useMutation({
    mutationFn: ({ companyId, form }: { companyId: string; form: EmployeeSignupForm }) =>
      api.call(ENDPOINTS.employees.selfRegister, {
        params: { companyId },
        body: { ...form, company_id: companyId, isActive: false },
      }),
  });
}
