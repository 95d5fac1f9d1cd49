import { monthlyReports } from '@portal/shared-contracts/endpoints/monthly-reports';
import type { ApiClient } from '@portal/shared-contracts/platform';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST monthly-reports/unsubscribe with the mailed link's token: no session is needed for it. */
export function unsubscribe(api: ApiClient, token: string) {
  return api.call(monthlyReports.unsubscribe, { query: { token } });
}

export function useUnsubscribeMutation() {
  return useApiMutation(unsubscribe);
}
