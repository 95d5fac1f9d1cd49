import { reports as reportsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient, ReportingSettings, ReportingSettingsBody } from '@portal/shared-contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@portal/shared-ui/data';
import { employerKeys } from './keys';

const R = reportsEndpoints;

/** GET employers/{id}/reporting: the headcount and the month the reporting year starts. */
export function reportingSettingsQueryOptions(api: ApiClient, companyId: string) {
  return queryOptions({
    queryKey: employerKeys.reporting(companyId),
    queryFn: ({ signal }) => api.call(R.settings, { params: { id: companyId } }, { signal }),
  });
}

export function useReportingSettings(companyId: string | null | undefined) {
  const { api } = usePlatform();
  return useQuery({ ...reportingSettingsQueryOptions(api, companyId ?? ''), enabled: Boolean(companyId) });
}

/** The answer is the whole settings: they replace the cached ones. */
export function useSaveReportingSettings(companyId: string) {
  return useApiMutation(
    (api, body: ReportingSettingsBody) => api.call(R.updateSettings, { params: { id: companyId }, body }),
    (queryClient: QueryClient, answer: { settings: ReportingSettings }) => queryClient.setQueryData(employerKeys.reporting(companyId), answer.settings),
  );
}
