import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, usePlatform } from '@portal/shared-contracts';
import { employeeKeys } from './keys';

/** POST employees/csv-import (multipart field file), reporting upload progress 0..1. */
export function useImportEmployeesCsv() {
  const { api } = usePlatform();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) =>
      api.call(ENDPOINTS.employees.csvImport, { file }, onProgress ? { onUploadProgress: onProgress } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
