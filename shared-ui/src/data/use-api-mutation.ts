import { usePlatform, type ApiClient } from '@portal/shared-contracts/platform';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * The mutation of one endpoint file in a remote: `call` is the file's fetcher, `refresh` brings the
 * cache up to date from the answer (invalidating by the keys in the remote's `keys.ts`), so
 * `mutateAsync` settles only once it has.
 */
export function useApiMutation<TInput, TAnswer>(
  call: (api: ApiClient, input: TInput) => Promise<TAnswer>,
  refresh?: (queryClient: QueryClient, answer: TAnswer, input: TInput) => unknown,
) {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => call(api, input),
    onSuccess: (answer, input) => refresh?.(queryClient, answer, input),
  });
}
