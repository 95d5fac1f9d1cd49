import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type RegisterBody } from '@portal/shared-contracts';

export const registerMutationKey = [ENDPOINTS.accounts.register.id] as const;

/** POST accounts/register with role Employer; answers the same shape as login (token included). */
export function useRegister() {
  const { api } = usePlatform();
  return useMutation({
    mutationKey: registerMutationKey,
    mutationFn: (body: Omit<RegisterBody, 'role'>) => api.call(ENDPOINTS.accounts.register, { body: { ...body, role: 'Employer' } }),
  });
}
