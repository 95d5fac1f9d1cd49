import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EmployeeSignupForm } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/employers/{companyId}/employees: the account waits for the employer's approval. */
export function selfRegisterEmployee(api: ApiClient, { companyId, officeId = null, form }: { companyId: string; officeId?: string | null; form: EmployeeSignupForm }) {
  return api.call(employeesEndpoints.selfRegister, {
    params: { companyId },
    // An office's link names its office; the company's own link sends none (the spec's payload).
    body: { ...form, company_id: companyId, isActive: false, ...(officeId ? { officeId } : {}) },
  });
}

export function useSelfRegisterEmployeeMutation() {
  return useApiMutation(selfRegisterEmployee);
}
