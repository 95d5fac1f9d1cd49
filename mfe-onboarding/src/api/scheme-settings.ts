import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { schemeSettings as schemeSettingsEndpoints } from '@portal/shared-contracts/endpoints';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { ApiClient, EndpointOutput, SchemeSettingsBody } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { employerKeys } from './keys';

/** GET scheme-settings: the free trial's length and the support contact (super admins). */
export function getSchemeSettings(api: ApiClient, signal?: AbortSignal) {
  return api.call(schemeSettingsEndpoints.get, {}, { signal });
}

export function schemeSettingsQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: employerKeys.schemeSettings(), queryFn: ({ signal }) => getSchemeSettings(api, signal) });
}

export function useSchemeSettings() {
  const { api } = usePlatform();
  return useQuery(schemeSettingsQueryOptions(api));
}

export type SaveSchemeSettingsAnswer = EndpointOutput<typeof schemeSettingsEndpoints.update>;

/** PUT scheme-settings: the answer is the settings as saved. */
export function saveSchemeSettings(api: ApiClient, body: SchemeSettingsBody) {
  return api.call(schemeSettingsEndpoints.update, { body });
}

export function useSaveSchemeSettingsMutation() {
  return useApiMutation(saveSchemeSettings, (queryClient: QueryClient, answer: SaveSchemeSettingsAnswer) =>
    queryClient.setQueryData(employerKeys.schemeSettings(), answer.settings),
  );
}
