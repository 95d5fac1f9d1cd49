import { monthlyReports } from '@portal/shared-contracts/endpoints/monthly-reports';
import type { ApiClient } from '@portal/shared-contracts/platform';
import { usePublicCall } from './use-public-call';

/** POST monthly-reports/unsubscribe with the mailed link's token: no session is needed for it. */
export function unsubscribe(api: ApiClient, token: string) {
  return api.call(monthlyReports.unsubscribe, { query: { token } });
}

/** A public page's call: no react-query on its first visit (use-public-call.ts). */
export function useUnsubscribeMutation() {
  return usePublicCall(unsubscribe);
}
