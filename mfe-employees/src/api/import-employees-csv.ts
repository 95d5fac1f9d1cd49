import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import type { ApiClient } from '@portal/shared-contracts';
import { refreshEmployees } from './keys';
import { useApiMutation } from '@portal/shared-ui/data';

/** POST employees/csv-import (multipart field file), reporting upload progress 0..1. */
export function importEmployeesCsv(api: ApiClient, { file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) {
  return api.call(employeesEndpoints.csvImport, { file }, onProgress ? { onUploadProgress: onProgress } : {});
}

export function useImportEmployeesCsvMutation() {
  return useApiMutation(importEmployeesCsv, refreshEmployees);
}
