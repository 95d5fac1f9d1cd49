import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Spinner, TextField } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { CopyField, EmptyState, Table, type TableColumn } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { createPreviewSchema, releases, type ConsolePreview, type ConsoleRemote } from '@portal/shared-contracts/endpoints/releases';
import { PREVIEW_LIMITS } from '@portal/shared-contracts/release-preview';
import { utcWhen } from './format';
import styles from './release-console.module.css';

const P = MESSAGES.releasePreview;

/**
 * Preview links in force (docs/decisions/0046), with a way to make one for a published version and
 * to revoke one; the same actions as `pnpm release preview`, `previews` and `revoke-preview`.
 */
export function PreviewsSection({ remotes, onChanged }: { remotes: readonly ConsoleRemote[]; onChanged?: () => void }) {
  const { api, toast } = usePlatform();
  const [previews, setPreviews] = useState<ConsolePreview[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [remote, setRemote] = useState<string>(remotes[0]?.remote ?? '');
  const [version, setVersion] = useState('');
  const [expires, setExpires] = useState<string>(PREVIEW_LIMITS.defaultExpires);
  const [errors, setErrors] = useState<{ version?: string; expires?: string }>({});
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ConsolePreview | null>(null);
  const [revoking, setRevoking] = useState<ConsolePreview | null>(null);

  const load = useCallback(async () => {
    try {
      setPreviews((await api.call(releases.previews)).previews);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const published = remotes.find((r) => r.remote === remote)?.published ?? [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { remote, version, expires: expires.trim() };
    const parsed = createPreviewSchema.safeParse(body);
    const found: typeof errors = {};
    if (!version) found.version = P.consoleChooseVersion;
    if (!parsed.success) {
      const onExpires = parsed.error.issues.find((i) => i.path[0] === 'expires');
      if (onExpires) found.expires = onExpires.message;
    }
    setErrors(found);
    if (Object.keys(found).length || !parsed.success) return;
    setBusy(true);
    try {
      const answer = await api.call(releases.createPreview, { body: parsed.data });
      setPreviews(answer.previews);
      setMade(answer.created ?? null);
      toast.success(P.consoleMade(body.remote, body.version));
      onChanged?.();
    } catch (e) {
      toast.error(serverMessage(e, MESSAGES.common.unknownError));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      setPreviews((await api.call(releases.revokePreview, { params: { id: revoking.id } })).previews);
      if (made?.id === revoking.id) setMade(null);
      toast.success(P.consoleRevoked(revoking.remote, revoking.version));
      onChanged?.();
    } catch (e) {
      toast.error(serverMessage(e, MESSAGES.common.unknownError));
      void load();
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  const columns: TableColumn<ConsolePreview>[] = [
    { key: 'remote', header: P.consoleRemote, cell: (p) => `${p.remote} ${p.version}` },
    { key: 'until', header: P.consoleUntil, cell: (p) => <time dateTime={p.until}>{utcWhen(p.until)}</time> },
    { key: 'by', header: P.consoleBy, cell: (p) => <span className={styles.wrap}>{p.by ?? '-'}</span> },
    {
      key: 'link',
      header: P.consoleLink,
      cell: (p) => <CopyField label={`${P.consoleLink} ${p.remote} ${p.version}`} hideLabel value={p.link} copyLabel={P.consoleCopy} copiedLabel={P.consoleCopied} />,
    },
    {
      key: 'actions',
      header: '',
      cell: (p) => (
        <Button variant="secondary" size="sm" onClick={() => setRevoking(p)} aria-label={`${P.consoleRevoke} ${p.remote} ${p.version}`}>
          {P.consoleRevoke}
        </Button>
      ),
    },
  ];

  return (
    <section className={styles.history} aria-labelledby="release-previews-title">
      <h2 id="release-previews-title" className={styles.subtitle}>
        {P.consoleHeading}
      </h2>
      <p className={styles.muted}>{P.consoleIntro}</p>
      {error && !previews ? (
        <p role="alert" className={styles.warning}>
          {serverMessage(error, MESSAGES.common.unknownError)}
        </p>
      ) : previews === null ? (
        <Spinner label={P.consoleHeading} />
      ) : previews.length === 0 ? (
        <EmptyState title={P.consoleNone} />
      ) : (
        <Table caption={P.consoleHeading} hideCaption columns={columns} rows={previews} rowKey={(p) => p.id} />
      )}
      <form className={styles.freezeForm} onSubmit={(e) => void submit(e)} noValidate>
        <Select
          label={P.consoleRemote}
          value={remote}
          onChange={(e) => {
            setRemote(e.target.value);
            setVersion('');
          }}
          options={remotes.map((r) => ({ value: r.remote, label: r.remote }))}
        />
        <Select
          label={P.consoleVersion}
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          placeholder={P.consoleChooseVersion}
          options={[...published].reverse().map((v) => ({ value: v, label: v }))}
          error={errors.version}
        />
        <TextField label={P.consoleExpires} value={expires} onChange={(e) => setExpires(e.target.value)} error={errors.expires} spellCheck={false} autoComplete="off" />
        <Button type="submit" disabled={busy}>
          {P.consoleCreate}
        </Button>
      </form>
      {made ? (
        <CopyField label={P.consoleMade(made.remote, made.version)} value={made.link} copyLabel={P.consoleCopy} copiedLabel={P.consoleCopied} />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && !busy && setRevoking(null)}
        title={P.consoleRevoke}
        message={revoking ? P.consoleRevokeConfirm(revoking.remote, revoking.version) : ''}
        confirmLabel={P.consoleRevoke}
        cancelLabel={MESSAGES.releases.cancel}
        busyLabel={MESSAGES.releases.working}
        busy={busy}
        tone="danger"
        onConfirm={() => void revoke()}
      />
    </section>
  );
}
