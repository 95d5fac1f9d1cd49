import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '@portal/shared-contracts';
import { renderWithPlatform } from '@portal/testing';
import { DownloadCsvButton } from './download-csv-button';

describe('DownloadCsvButton', () => {
  it('hands the text to the browser as a UTF-8 file with a byte order mark, under its name', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithPlatform(
      <DownloadCsvButton label="Download CSV (May 2026)" download={() => Promise.resolve('Name\r\nZoë\r\n')} pending={false} fileName="people-2026-05.csv" failedText="No file." />,
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV (May 2026)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('people-2026-05.csv');
    expect(link.isConnected).toBe(false);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(new Uint8Array(await blob.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    click.mockRestore();
  });

  it("says why a download failed: the server's reason, or the caller's words", async () => {
    let reason: Error = new ApiError(403, 'Only an employer may export.');
    const { user, toast } = renderWithPlatform(
      <DownloadCsvButton label="Download CSV" download={() => Promise.reject(reason)} pending={false} fileName="x.csv" failedText="The CSV file could not be downloaded." />,
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Only an employer may export.'));
    reason = new TypeError('Failed to fetch');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The CSV file could not be downloaded.'));
  });
});
