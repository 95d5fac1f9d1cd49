import { useId, useRef, useState } from 'react';
import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { isApiError, MESSAGES, serverMessage, usePlatform, type DialogWidgetProps, type FieldError } from '@portal/shared-contracts';
import { useImportEmployeesCsvMutation } from '../api/import-employees-csv';
import { checkCsvFile } from './check-csv-file';
import styles from './import-csv-dialog.module.css';

/** The template the portal serves as a static file (document 1, section 3). */
export const CSV_TEMPLATE_PATH = '/employees.csv';

const C = MESSAGES.csvImport;

function isDuplicateFailure(err: unknown): boolean {
  return isApiError(err) && (err.status === 409 || err.message === MESSAGES.employees.usersExistServer);
}

/** What the dialog says about a refused file: the spec's text for a setup's duplicates, else how many problems the report lists, else why. */
function outcomeOf(err: unknown, report: FieldError[], context: DialogWidgetProps['context']): string {
  if (context === 'setup' && isDuplicateFailure(err)) return MESSAGES.employees.usersExist;
  if (report.length > 0) return C.reportTitle(report.length);
  return MESSAGES.employees.csvFailed(serverMessage(err, MESSAGES.common.unknownError));
}

/**
 * Import employees from a CSV file. The server takes a file all or nothing and finds every problem
 * of a file in one pass; when it refuses one, the dialog says so once: how many problems, then the
 * report (line, field, problem) to fix the file by. A refusal without a report says why in its place.
 * The dialog stays open and shows the outcome, so no toast repeats it.
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
      const found = isApiError(err) ? err.errors : [];
      setProblem(outcomeOf(err, found, context));
      setReport(found);
    }
  }

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={MESSAGES.labels.importCsv}
      description={C.description}
      size={report.length > 0 ? 'lg' : 'md'}
      dismissible={!upload.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={upload.isPending}>
            {MESSAGES.labels.cancel}
          </Button>
          <Button onClick={() => void onImport()} loading={upload.isPending} loadingText={C.importing}>
            {MESSAGES.labels.import}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <p className={styles.template}>
          {C.templateBefore}{' '}
          <a href={CSV_TEMPLATE_PATH} download="employees.csv">
            {C.templateLink}
          </a>
          {C.templateAfter}
        </p>

        <div className={styles.picker}>
          <label htmlFor={inputId} className={styles.pickerLabel}>
            {C.fileLabel}
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
            <progress className={styles.progress} value={percent} max={100} aria-label={C.progress} />
            <span className={styles.percent}>{`${percent}%`}</span>
          </div>
        )}

        {problem && (
          <p id={`${inputId}-problem`} role="alert" className={styles.problem}>
            {problem}
          </p>
        )}

        {report.length > 0 && (
          <div className={styles.reportScroll} tabIndex={0} role="region" aria-label={C.reportRegion}>
            <table className={styles.reportTable}>
              <thead>
                <tr>
                  <th scope="col">{C.columns.line}</th>
                  <th scope="col">{C.columns.field}</th>
                  <th scope="col">{C.columns.problem}</th>
                </tr>
              </thead>
              <tbody>
                {report.map((r, i) => (
                  <tr key={i}>
                    <td>{r.line ?? ''}</td>
                    <td>{C.fields[r.field] ?? r.field}</td>
                    <td>{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Modal>
  );
}
