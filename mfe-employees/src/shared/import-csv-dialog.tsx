import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { Checkbox } from '@portal/shared-ui/form';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { DialogWidgetProps, FieldError, RosterDiff } from '@portal/shared-contracts';
import { useImportEmployeesCsvMutation } from '../api/import-employees-csv';
import { useApplyRosterMutation, usePreviewRosterMutation } from '../api/roster';
import { checkCsvFile } from './check-csv-file';
import styles from './import-csv-dialog.module.css';
import { RosterDiffView } from './roster-diff';

/** The template the portal serves as a static file (document 1, section 3). */
export const CSV_TEMPLATE_PATH = '/employees.csv';

const C = MESSAGES.csvImport;
const R = MESSAGES.roster;

/** Add the file's employees (the spec's import), or take the file as the whole roster. */
type Mode = 'add' | 'replace';

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
 *
 * In Employee Management the file can instead replace the roster (docs/decisions/0040): Preview
 * changes shows what the file would add, change and deactivate, nothing saved; Confirm changes
 * applies exactly that, then the same lists are the report of what was done.
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
  const [mode, setMode] = useState<Mode>('add');
  const [diff, setDiff] = useState<RosterDiff | null>(null);
  const [done, setDone] = useState<RosterDiff | null>(null);
  const [confirmLeaving, setConfirmLeaving] = useState(false);
  const previewCall = usePreviewRosterMutation();
  const applyCall = useApplyRosterMutation();
  const modeName = useId();
  const busy = upload.isPending || previewCall.isPending || applyCall.isPending;

  function clearOutcome() {
    setProblem(null);
    setReport([]);
    setDiff(null);
    setDone(null);
    setConfirmLeaving(false);
  }

  function reset() {
    setFile(null);
    setProgress(null);
    clearOutcome();
    setMode('add');
    upload.reset();
    previewCall.reset();
    applyCall.reset();
    if (inputRef.current) inputRef.current.value = '';
  }

  function close(next: boolean) {
    if (busy) return;
    if (!next && done) onDone?.();
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

  async function onPreview() {
    const issue = checkCsvFile(file);
    clearOutcome();
    setProblem(issue);
    if (issue || !file) return;
    setProgress(0);
    try {
      const answer = await previewCall.mutateAsync({ file, onProgress: setProgress });
      setProgress(null);
      setDiff(answer.diff);
      setReport(answer.diff.errors);
      if (answer.diff.errors.length) setProblem(R.problemsFound(answer.diff.errors.length));
    } catch (err) {
      setProgress(null);
      const found = isApiError(err) ? err.errors : [];
      setProblem(outcomeOf(err, found, context));
      setReport(found);
    }
  }

  async function onApply() {
    if (!file || !diff) return;
    setProblem(null);
    try {
      const answer = await applyCall.mutateAsync({ file, fingerprint: diff.fingerprint, confirmLeaving });
      setDiff(null);
      setDone(answer.report);
    } catch (err) {
      // A stale preview (409) or a refusal: the preview no longer holds, the message says what to do.
      setDiff(null);
      setProblem(serverMessage(err, MESSAGES.common.unknownError));
    }
  }

  const percent = progress === null ? null : Math.round(progress * 100);
  const replacing = mode === 'replace';
  const nothingToDo = diff !== null && diff.added.length + diff.changed.length + diff.leaving.length === 0;
  const canApply = diff !== null && diff.errors.length === 0 && !nothingToDo && (!diff.needsLeavingConfirmation || confirmLeaving);

  let primary: ReactNode;
  if (done) {
    primary = <Button onClick={() => close(false)}>{R.done}</Button>;
  } else if (!replacing) {
    primary = (
      <Button onClick={() => void onImport()} loading={upload.isPending} loadingText={C.importing}>
        {MESSAGES.labels.import}
      </Button>
    );
  } else if (diff && diff.errors.length === 0) {
    primary = (
      <Button onClick={() => void onApply()} loading={applyCall.isPending} loadingText={R.applying} disabled={!canApply}>
        {R.apply}
      </Button>
    );
  } else {
    primary = (
      <Button onClick={() => void onPreview()} loading={previewCall.isPending} loadingText={R.previewing}>
        {R.preview}
      </Button>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={MESSAGES.labels.importCsv}
      description={C.description}
      size={report.length > 0 || diff || done ? 'lg' : 'md'}
      dismissible={!busy}
      footer={
        <>
          {!done && (
            <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
              {MESSAGES.labels.cancel}
            </Button>
          )}
          {primary}
        </>
      }
    >
      <div className={styles.body}>
        {context !== 'setup' && !done && (
          <fieldset className={styles.modes}>
            <legend className={styles.pickerLabel}>{R.modeLegend}</legend>
            {(['add', 'replace'] as const).map((m) => (
              <label key={m} className={styles.mode}>
                <input
                  type="radio"
                  name={modeName}
                  value={m}
                  checked={mode === m}
                  disabled={busy}
                  onChange={() => {
                    setMode(m);
                    clearOutcome();
                  }}
                />
                <span>{m === 'add' ? R.modeAdd : R.modeReplace}</span>
              </label>
            ))}
            {replacing && <p className={styles.template}>{R.replaceHint}</p>}
          </fieldset>
        )}

        {!done && (
          <>
            <p className={styles.template}>
              {C.templateBefore}{' '}
              <a href={CSV_TEMPLATE_PATH} download="employees.csv">
                {C.templateLink}
              </a>
              {C.templateAfter}
            </p>
            <p className={styles.template}>{C.officeHint}</p>

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
                disabled={busy}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                onChange={(ev) => {
                  setFile(ev.target.files?.[0] ?? null);
                  clearOutcome();
                }}
              />
            </div>
          </>
        )}

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

        {diff && diff.errors.length === 0 && (
          <>
            <p role="status" className={styles.rosterSummary}>
              {nothingToDo ? R.nothingToDo : R.summary(diff.added.length, diff.changed.length, diff.leaving.length, diff.unchanged)}
            </p>
            {diff.needsLeavingConfirmation && (
              <Checkbox checked={confirmLeaving} onCheckedChange={setConfirmLeaving} label={R.confirmLeaving(diff.leaving.length, diff.activeBefore)} />
            )}
            <RosterDiffView diff={diff} />
          </>
        )}

        {done && (
          <>
            <p role="status" className={styles.rosterSummary}>
              {R.reportTitle(done.added.length, done.changed.length, done.leaving.length)}
            </p>
            <RosterDiffView diff={done} />
          </>
        )}
      </div>
    </Modal>
  );
}
