import { ENDPOINTS, type ApiClient, type EmployeeSignupForm } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/employers/{companyId}/employees: the account waits for the employer's approval. */
export function selfRegisterEmployee(api: ApiClient, { companyId, form }: { companyId: string; form: EmployeeSignupForm }) {
  return api.call(ENDPOINTS.employees.selfRegister, {
    params: { companyId },
    body: { ...form, company_id: companyId, isActive: false },
  });
}

export function useSelfRegisterEmployeeMutation() {
  return useApiMutation(selfRegisterEmployee);
}
