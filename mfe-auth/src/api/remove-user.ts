import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform } from '@portal/shared-contracts';
import { employerAdminsQueryKey } from './employer-admins';
import { superAdminsQueryKey } from './super-admins';

/** DELETE accounts/users/{id}; the removed user's sessions end on the server at once. */
export function useRemoveUser() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [ENDPOINTS.accounts.removeUser.id],
    mutationFn: (id: string) => api.call(ENDPOINTS.accounts.removeUser, { params: { id } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: superAdminsQueryKey }),
        queryClient.invalidateQueries({ queryKey: employerAdminsQueryKey('').slice(0, 1) }),
      ]);
    },
  });
}
