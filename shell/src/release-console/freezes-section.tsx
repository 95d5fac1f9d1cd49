import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Spinner, TextField } from '@portal/shared-ui/form';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { EmptyState, Table, type TableColumn } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { freezeBodySchema, freezeParams, releaseFreezes, type ConsoleFreeze } from '@portal/shared-contracts/endpoints/release-freezes';
import { utcWhen, when } from './format';
import styles from './release-console.module.css';

const F = MESSAGES.releaseFreeze;

/** What a freeze holds of each remote, a line each: "mfe-auth 1.4.0 (canary 1.5.0 10%)". */
export function heldLines(f: Pick<ConsoleFreeze, 'held'>): string[] {
  return f.held.map((h) => `${h.remote} ${h.stable}${h.canary && h.canary.percent > 0 ? ` (canary ${h.canary.version} ${h.canary.percent}%)` : ''}`);
}

/**
 * Every change freeze in force (docs/decisions/0042), with a way to freeze a company until a day and
 * to end a freeze; the same actions as `pnpm release freeze` and `unfreeze`.
 */
export function FreezesSection({ onChanged }: { onChanged?: () => void }) {
  const { api, toast } = usePlatform();
  const [freezes, setFreezes] = useState<ConsoleFreeze[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [companyId, setCompanyId] = useState('');
  const [until, setUntil] = useState('');
  const [errors, setErrors] = useState<{ companyId?: string; until?: string }>({});
  const [busy, setBusy] = useState(false);
  const [ending, setEnding] = useState<ConsoleFreeze | null>(null);

  const load = useCallback(async () => {
    try {
      setFreezes((await api.call(releaseFreezes.list)).freezes);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const nameOf = (f: ConsoleFreeze) => f.companyName ?? F.consoleUnknownCompany;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = companyId.trim();
    // A day from the date field is its 00:00 UTC, as `pnpm release freeze --until <day>` reads it.
    const body = { until: until ? `${until}T00:00:00Z` : '' };
    const found: typeof errors = {};
    if (!freezeParams.safeParse({ companyId: id }).success) found.companyId = F.badCompany;
    const parsed = freezeBodySchema.safeParse(body);
    if (!until) found.until = F.chooseDay;
    else if (!parsed.success) found.until = parsed.error.issues[0]?.message ?? F.badUntil;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const next = (await api.call(releaseFreezes.freeze, { params: { companyId: id }, body })).freezes;
      setFreezes(next);
      const f = next.find((x) => x.companyId === id);
      toast.success(F.consoleFrozen(f ? nameOf(f) : id, utcWhen(f?.until ?? body.until)));
      setCompanyId('');
      setUntil('');
      onChanged?.();
    } catch (e) {
      toast.error(serverMessage(e, MESSAGES.common.unknownError));
    } finally {
      setBusy(false);
    }
  };

  const end = async () => {
    if (!ending) return;
    setBusy(true);
    try {
      setFreezes((await api.call(releaseFreezes.unfreeze, { params: { companyId: ending.companyId } })).freezes);
      toast.success(F.consoleUnfrozen(nameOf(ending)));
      onChanged?.();
    } catch (e) {
      toast.error(serverMessage(e, MESSAGES.common.unknownError));
      void load();
    } finally {
      setBusy(false);
      setEnding(null);
    }
  };

  const columns: TableColumn<ConsoleFreeze>[] = [
    {
      key: 'company',
      header: F.consoleCompany,
      cell: (f) => (
        <span className={styles.wrap}>
          {nameOf(f)}
          <br />
          <span className={styles.muted}>{f.companyId}</span>
        </span>
      ),
    },
    { key: 'until', header: F.consoleUntil, cell: (f) => <time dateTime={f.until}>{utcWhen(f.until)}</time> },
    { key: 'since', header: F.consoleSince, cell: (f) => <time dateTime={f.since}>{when(f.since)}</time> },
    {
      key: 'held',
      header: F.consoleHeld,
      cell: (f) => (
        <ul className={styles.heldList}>
          {heldLines(f).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (f) => (
        <Button variant="secondary" size="sm" onClick={() => setEnding(f)} aria-label={`${F.consoleUnfreeze} ${nameOf(f)}`}>
          {F.consoleUnfreeze}
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.history} aria-labelledby="release-freezes-title">
      <h2 id="release-freezes-title" className={styles.subtitle}>
        {F.consoleHeading}
      </h2>
      <p className={styles.muted}>{F.consoleIntro}</p>
      {error && !freezes ? (
        <p role="alert" className={styles.warning}>
          {serverMessage(error, MESSAGES.common.unknownError)}
        </p>
      ) : freezes === null ? (
        <Spinner label={F.consoleHeading} />
      ) : freezes.length === 0 ? (
        <EmptyState title={F.consoleNone} />
      ) : (
        <Table caption={F.consoleHeading} hideCaption columns={columns} rows={freezes} rowKey={(f) => f.companyId} />
      )}
      <form className={styles.freezeForm} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={F.consoleCompanyId}
          value={companyId}
          onChange={(e) => setCompanyId(e.target.value)}
          error={errors.companyId}
          spellCheck={false}
          autoComplete="off"
        />
        <TextField label={F.untilLabel} type="date" value={until} onChange={(e) => setUntil(e.target.value)} error={errors.until} />
        <Button type="submit" disabled={busy}>
          {F.consoleFreeze}
        </Button>
      </form>
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && !busy && setEnding(null)}
        title={F.consoleUnfreeze}
        message={ending ? F.consoleUnfreezeConfirm(nameOf(ending)) : ''}
        confirmLabel={F.consoleUnfreeze}
        cancelLabel={MESSAGES.releases.cancel}
        busyLabel={MESSAGES.releases.working}
        busy={busy}
        tone="danger"
        onConfirm={() => void end()}
      />
    </section>
  );
}
