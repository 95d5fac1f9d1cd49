import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, LIMITS, MESSAGES } from '@portal/shared-contracts';
import { callsTo, renderWithPlatform } from '@portal/testing';
import { ImportCsvDialog } from './import-csv-dialog';

function pick(file: File) {
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}
const csv = (name = 'staff.csv', type = 'text/csv', size = 64) => new File(['x'.repeat(size)], name, { type });

describe('Import CSV dialog', () => {
  it('offers the template and checks the file before uploading', async () => {
    const { user, call } = renderWithPlatform(<ImportCsvDialog open onOpenChange={() => {}} />);
    expect(screen.getByRole('link', { name: /employees\.csv/ })).toHaveAttribute('href', '/employees.csv');
    expect(screen.getByLabelText('CSV file')).toHaveAttribute('accept', '.csv,text/csv');

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.employees.csvSelect);

    pick(csv('staff.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.employees.csvType);

    pick(csv('notes.txt', ''));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.employees.csvType);

    pick(csv('big.csv', 'text/csv', LIMITS.csvMaxBytes + 1));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.employees.csvSize);

    expect(callsTo(call, 'employees.csvImport')).toHaveLength(0);
  });

  it('uploads with progress, then toasts and calls onDone', async () => {
    const onDone = vi.fn();
    const onOpenChange = vi.fn();
    const file = csv();
    const { user, call, toast } = renderWithPlatform(<ImportCsvDialog open onOpenChange={onOpenChange} onDone={onDone} />, {
      handlers: {
        'employees.csvImport': (_input, options) => {
          (options as { onUploadProgress?: (f: number) => void }).onUploadProgress?.(0.5);
          return { success: true, message: 'ok', count: 3 };
        },
      },
    });
    pick(file);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.csvSuccess);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(callsTo(call, 'employees.csvImport')[0]?.file).toBe(file);
  });

  it('lists the per-row report when the server refuses the file', async () => {
    const errors = Array.from({ length: 40 }, (_, i) => ({ line: i + 2, field: 'email', message: `Invalid email format (row ${i + 2})` }));
    const { user, toast } = renderWithPlatform(<ImportCsvDialog open onOpenChange={() => {}} />, {
      handlers: {
        'employees.csvImport': () => {
          throw new ApiError(422, 'The file has 40 invalid rows.', errors);
        },
      },
    });
    pick(csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const region = await screen.findByRole('region', { name: MESSAGES.csvImport.reportRegion });
    // Said once: how many, then each problem in the report, the field in plain words; no toast repeats it.
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.csvImport.reportTitle(40));
    expect(toast.error).not.toHaveBeenCalled();
    const rows = within(region).getAllByRole('row');
    expect(rows).toHaveLength(41);
    expect(within(rows[1]!).getByText('2')).toBeInTheDocument();
    expect(within(rows[1]!).getByText(MESSAGES.csvImport.fields.email!)).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invalid email format (row 2)')).toBeInTheDocument();
    expect(screen.getAllByText('Invalid email format (row 2)')).toHaveLength(1);
  });

  it('during setup a duplicate-user refusal reads "User/s already exists."', async () => {
    const { user, toast } = renderWithPlatform(<ImportCsvDialog open onOpenChange={() => {}} context="setup" />, {
      handlers: {
        'employees.csvImport': () => {
          throw new ApiError(409, MESSAGES.employees.usersExistServer, [{ line: 3, field: 'email', message: 'Already registered' }]);
        },
      },
    });
    pick(csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.employees.usersExist);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByText('Already registered')).toBeInTheDocument();
  });
});
