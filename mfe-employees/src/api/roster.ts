import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { useApiMutation } from '@portal/shared-ui/data';
import { refreshEmployees } from './keys';

/** POST employees/roster/preview (multipart field file): the difference the file would make; nothing changes. */
export function previewRoster(api: ApiClient, { file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) {
  return api.call(employeesEndpoints.rosterPreview, { file }, onProgress ? { onUploadProgress: onProgress } : {});
}

/** POST employees/roster/apply: the same file with the preview's fingerprint; all or nothing. */
export function applyRoster(api: ApiClient, { file, fingerprint, confirmLeaving }: { file: File; fingerprint: string; confirmLeaving: boolean }) {
  return api.call(employeesEndpoints.rosterApply, { file, query: { fingerprint, ...(confirmLeaving ? { confirmLeaving: 'true' as const } : {}) } });
}

export function usePreviewRosterMutation() {
  return useApiMutation(previewRoster);
}

export function useApplyRosterMutation() {
  return useApiMutation(applyRoster, refreshEmployees);
}
