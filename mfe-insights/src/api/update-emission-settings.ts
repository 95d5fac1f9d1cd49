import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient, EndpointInput } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshInsights } from './keys';

export type UpdateEmissionSettingsInput = Pick<EndpointInput<typeof insightsEndpoints.updateEmissionSettings>, 'params' | 'body'>;

/** PUT employers/{id}/emissions: whether the company's CO2 saved includes the well-to-tank factor. */
export function updateEmissionSettings(api: ApiClient, input: UpdateEmissionSettingsInput) {
  return api.call(insightsEndpoints.updateEmissionSettings, input);
}

export function useUpdateEmissionSettingsMutation() {
  return useApiMutation(updateEmissionSettings, refreshInsights);
}
