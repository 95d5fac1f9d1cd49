import { dateTime } from '@portal/shared-contracts/date-time';
import { Fragment } from 'react';
import { Button, TextField } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { DownloadCsvButton, EmailAddress, PagedList, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { AUDIT_ACTIONS, EMPLOYER_AUDIT_ACTIONS } from '@portal/shared-contracts/endpoints';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage } from '@portal/shared-contracts/platform';
import type { AuditAction, AuditEntry, AuditLogPageProps } from '@portal/shared-contracts';
import { useExportAuditLogMutation } from '../../api/export-audit-log';
import { useAuditLog } from '../../api/get-audit-log';
import styles from './audit-log.module.css';

const A = MESSAGES.audit;
const optionsOf = (actions: readonly AuditAction[]) => [{ value: '', label: A.anyAction }, ...actions.map((a) => ({ value: a, label: A.actions[a] }))];
/** An employer's log holds no super admin's own action (decision 0032): its filter offers only what it can hold. */
const ACTIONS = { superAdmin: AUDIT_ACTIONS, employer: EMPLOYER_AUDIT_ACTIONS } as const;
const OPTIONS = { superAdmin: optionsOf(ACTIONS.superAdmin), employer: optionsOf(ACTIONS.employer) } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FILTERS = { action: '', company: '', from: '', to: '' };

const isActionOf = (actions: readonly AuditAction[], v: string): v is AuditAction => (actions as readonly string[]).includes(v);

// Made on first use: `toLocaleDateString(locale, options)` builds a new formatter on every call.
let dayFormat: Intl.DateTimeFormat | undefined;

/** A day of the filter as people read it: "1 Mar 2026". */
function day(ymd: string): string {
  return (dayFormat ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })).format(new Date(`${ymd}T00:00:00Z`));
}

/** The days an export holds, as its button and its file name say them: the filter's, or all dates. */
function periodOf(from: string | undefined, to: string | undefined): { label: string; slug: string } {
  if (from && to) return { label: A.betweenDays(day(from), day(to)), slug: `${from}-to-${to}` };
  if (from) return { label: A.fromDay(day(from)), slug: `from-${from}` };
  if (to) return { label: A.untilDay(day(to)), slug: `until-${to}` };
  return { label: A.allDates, slug: 'all-dates' };
}

/**
 * The audit log: who changed what and when, newest first. A super admin reads every company's (and
 * may name one); an employer or admin its own company's, which the server enforces whatever is sent.
 * The filters live in the address, so a reload or a shared link opens the same view.
 */
export function AuditLogPage({ variant }: AuditLogPageProps) {
  const superAdmin = variant === 'superAdmin';
  const isAction = (v: string): v is AuditAction => isActionOf(ACTIONS[variant], v);
  const paged = usePagedSearch({ filters: FILTERS });
  const { search, page, filters } = paged;

  // Only well-formed filters are sent; a half-typed one says what is wrong beside its field.
  const companyError = superAdmin && filters.company && !UUID.test(filters.company.trim()) ? A.badCompany : undefined;
  const from = DAY.test(filters.from) ? filters.from : undefined;
  const toDay = DAY.test(filters.to) ? filters.to : undefined;
  const rangeError = from && toDay && from > toDay ? A.badRange : undefined;
  const filter = {
    ...(isAction(filters.action) ? { action: filters.action } : {}),
    ...(superAdmin && filters.company && !companyError ? { companyId: filters.company.trim().toLowerCase() } : {}),
    ...(search ? { actor: search } : {}),
    ...(from ? { from } : {}),
    ...(toDay && !rangeError ? { to: toDay } : {}),
  };
  const log = useAuditLog({ pageNumber: page, pageSize: LIMITS.pageSize, ...filter });
  const exporter = useExportAuditLogMutation();
  const filtered = Object.keys(filter).length > 0;

  const period = periodOf(filter.from, filter.to);

  const C = A.columns;
  const columns: TableColumn<AuditEntry>[] = [
    { key: 'when', header: C.when, cell: (e) => <time dateTime={e.createdAt} className={styles.when}>{dateTime(e.createdAt)}</time> },
    {
      key: 'actor',
      header: C.actor,
      cell: (e) => (
        <span className={styles.actor}>
          <span className={styles.strong}>{e.actorName}</span>
          {e.actorEmail ? <EmailAddress value={e.actorEmail} className={styles.muted} /> : null}
        </span>
      ),
    },
    { key: 'action', header: C.action, cell: (e) => A.actions[e.action] },
    { key: 'summary', header: C.summary, cell: (e) => <Summary text={e.summary} className={styles.wrap} /> },
    ...(superAdmin
      ? [
          {
            key: 'company',
            header: C.company,
            cell: (e: AuditEntry) =>
              e.companyId ? (
                <Button variant="link" size="sm" onClick={() => paged.setFilter('company', e.companyId!)} aria-label={A.onlyCompany(e.companyName ?? e.companyId)}>
                  {e.companyName ?? e.companyId}
                </Button>
              ) : (
                '-'
              ),
          },
        ]
      : []),
    { key: 'reason', header: C.reason, cell: (e) => <span className={styles.wrap}>{e.reason ?? '-'}</span> },
  ];

  return (
    <PagedList
      title={A.title}
      description={A.intro}
      paged={paged}
      searchLabel={A.filterActor}
      searchPlaceholder={A.filterActor}
      filters={
        <div className={styles.filters}>
          <Select
            label={A.filterAction}
            value={isAction(filters.action) ? filters.action : ''}
            onChange={(ev) => paged.setFilter('action', ev.target.value)}
            options={OPTIONS[variant]}
            containerClassName={styles.filter}
          />
          {superAdmin ? (
            <TextField
              label={A.filterCompany}
              value={filters.company}
              onChange={(ev) => paged.setFilter('company', ev.target.value)}
              error={companyError}
              spellCheck={false}
              autoComplete="off"
              containerClassName={styles.company}
            />
          ) : null}
          <TextField
            label={A.filterFrom}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(ev) => paged.setFilter('from', ev.target.value)}
            containerClassName={styles.filter}
          />
          <TextField
            label={A.filterTo}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(ev) => paged.setFilter('to', ev.target.value)}
            error={rangeError}
            containerClassName={styles.filter}
          />
        </div>
      }
      actions={
        <DownloadCsvButton
          label={A.exportCsvFor(period.label)}
          download={() => exporter.mutateAsync(filter)}
          pending={exporter.isPending}
          fileName={`audit-log-${period.slug}.csv`}
          failedText={A.exportFailed}
        />
      }
      caption={A.title}
      columns={columns}
      rowKey={(e) => e.id}
      query={log}
      page={log.data}
      loadingLabel={A.loading}
      errorText={
        <>
          {A.loadFailed}
          {log.error ? <span className={styles.reason}>{serverMessage(log.error, MESSAGES.common.unknownError)}</span> : null}
        </>
      }
      emptyText={filtered || search ? A.empty : A.emptyAll}
      pagerLabel={A.pages}
    />
  );
}

const LEADING = '<("\'';
const TRAILING = '>)"\',.;:';

/**
 * A summary whose email addresses ("Admin added: sam <sam@example.test>") wrap as EmailAddress
 * does, only at their @ and dots; its other words wrap between words.
 */
function Summary({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {text.split(' ').map((word, i) => {
        let start = 0;
        let end = word.length;
        while (start < end && LEADING.includes(word[start]!)) start += 1;
        while (end > start && TRAILING.includes(word[end - 1]!)) end -= 1;
        const core = word.slice(start, end);
        return (
          <Fragment key={i}>
            {i > 0 ? ' ' : null}
            {core.includes('@') ? (
              <>
                {word.slice(0, start)}
                <EmailAddress value={core} />
                {word.slice(end)}
              </>
            ) : (
              word
            )}
          </Fragment>
        );
      })}
    </span>
  );
}
