import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, LIMITS, MESSAGES, type RosterDiff } from '@portal/shared-contracts';
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

  describe('replace the roster', () => {
    const diff = (over: Partial<RosterDiff> = {}): RosterDiff => ({
      fingerprint: 'f'.repeat(64),
      added: Array.from({ length: 120 }, (_, i) => ({ line: i + 2, email: `n${i}@acme.test`, firstName: `New${i}`, lastName: 'Person', employeeNumber: `N-${i}`, department: null })),
      changed: [{ line: 200, id: '00000000-0000-4000-8000-000000000001', email: 'bob@acme.test', name: 'Bob Baker', changes: [{ field: 'lastName', from: 'Baker', to: 'Brown' }] }],
      leaving: [{ id: '00000000-0000-4000-8000-000000000002', email: 'cat@acme.test', name: 'Cat Cole', employeeNumber: 'C-3' }],
      unchanged: 4,
      activeBefore: 6,
      needsLeavingConfirmation: false,
      errors: [],
      ...over,
    });

    it('previews the difference 50 rows at a time, then applies it with the fingerprint and shows the report', async () => {
      const file = csv();
      const onDone = vi.fn();
      const { user, call } = renderWithPlatform(<ImportCsvDialog open onOpenChange={() => {}} onDone={onDone} />, {
        handlers: {
          'employees.rosterPreview': () => ({ success: true, message: 'ok', diff: diff() }),
          'employees.rosterApply': () => ({ success: true, message: 'ok', report: diff() }),
        },
      });
      await user.click(screen.getByRole('radio', { name: MESSAGES.roster.modeReplace }));
      pick(file);
      await user.click(screen.getByRole('button', { name: MESSAGES.roster.preview }));
      expect(await screen.findByText(MESSAGES.roster.summary(120, 1, 1, 4))).toBeInTheDocument();
      const added = screen.getByRole('region', { name: MESSAGES.roster.sectionTitle(MESSAGES.roster.sections.added, 120) });
      expect(within(added).getAllByRole('row')).toHaveLength(51);
      await user.click(screen.getByRole('button', { name: MESSAGES.roster.showMore }));
      expect(within(added).getAllByRole('row')).toHaveLength(101);
      expect(screen.getByText(MESSAGES.roster.change('Last name', 'Baker', 'Brown'))).toBeInTheDocument();
      expect(callsTo(call, 'employees.rosterApply')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: MESSAGES.roster.apply }));
      expect(await screen.findByText(MESSAGES.roster.reportTitle(120, 1, 1))).toBeInTheDocument();
      const applied = callsTo(call, 'employees.rosterApply')[0] as { file: File; query: { fingerprint: string } };
      expect(applied.file).toBe(file);
      expect(applied.query.fingerprint).toBe('f'.repeat(64));
      await user.click(screen.getByRole('button', { name: MESSAGES.roster.done }));
      expect(onDone).toHaveBeenCalled();
    });

    it('asks for the confirmation when most employees would leave, and says to preview again when the roster moved on', async () => {
      const { user, call } = renderWithPlatform(<ImportCsvDialog open onOpenChange={() => {}} />, {
        handlers: {
          'employees.rosterPreview': () => ({ success: true, message: 'ok', diff: diff({ needsLeavingConfirmation: true, activeBefore: 1 }) }),
          'employees.rosterApply': () => {
            throw new ApiError(409, MESSAGES.roster.stale);
          },
        },
      });
      await user.click(screen.getByRole('radio', { name: MESSAGES.roster.modeReplace }));
      pick(csv());
      await user.click(screen.getByRole('button', { name: MESSAGES.roster.preview }));
      const apply = await screen.findByRole('button', { name: MESSAGES.roster.apply });
      expect(apply).toBeDisabled();
      await user.click(screen.getByRole('checkbox', { name: MESSAGES.roster.confirmLeaving(1, 1) }));
      await user.click(apply);
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.roster.stale);
      expect((callsTo(call, 'employees.rosterApply')[0] as { query: { confirmLeaving?: string } }).query.confirmLeaving).toBe('true');
      expect(screen.getByRole('button', { name: MESSAGES.roster.preview })).toBeEnabled();
    });

    it('is not offered during setup', () => {
      renderWithPlatform(<ImportCsvDialog open onOpenChange={() => {}} context="setup" />);
      expect(screen.queryByRole('radio', { name: MESSAGES.roster.modeReplace })).toBeNull();
    });
  });
});
