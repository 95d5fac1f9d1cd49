import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type LoginBody } from '@portal/shared-contracts';

export const loginMutationKey = [ENDPOINTS.accounts.login.id] as const;

/** POST accounts/login. The answer goes to `platform.auth.signIn`, which routes by role and state. */
export function useLogin() {
  const { api } = usePlatform();
  return useMutation({
    mutationKey: loginMutationKey,
    mutationFn: (body: LoginBody) => api.call(ENDPOINTS.accounts.login, { body }),
  });
}
