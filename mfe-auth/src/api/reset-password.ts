import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type ResetPasswordBody } from '@portal/shared-contracts';

export const resetPasswordMutationKey = [ENDPOINTS.accounts.resetPassword.id] as const;

/** POST accounts/reset-password: email, token (from the mailed link) and the new password. */
export function useResetPassword() {
  const { api } = usePlatform();
  return useMutation({
    mutationKey: resetPasswordMutationKey,
    mutationFn: (body: ResetPasswordBody) => api.call(ENDPOINTS.accounts.resetPassword, { body }),
  });
}
