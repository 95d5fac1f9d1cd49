import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mail as mailEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';

/** The failed mails' pages. */
export const failedMailKeys = {
  all: ['failed-mail'] as const,
  page: (pageNumber: number, pageSize: number) => ['failed-mail', pageNumber, pageSize] as const,
};

/** GET mail/failed: one page of the mails given up on, newest first. */
export function getFailedMail(api: ApiClient, pageNumber: number, pageSize: number, signal?: AbortSignal) {
  return api.call(mailEndpoints.failed, { query: { pageNumber, pageSize } }, { signal });
}

export function failedMailQueryOptions(api: ApiClient, pageNumber: number, pageSize: number) {
  return queryOptions({ queryKey: failedMailKeys.page(pageNumber, pageSize), queryFn: ({ signal }) => getFailedMail(api, pageNumber, pageSize, signal) });
}

export function useFailedMail(pageNumber: number, pageSize: number) {
  const { api } = usePlatform();
  return useQuery({ ...failedMailQueryOptions(api, pageNumber, pageSize), placeholderData: keepPreviousData });
}

/** POST mail/failed/{id}/retry: the mail is queued again and leaves the list. */
export function retryFailedMail(api: ApiClient, id: string) {
  return api.call(mailEndpoints.retry, { params: { id } });
}

export function useRetryFailedMailMutation() {
  return useApiMutation(retryFailedMail, (queryClient) => queryClient.invalidateQueries({ queryKey: failedMailKeys.all }));
}
