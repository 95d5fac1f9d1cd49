import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';

/**
 * The client-side checks of a CSV upload, the same the server makes: a file is chosen, it is
 * text/csv (by name when the browser reports no type), and it is at most 2 MB.
 */
export function checkCsvFile(file: File | null | undefined): string | null {
  if (!file) return MESSAGES.employees.csvSelect;
  const typeOk = file.type ? file.type === LIMITS.csvMimeType : /\.csv$/i.test(file.name);
  if (!typeOk) return MESSAGES.employees.csvType;
  if (file.size > LIMITS.csvMaxBytes) return MESSAGES.employees.csvSize;
  return null;
}
