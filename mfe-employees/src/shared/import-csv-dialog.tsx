import { useId, useRef, useState } from 'react';
import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { isApiError, MESSAGES, serverMessage, usePlatform, type DialogWidgetProps, type FieldError } from '@portal/shared-contracts';
import { useImportEmployeesCsvMutation } from '../api/import-employees-csv';
import { checkCsvFile } from './check-csv-file';
import styles from './import-csv-dialog.module.css';

/** The template the portal serves as a static file (document 1, section 3). */
export const CSV_TEMPLATE_PATH = '/employees.csv';

function isDuplicateFailure(err: unknown): boolean {
  return isApiError(err) && (err.status === 409 || err.message === MESSAGES.employees.usersExistServer);
}

/**
 * Import employees from a CSV file. The server takes a file all or nothing; when it refuses one,
 * its per-row report (line, field, message) is listed here so the file can be fixed.
 */
export function ImportCsvDialog({ open, onOpenChange, onDone, context = 'management' }: DialogWidgetProps) {
  const { toast } = usePlatform();
  const upload = useImportEmployeesCsvMutation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<FieldError[]>([]);

  function reset() {
    setFile(null);
    setProblem(null);
    setProgress(null);
    setReport([]);
    upload.reset();
    if (inputRef.current) inputRef.current.value = '';
  }

  function close(next: boolean) {
    if (upload.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  }

  async function onImport() {
    const issue = checkCsvFile(file);
    setProblem(issue);
    setReport([]);
    if (issue || !file) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      toast.success(MESSAGES.employees.csvSuccess);
      reset();
      onOpenChange(false);
      onDone?.();
    } catch (err) {
      setProgress(null);
      const message =
        context === 'setup' && isDuplicateFailure(err)
          ? MESSAGES.employees.usersExist
          : MESSAGES.employees.csvFailed(serverMessage(err, MESSAGES.common.unknownError));
      toast.error(message);
      setProblem(message);
      setReport(isApiError(err) ? err.errors : []);
    }
  }

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Import CSV"
      description="Add many employees at once from a CSV file."
      size={report.length > 0 ? 'lg' : 'md'}
      dismissible={!upload.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void onImport()} loading={upload.isPending} loadingText="Importing...">
            Import
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <p className={styles.template}>
          Download the{' '}
          <a href={CSV_TEMPLATE_PATH} download="employees.csv">
            CSV template (employees.csv)
          </a>
          , fill in one employee per row, then choose the file. At most 2 MB.
        </p>

        <div className={styles.picker}>
          <label htmlFor={inputId} className={styles.pickerLabel}>
            CSV file
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className={styles.fileInput}
            disabled={upload.isPending}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            onChange={(ev) => {
              setFile(ev.target.files?.[0] ?? null);
              setProblem(null);
              setReport([]);
            }}
          />
        </div>

        {percent !== null && (
          <div className={styles.progressRow}>
            <progress className={styles.progress} value={percent} max={100} aria-label="Upload progress" />
            <span className={styles.percent}>{`${percent}%`}</span>
          </div>
        )}

        {problem && (
          <p id={`${inputId}-problem`} role="alert" className={styles.problem}>
            {problem}
          </p>
        )}

        {report.length > 0 && (
          <div className={styles.report}>
            <p className={styles.reportTitle}>{`${report.length} problem${report.length === 1 ? '' : 's'} found. Nothing was imported.`}</p>
            <div className={styles.reportScroll} tabIndex={0} role="region" aria-label="Import problems">
              <table className={styles.reportTable}>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Field</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {report.map((r, i) => (
                    <tr key={i}>
                      <td>{r.line ?? ''}</td>
                      <td>{r.field}</td>
                      <td>{r.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </div>
    </Modal>
  );
}
