import { ENDPOINTS, usePlatform, type ApiClient, type IncentiveForm } from '@portal/shared-contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employerKeys } from './keys';

export interface SaveIncentiveInput {
  companyId: string;
  incentive: IncentiveForm;
}

/** POST /incentives/employers/{id}/incentive; the answer carries the sign-up state (1 -> 2). */
export function saveIncentive(api: ApiClient, { companyId, incentive }: SaveIncentiveInput) {
  return api.call(ENDPOINTS.employers.saveIncentive, { params: { id: companyId }, body: incentive });
}

export function useSaveIncentive() {
  const { api } = usePlatform();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveIncentiveInput) => saveIncentive(api, input),
    onSuccess: (answer, input) => {
      qc.setQueryData(employerKeys.incentive(input.companyId), answer.incentive);
      return qc.invalidateQueries({ queryKey: employerKeys.company(input.companyId) });
    },
  });
}
