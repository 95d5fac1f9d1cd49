import { monthlyReports as monthlyReportsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@portal/shared-ui/data';
import { employerKeys } from './keys';

const M = monthlyReportsEndpoints;

/** GET monthly-reports/recipients: the caller's company's recipients with each one's latest delivery. */
export function useMonthlyReportRecipients(companyId: string | null | undefined) {
  const { api } = usePlatform();
  return useQuery({
    queryKey: employerKeys.monthlyReports(companyId ?? ''),
    queryFn: ({ signal }) => api.call(M.recipients, {}, { signal }),
    enabled: Boolean(companyId),
  });
}

export function useAddMonthlyReportRecipient(companyId: string) {
  return useApiMutation(
    (api, email: string) => api.call(M.addRecipient, { body: { email } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.monthlyReports(companyId) }),
  );
}

export function useRemoveMonthlyReportRecipient(companyId: string) {
  return useApiMutation(
    (api, id: string) => api.call(M.removeRecipient, { params: { id } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.monthlyReports(companyId) }),
  );
}

/** PUT monthly-reports/time-zone: the company's time zone, which decides when its first working day begins. */
export function useSetMonthlyReportTimeZone(companyId: string) {
  return useApiMutation(
    (api, timeZone: string) => api.call(M.setTimeZone, { body: { timeZone } }),
    (queryClient) => queryClient.invalidateQueries({ queryKey: employerKeys.monthlyReports(companyId) }),
  );
}
