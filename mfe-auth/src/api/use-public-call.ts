import { useCallback, useRef, useState } from 'react';
import { usePlatform, type ApiClient } from '@portal/shared-contracts/platform';

/**
 * The one call of a public page's form (sign-up, forgot and reset password, unsubscribe): what
 * `useApiMutation` gives those forms (`mutateAsync`, `isPending`, `isSuccess`) without react-query.
 * A visitor signed out has no cache to refresh, so the query layer (about 13 KB gzip and its
 * start-up work) stays off these first visits, as on the login page (docs/decisions/0060).
 */
export function usePublicCall<TInput, TAnswer>(call: (api: ApiClient, input: TInput) => Promise<TAnswer>) {
  const { api } = usePlatform();
  const [state, setState] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const latest = useRef(0);
  const mutateAsync = useCallback(
    async (input: TInput): Promise<TAnswer> => {
      const id = (latest.current += 1);
      setState('pending');
      try {
        const answer = await call(api, input);
        if (id === latest.current) setState('success');
        return answer;
      } catch (error) {
        if (id === latest.current) setState('error');
        throw error;
      }
    },
    [api, call],
  );
  return { mutateAsync, isPending: state === 'pending', isSuccess: state === 'success', isError: state === 'error' };
}
