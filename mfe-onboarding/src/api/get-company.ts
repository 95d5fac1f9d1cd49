import { usePlatform } from '@portal/shared-contracts/platform';
import { companyQueryOptions } from '@portal/shared-ui/data';
import { useQuery } from '@tanstack/react-query';

/**
 * The company, or nothing while there is no company id yet (setup step 1 in add mode). Its query is
 * every remote's (shared-ui): the office selects read the same cache entry.
 */
export function useCompany(id: string | null | undefined, options: { enabled?: boolean } = {}) {
  const { api } = usePlatform();
  return useQuery({ ...companyQueryOptions(api, id ?? ''), enabled: Boolean(id) && options.enabled !== false });
}
