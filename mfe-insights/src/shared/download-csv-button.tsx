import { Button } from '@portal/shared-ui/form';
import { MESSAGES, serverMessage, usePlatform } from '@portal/shared-contracts';

export interface DownloadCsvButtonProps {
  /** Fetches the file's text (an export endpoint's mutation). */
  download: () => Promise<string>;
  pending: boolean;
  /** Names the period the file holds, which is the period of the table beside it (e.g. "Download CSV (March 2026)"). */
  label: string;
  fileName: string;
}

/** Download CSV: fetches the export through the platform's client and hands it to the browser as a file. */
export function DownloadCsvButton({ download, pending, label, fileName }: DownloadCsvButtonProps) {
  const { toast } = usePlatform();
  const onClick = async () => {
    try {
      saveCsv(await download(), fileName);
    } catch (error) {
      toast.error(serverMessage(error, MESSAGES.insights.downloadFailed));
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={pending} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}

function saveCsv(text: string, fileName: string): void {
  // Reading the body as text drops the byte order mark the api sends; spreadsheet programs need it to read UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url));
}
