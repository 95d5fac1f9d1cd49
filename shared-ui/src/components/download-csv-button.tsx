import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { Button } from './button';

export interface DownloadCsvButtonProps {
  /** Fetches the file's text (an export endpoint's mutation). */
  download: () => Promise<string>;
  pending: boolean;
  /** Names what the file holds, e.g. the period of the table beside it ("Download CSV (March 2026)"). */
  label: string;
  fileName: string;
  /** The toast when the download fails and the server gave no reason. */
  failedText: string;
}

/** Download CSV: fetches the export through the platform's client and hands it to the browser as a file. */
export function DownloadCsvButton({ download, pending, label, fileName, failedText }: DownloadCsvButtonProps) {
  const { toast } = usePlatform();
  const onClick = async () => {
    try {
      saveCsv(await download(), fileName);
    } catch (error) {
      toast.error(serverMessage(error, failedText));
    }
  };
  return (
    <Button variant="secondary" size="sm" loading={pending} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}

/** Hands a CSV text to the browser as a file download. */
export function saveCsv(text: string, fileName: string): void {
  // Reading the body as text drops the byte order mark the api sends; spreadsheet programs need it to read UTF-8.
  saveFile(['\uFEFF', text], 'text/csv;charset=utf-8', fileName);
}

/** Hands a JSON document to the browser as a file download, indented for a person to read. */
export function saveJson(data: unknown, fileName: string): void {
  saveFile([JSON.stringify(data, null, 2)], 'application/json', fileName);
}

function saveFile(parts: BlobPart[], type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url));
}
