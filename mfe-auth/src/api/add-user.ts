import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform, type AddUserBody } from '@portal/shared-contracts';
import { employerAdminsQueryKey } from './employer-admins';
import { superAdminsQueryKey } from './super-admins';

/** POST accounts/users/add; refreshes both admin lists. */
export function useAddUser() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [ENDPOINTS.accounts.addUser.id],
    mutationFn: (body: AddUserBody) => api.call(ENDPOINTS.accounts.addUser, { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: superAdminsQueryKey }),
        queryClient.invalidateQueries({ queryKey: employerAdminsQueryKey('').slice(0, 1) }),
      ]);
    },
  });
}
