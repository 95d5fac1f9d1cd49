import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button, TextField, VisuallyHidden } from '@portal/shared-ui/form';
import { Card, Page, TableRoot, Td, Th, Tr } from '@portal/shared-ui/data-display';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { LIMITS, SignUpState } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import type { FieldError } from '@portal/shared-contracts';
import { useBulkAddEmployeesMutation } from '../../api/bulk-add-employees';
import { emptyRow, manualRowsFormSchema, ROW_FIELDS, type ManualRowsForm, type ManualRowsFormInput, type RowField } from './manual-rows-schema';
import styles from './add-manually-page.module.css';

const COLUMNS: { field: RowField; label: string; type: string; max: number; autoComplete: string }[] = [
  { field: 'firstName', label: MESSAGES.employeeScreens.manualColumns.firstName, type: 'text', max: LIMITS.manualRow.nameMax, autoComplete: 'off' },
  { field: 'lastName', label: MESSAGES.employeeScreens.manualColumns.lastName, type: 'text', max: LIMITS.manualRow.nameMax, autoComplete: 'off' },
  { field: 'email', label: MESSAGES.employeeScreens.manualColumns.email, type: 'email', max: LIMITS.manualRow.emailMax, autoComplete: 'off' },
  { field: 'employeeNumber', label: MESSAGES.employeeScreens.manualColumns.employeeNumber, type: 'text', max: LIMITS.manualRow.employeeNumberMax, autoComplete: 'off' },
  { field: 'department', label: MESSAGES.employeeScreens.manualColumns.department, type: 'text', max: LIMITS.manualRow.departmentMax, autoComplete: 'off' },
];

/** Where a server error points: its 1-based `line`, or a path like `employees.2.email`. */
function locate(e: FieldError): { index: number; field: string } | null {
  const path = /^employees\.(\d+)\.(\w+)$/.exec(e.field);
  if (path) return { index: Number(path[1]), field: path[2] ?? '' };
  if (e.line && e.line > 0) return { index: e.line - 1, field: e.field };
  return null;
}

/** Add employees by typing rows; nothing is sent until every row is valid. */
export function AddManuallyPage() {
  const { navigate, toast, session } = usePlatform();
  // Reached from setup step 3: the employees added finish the setup, on the account-completed page.
  const done = session?.signUpState === SignUpState.SetUpEmployee ? ROUTES.accountCompleted : ROUTES.employeeManagement;
  const add = useBulkAddEmployeesMutation();
  const [rowNotes, setRowNotes] = useState<string[]>([]);
  const form = useForm<ManualRowsFormInput, unknown, ManualRowsForm>({
    resolver: zodResolver(manualRowsFormSchema),
    defaultValues: { employees: [emptyRow()] },
    mode: 'onTouched',
  });
  const rows = useFieldArray({ control: form.control, name: 'employees' });
  // The rows on screen at the last Submit: their errors show at once, a row added later waits until touched.
  const [submittedRows, setSubmittedRows] = useState<ReadonlySet<string>>(new Set());
  const { errors, touchedFields } = form.formState;
  // Adding or removing a row validates the whole list, so an error is only shown once its field was
  // left or its row submitted: a fresh row is not all red, and leaving the last field as Submit is
  // pressed does not remove an error line and move the button from under the pointer.
  const errorOf = (i: number, field: RowField) => {
    const id = rows.fields[i]?.id;
    const shown = touchedFields.employees?.[i]?.[field] === true || (id !== undefined && submittedRows.has(id));
    return shown ? errors.employees?.[i]?.[field]?.message : undefined;
  };

  const submitRows = form.handleSubmit(async ({ employees }) => {
    setRowNotes([]);
    try {
      await add.mutateAsync(employees);
      toast.success(MESSAGES.employees.manualAdded);
      navigate(done);
    } catch (err) {
      toast.error(MESSAGES.employees.manualFailed(serverMessage(err, MESSAGES.common.unknownError)));
      if (!isApiError(err)) return;
      const notes: string[] = [];
      for (const e of err.errors) {
        const at = locate(e);
        if (at && at.index < employees.length && (ROW_FIELDS as readonly string[]).includes(at.field)) {
          form.setError(`employees.${at.index}.${at.field as RowField}`, { type: 'server', message: e.message }, { shouldFocus: notes.length === 0 });
        } else {
          notes.push(at ? `Row ${at.index + 1}: ${e.message}` : e.message);
        }
      }
      setRowNotes(notes);
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSubmittedRows(new Set(rows.fields.map((row) => row.id)));
    return submitRows(event);
  };

  // Routed in the setup area only, whose shell layout leaves the main landmark to its pages (as the
  // setup steps of mfe-onboarding do).
  return (
    <main>
      <Page
        title={MESSAGES.employees.addManuallyTitle}
        intro={MESSAGES.employeeScreens.addIntro}
        actions={
          <Button variant="link" onClick={() => navigate(ROUTES.employeeManagement)}>
            {MESSAGES.employeeScreens.backToList}
          </Button>
        }
        className={styles.page}
      >

        <Card padded={false} className={styles.card}>
          <form onSubmit={onSubmit} noValidate>
            <TableRoot caption={MESSAGES.employeeScreens.rowsCaption} hideCaption>
              <thead>
                <tr>
                  <Th className={styles.numCol}>#</Th>
                  {COLUMNS.map((c) => (
                    <Th key={c.field}>{c.label}</Th>
                  ))}
                  <Th className={styles.removeCol}>
                    <VisuallyHidden>{MESSAGES.labels.remove}</VisuallyHidden>
                  </Th>
                </tr>
              </thead>
              <tbody>
                {rows.fields.map((row, i) => (
                  <Tr key={row.id}>
                    <Td className={styles.numCol}>{i + 1}</Td>
                    {COLUMNS.map((c) => (
                      <Td key={c.field} className={styles.cell}>
                        <TextField
                          label={MESSAGES.employeeScreens.cellLabel(c.label, i + 1)}
                          hideLabel
                          type={c.type}
                          placeholder={c.label}
                          autoComplete={c.autoComplete}
                          maxLength={c.max + 20}
                          error={errorOf(i, c.field)}
                          {...form.register(`employees.${i}.${c.field}`)}
                        />
                      </Td>
                    ))}
                    <Td className={styles.removeCol}>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => rows.remove(i)}
                        disabled={rows.fields.length === 1 || add.isPending}
                        aria-label={MESSAGES.employeeScreens.removeRow(i + 1)}
                      >
                        {MESSAGES.labels.remove}
                      </Button>
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </TableRoot>

            {rowNotes.length > 0 && (
              <ul className={styles.notes} role="alert">
                {rowNotes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            )}

            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => rows.append(emptyRow())} disabled={add.isPending}>
                {MESSAGES.employeeScreens.addRow}
              </Button>
              <span className={styles.spacer} />
              <Button variant="secondary" onClick={() => navigate(ROUTES.employeeManagement)} disabled={add.isPending}>
                {MESSAGES.labels.cancel}
              </Button>
              <Button type="submit" loading={add.isPending} loadingText={MESSAGES.employeeScreens.submitting}>
                {MESSAGES.employeeScreens.submit(rows.fields.length)}
              </Button>
            </div>
          </form>
        </Card>
      </Page>
    </main>
  );
}
