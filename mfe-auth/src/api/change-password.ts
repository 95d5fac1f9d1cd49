import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ChangePasswordBody } from '@portal/shared-contracts';

export const changePasswordMutationKey = [ENDPOINTS.accounts.changePassword.id] as const;

/** POST accounts/change-password. The server ends every session of the user on success. */
export function useChangePassword() {
  const { api } = usePlatform();
  return useMutation({
    mutationKey: changePasswordMutationKey,
    mutationFn: (body: ChangePasswordBody) => api.call(ENDPOINTS.accounts.changePassword, { body }),
  });
}
