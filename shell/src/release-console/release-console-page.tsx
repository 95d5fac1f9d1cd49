import { useEffect, useState, type ReactNode } from 'react';
import { Button, Spinner, TextField } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { ConfirmDialog, Modal } from '@portal/shared-ui/overlays';
import { Badge, EmptyState, Table, type TableColumn } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { PAGE_TITLES } from '@portal/shared-contracts/page-titles';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { abortOf, age, canaryIsOff, GUARD_DEFAULTS } from '@portal/shared-contracts/release-state';
import type { ConsoleRemote, ReleaseConsole, ReleaseHealth, ReleaseHistoryEntry, VersionHealth } from '@portal/shared-contracts/endpoints/releases';
import { releases } from '@portal/shared-contracts/endpoints/releases';
import { useDocumentTitle } from '../routes/use-document-title';
import { setRouteRemote } from '../telemetry/hub';
import { millis, percent, trendOf, when } from './format';
import { FreezesSection } from './freezes-section';
import { PreviewsSection } from './previews-section';
import { Sparkline } from './sparkline';
import { HEALTH_WINDOW_MINUTES, useReleaseConsole } from './use-release-console';
import styles from './release-console.module.css';

const M = MESSAGES.releases;

/** An action waiting for the super admin's yes: the sentence names its effect. */
interface Pending {
  message: string;
  danger: boolean;
  run: () => Promise<ReleaseConsole>;
  done: string;
}

interface ShareForm {
  remote: ConsoleRemote;
  version: string;
  percent: string;
  companies: string;
  error: string | null;
}

/**
 * The release console (docs/decisions/0020-release-console.md): every remote's stable and canary,
 * their figures side by side, the history, and the CLI's actions behind a confirmation.
 */
export function ReleaseConsolePage() {
  useDocumentTitle(PAGE_TITLES.releases);
  // The page is the shell's: its web vitals belong to no remote.
  useEffect(() => setRouteRemote(null), []);
  const { api, toast } = usePlatform();
  const { view, health, reload, applied } = useReleaseConsole();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [share, setShare] = useState<ShareForm | null>(null);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      applied(await pending.run());
      toast.success(pending.done);
      setPending(null);
    } catch (error) {
      toast.error(serverMessage(error, MESSAGES.common.unknownError));
      setPending(null);
      void reload();
    } finally {
      setBusy(false);
    }
  };

  const ask = (r: ConsoleRemote, kind: 'promote' | 'rollback' | 'abort') => {
    const remote = r.remote;
    const params = { remote };
    if (kind === 'promote' && r.canary && !canaryIsOff(r.canary)) {
      const version = r.canary.version;
      setPending({
        message: M.confirmPromote(remote, version),
        danger: false,
        run: () => api.call(releases.promote, { params, body: { version } }),
        done: M.done.promote(remote, version),
      });
    } else if (kind === 'rollback' && r.stable && r.previous[0]) {
      const to = r.previous[0];
      setPending({
        message: M.confirmRollback(remote, r.stable.version, to),
        danger: true,
        run: () => api.call(releases.rollback, { params }),
        done: M.done.rollback(remote, to),
      });
    } else if (kind === 'abort' && r.canary && r.stable) {
      setPending({
        message: M.confirmAbort(remote, r.canary.version, r.stable.version),
        danger: true,
        run: () => api.call(releases.abort, { params }),
        done: M.done.abort(remote),
      });
    }
  };

  const openShare = (r: ConsoleRemote) => {
    const candidates = r.published.filter((v) => v !== r.stable?.version);
    setShare({
      remote: r,
      version: r.canary?.version ?? candidates.at(-1) ?? '',
      percent: String(r.canary && !canaryIsOff(r.canary) ? r.canary.percent : 10),
      companies: r.canary?.companies.map((c) => c.id).join(', ') ?? '',
      error: null,
    });
  };

  const submitShare = () => {
    if (!share) return;
    const value = share.percent.trim() === '' ? Number.NaN : Number(share.percent);
    if (!Number.isFinite(value) || value < 0 || value > 100) {
      setShare({ ...share, error: M.badPercent });
      return;
    }
    const companies = [...new Set(share.companies.split(',').map((s) => s.trim()).filter(Boolean))];
    const { remote } = share.remote;
    const version = share.version;
    setShare(null);
    setPending({
      message: M.confirmShare(remote, version, value),
      danger: false,
      run: () => api.call(releases.canary, { params: { remote }, body: { version, percent: value, companies } }),
      done: M.done.share(remote, version, value),
    });
  };

  let body: ReactNode;
  if (view.loading && !view.data) body = <Spinner label={M.loading} />;
  else if (!view.data)
    body = (
      <div role="alert" className={styles.failed}>
        <p>
          {M.loadFailed} {serverMessage(view.error, MESSAGES.common.unknownError)}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void reload()}>
          {M.retry}
        </Button>
      </div>
    );
  else {
    const data = view.data;
    const released = data.remotes.some((r) => r.stable);
    body = (
      <>
        {data.shell ? <p className={styles.muted}>{M.shell(data.shell.version, data.shell.contractsVersion)}</p> : null}
        {health.error ? (
          <p role="alert" className={styles.warning}>
            {M.healthFailed} {serverMessage(health.error, '')}
          </p>
        ) : (
          <p className={styles.muted}>
            {M.windowNote(health.data?.windowMinutes ?? HEALTH_WINDOW_MINUTES)} {M.sendersNote}
          </p>
        )}
        {!released ? <EmptyState title={M.empty} /> : null}
        <div className={styles.remotes}>
          {data.remotes.map((r) => (
            <RemoteCard
              key={r.remote}
              r={r}
              health={health.data}
              // The abort that left the canary off, when the history shown (newest first) holds it.
              aborted={r.canary && canaryIsOff(r.canary) ? abortOf(data.history, r.remote, r.canary.version) : null}
              onShare={openShare}
              onAsk={ask}
            />
          ))}
        </div>
        <FreezesSection onChanged={() => void reload()} />
        <PreviewsSection remotes={data.remotes} onChanged={() => void reload()} />
        <History entries={data.history} total={data.historyTotal} />
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="release-console-title">
      <h1 id="release-console-title" className={styles.title}>
        {M.title}
      </h1>
      <p className={styles.intro}>{M.intro}</p>
      {body}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && !busy && setPending(null)}
        title={M.title}
        message={pending?.message ?? ''}
        confirmLabel={M.confirm}
        cancelLabel={M.cancel}
        busyLabel={M.working}
        busy={busy}
        tone={pending?.danger ? 'danger' : 'default'}
        onConfirm={() => void confirm()}
      />
      <Modal
        open={share !== null}
        onOpenChange={(open) => !open && setShare(null)}
        title={share ? `${share.remote.canary ? M.setShare : M.startCanary}: ${share.remote.remote}` : ''}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setShare(null)}>
              {M.cancel}
            </Button>
            <Button onClick={submitShare} disabled={!share?.version}>
              {M.setShare}
            </Button>
          </>
        }
      >
        {share ? (
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              submitShare();
            }}
          >
            <Select
              label={M.versionLabel}
              value={share.version}
              onChange={(e) => setShare({ ...share, version: e.target.value })}
              options={share.remote.published.filter((v) => v !== share.remote.stable?.version).map((v) => ({ value: v, label: v }))}
            />
            <TextField
              label={M.shareLabel}
              inputMode="decimal"
              value={share.percent}
              error={share.error ?? undefined}
              onChange={(e) => setShare({ ...share, percent: e.target.value, error: null })}
            />
            <TextField label={M.companiesLabel} value={share.companies} onChange={(e) => setShare({ ...share, companies: e.target.value })} />
          </form>
        ) : null}
      </Modal>
    </section>
  );
}

interface FigureRow {
  key: string;
  role: 'stable' | 'canary';
  version: string;
  figures: VersionHealth | undefined;
}

function RemoteCard({
  r,
  health,
  aborted,
  onShare,
  onAsk,
}: {
  r: ConsoleRemote;
  health: ReleaseHealth | null;
  aborted: ReleaseHistoryEntry | null;
  onShare: (r: ConsoleRemote) => void;
  onAsk: (r: ConsoleRemote, kind: 'promote' | 'rollback' | 'abort') => void;
}) {
  const C = M.columns;
  const F = M.figures;
  const figuresOf = (version: string) => health?.versions.find((v) => v.remote === r.remote && v.version === version);
  const rows: FigureRow[] = [];
  if (r.stable) rows.push({ key: 'stable', role: 'stable', version: r.stable.version, figures: figuresOf(r.stable.version) });
  if (r.canary) rows.push({ key: 'canary', role: 'canary', version: r.canary.version, figures: figuresOf(r.canary.version) });
  const c = r.canary;
  const off = c ? canaryIsOff(c) : true;
  const columns: TableColumn<FigureRow>[] = [
    {
      key: 'version',
      header: F.version,
      cell: (row) => (
        <span className={styles.version}>
          {row.version} <Badge tone={row.role === 'canary' ? 'warning' : 'success'}>{row.role === 'canary' ? C.canary : C.stable}</Badge>
        </span>
      ),
    },
    { key: 'views', header: F.pageViews, align: 'right', cell: (row) => row.figures?.pageViews ?? 0 },
    // Null past the days senders are kept: unknown, not none.
    { key: 'senders', header: F.senders, align: 'right', cell: (row) => (row.figures ? (row.figures.senders ?? '-') : 0) },
    { key: 'load', header: F.loadFailureRate, align: 'right', cell: (row) => (row.figures ? percent(row.figures.loadFailureRate) : '-') },
    { key: 'render', header: F.renderErrorRate, align: 'right', cell: (row) => (row.figures ? percent(row.figures.renderErrorRate) : '-') },
    { key: 'lcp', header: F.lcp, align: 'right', cell: (row) => millis(row.figures?.lcpP75Ms ?? null) },
    { key: 'inp', header: F.inp, align: 'right', cell: (row) => millis(row.figures?.inpP75Ms ?? null) },
    { key: 'p95', header: F.loadP95, align: 'right', cell: (row) => millis(row.figures?.loadP95Ms ?? null) },
    {
      key: 'trend',
      header: F.trendHeader,
      label: F.trend,
      cell: (row) =>
        health && row.figures ? (
          <Sparkline points={trendOf(health, row.figures)} label={`${r.remote} ${row.version} ${F.trend}`} />
        ) : (
          <span className={styles.muted}>{F.none}</span>
        ),
    },
  ];

  return (
    <article className={styles.card} aria-labelledby={`release-${r.remote}`}>
      <header className={styles.cardHeader}>
        <h2 id={`release-${r.remote}`} className={styles.remoteName}>
          {r.remote}
        </h2>
        {r.stable ? null : <Badge>{M.notReleased}</Badge>}
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{C.stable}</dt>
          <dd>{r.stable?.version ?? '-'}</dd>
        </div>
        <div>
          <dt>{C.canary}</dt>
          <dd>{c ? c.version : M.noCanary}</dd>
        </div>
        <div>
          <dt>{C.share}</dt>
          <dd>{c ? (aborted ? M.abortedBy(aborted.by ?? '-') : `${c.percent}%`) : '-'}</dd>
        </div>
        <div>
          <dt>{C.targets}</dt>
          <dd>{c && c.companies.length ? c.companies.map((t) => t.name ?? t.id).join(', ') : '-'}</dd>
        </div>
        <div>
          <dt>{C.contracts}</dt>
          <dd>{r.stable ? (c ? `${r.stable.contractsVersion} / ${c.contractsVersion}` : r.stable.contractsVersion) : '-'}</dd>
        </div>
        <div>
          <dt>{C.age}</dt>
          <dd>{r.updatedAt ? <time dateTime={r.updatedAt} title={when(r.updatedAt)}>{M.ago(age(r.updatedAt))}</time> : '-'}</dd>
        </div>
      </dl>
      {c?.guard ? (
        <p className={styles.muted}>{M.guarded(c.guard.marginPoints, c.guard.minPageViews, c.guard.minSenders ?? GUARD_DEFAULTS.minSenders)}</p>
      ) : null}
      {rows.length ? <Table caption={`${r.remote}: ${F.trend}`} hideCaption columns={columns} rows={rows} rowKey={(row) => row.key} /> : null}
      {c && off ? <p className={styles.muted}>{M.offNotPromoted(c.version)}</p> : null}
      {r.stable ? (
        <div className={styles.actions} role="group" aria-label={`${r.remote} ${C.actions}`}>
          <Button size="sm" variant="secondary" onClick={() => onShare(r)} disabled={!r.published.some((v) => v !== r.stable?.version)}>
            {c ? M.setShare : M.startCanary}
          </Button>
          {c && !off ? (
            <>
              <Button size="sm" onClick={() => onAsk(r, 'promote')}>
                {M.promote}
              </Button>
              <Button size="sm" variant="danger" onClick={() => onAsk(r, 'abort')}>
                {M.abort}
              </Button>
            </>
          ) : null}
          {r.previous[0] ? (
            <Button size="sm" variant="danger" onClick={() => onAsk(r, 'rollback')}>
              {M.rollback}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function History({ entries, total }: { entries: ReleaseHistoryEntry[]; total: number }) {
  const H = M.historyColumns;
  const columns: TableColumn<ReleaseHistoryEntry>[] = [
    { key: 'at', header: H.when, cell: (e) => <time dateTime={e.at}>{when(e.at)}</time> },
    { key: 'action', header: H.action, cell: (e) => M.actionNames[e.action] },
    { key: 'remote', header: H.remote, cell: (e) => e.remote },
    { key: 'version', header: H.version, cell: (e) => e.version },
    { key: 'from', header: H.from, cell: (e) => e.from ?? '-' },
    { key: 'by', header: H.by, cell: (e) => <span className={styles.wrap}>{e.by ?? '-'}</span> },
    { key: 'note', header: H.note, cell: (e) => <span className={styles.wrap}>{e.note ?? ''}</span> },
  ];
  return (
    <section className={styles.history} aria-labelledby="release-history-title">
      <h2 id="release-history-title" className={styles.subtitle}>
        {M.history}
      </h2>
      {entries.length === 0 ? (
        <EmptyState title={M.noHistory} />
      ) : (
        <>
          <Table caption={M.history} hideCaption columns={columns} rows={entries} rowKey={(e) => `${e.at}|${e.action}|${e.remote}|${e.version}`} />
          {total > entries.length ? <p className={styles.muted}>{M.historyCapped(entries.length, total)}</p> : null}
        </>
      )}
    </section>
  );
}
