import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, ROUTES, usePlatform } from '@portal/shared-contracts';

export const forgotPasswordMutationKey = [ENDPOINTS.accounts.forgotPassword.id] as const;

/** POST accounts/forgot-password with the callback address of the reset screen (the server builds the link from its own configuration). */
export function useForgotPassword() {
  const { api, origin } = usePlatform();
  return useMutation({
    mutationKey: forgotPasswordMutationKey,
    mutationFn: (email: string) =>
      api.call(ENDPOINTS.accounts.forgotPassword, { body: { email, callbackUrl: `${origin}/#${ROUTES.resetPassword}` } }),
  });
}
