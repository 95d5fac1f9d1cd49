import { useState } from 'react';
import { Button } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { DownloadCsvButton, formatMonth, TabBody, usePagedSearch, type MonthValue, type TableColumn } from '@portal/shared-ui/data-display';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { JourneyGroup } from '@portal/shared-contracts';
import { useOffices } from '@portal/shared-ui/data';
import { officeOptions, useOfficeChoices } from '../../shared/my-offices';
import { useExportJourneyGroupsMutation } from '../../api/export-journey-groups';
import { useJourneyGroups } from '../../api/get-journey-groups';
import { formatAmount, formatCount } from '../../shared/format';
import { WithInsightScope, useCompanyControl, type InsightScopeQuery } from '../../shared/insight-scope';
import { monthSlug, thisMonth } from '../../shared/month';
import { PagedTable } from '../../shared/paged-table';
import sharedStyles from '../../shared/shared.module.css';
import { Co2Modal } from './co2-modal';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupDialog, type GroupDialogTarget } from './group-dialog';
import styles from './journey-groups.module.css';

const [NAME, MEMBERS, TRIPS, MILES, MEETING_POINTS, CO2] = MESSAGES.insights.journeyGroupColumns;
const G = MESSAGES.insights.groups;

function List({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <>{MESSAGES.labels.notAvailable}</>;
  return (
    <ul className={`${sharedStyles.plainList} ${styles.list}`}>
      {items.map((item, i) => (
        <li key={`${i}-${item}`}>{item}</li>
      ))}
    </ul>
  );
}

/** The row's own actions, beside its name so that a narrow screen shows them without scrolling the table. */
interface RowActions {
  rename: (group: JourneyGroup) => void;
  remove: (group: JourneyGroup) => void;
}

function NameCell({ group, actions }: { group: JourneyGroup; actions: RowActions | null }) {
  const name = <span className={sharedStyles.name}>{group.name}</span>;
  if (!actions) return name;
  // An office admin changes only the groups whose members are all of their offices: the list says which.
  if (!group.manageable) {
    return (
      <div className={styles.nameCell}>
        {name}
        <span className={styles.notManageable}>{G.notManageable}</span>
      </div>
    );
  }
  return (
    <div className={styles.nameCell}>
      {name}
      <span className={styles.rowActions}>
        <Button variant="ghost" size="sm" className={styles.iconButton} aria-label={G.renameGroup(group.name)} title={G.rename} onClick={() => actions.rename(group)} aria-haspopup="dialog">
          <PencilIcon />
        </Button>
        <Button variant="ghost" size="sm" className={`${styles.iconButton} ${styles.danger}`} aria-label={G.deleteGroup(group.name)} title={MESSAGES.labels.delete} onClick={() => actions.remove(group)} aria-haspopup="dialog">
          <BinIcon />
        </Button>
      </span>
    </div>
  );
}

function columns(actions: RowActions | null): TableColumn<JourneyGroup>[] {
  return [
    { key: 'name', header: NAME, cell: (g) => <NameCell group={g} actions={actions} /> },
    { key: 'members', header: MEMBERS, cell: (g) => <List items={g.members.map((m) => m.name)} /> },
    { key: 'trips', header: TRIPS, align: 'right', cell: (g) => <span className={sharedStyles.numeric}>{formatCount(g.trips)}</span> },
    { key: 'miles', header: MILES, align: 'right', cell: (g) => <span className={sharedStyles.numeric}>{formatAmount(g.miles)}</span> },
    { key: 'meeting-points', header: MEETING_POINTS, cell: (g) => <List items={g.meetingPoints} /> },
    { key: 'co2', header: CO2, align: 'right', cell: (g) => <span className={sharedStyles.numeric}>{formatAmount(g.co2SavedKg)}</span> },
  ];
}

/** How many months back the period choice reaches (this one included). */
const MONTHS_OFFERED = 24;

/** This month and the ones before it, newest first, as the period choice offers them ("2026-03"). */
function recentMonths(now: MonthValue = thisMonth()): MonthValue[] {
  return Array.from({ length: MONTHS_OFFERED }, (_, i) => {
    const index = now.year * 12 + (now.month - 1) - i;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/** The period in the address ("2026-03", or '' for all time), if it is one the choice offers. */
function periodOf(value: string): MonthValue | null {
  return recentMonths().find((m) => monthSlug(m) === value) ?? null;
}

/**
 * Employee Management's All Journey Groups tab: every group with its figures since it began, or of a
 * month, 10 a page. Its CSV is beside the table and holds exactly what the table shows: the same
 * period (named by the button and the file), every row, the same figures.
 */
export function JourneyGroupsTab() {
  return <WithInsightScope>{(scope) => <Groups scope={scope} />}</WithInsightScope>;
}

function Groups({ scope }: { scope: InsightScopeQuery }) {
  // Its page, period and office are kept in the address beside the other tabs' (`groups.page`, `groups.period`, `groups.office`).
  const { page, setPage, filters, setFilter } = usePagedSearch({ param: 'groups', filters: { period: '', office: '' } });
  const month = periodOf(filters.period);
  // An admin limited to some offices chooses among theirs (docs/decisions/0051-office-administrators.md).
  const choices = useOfficeChoices(useOffices(useCompanyControl(scope).companyId).data);
  // Asked for at once (not after the offices load); an office the company no longer has is the whole company, as on the dashboard.
  const officeId = choices.knows(filters.office) ? filters.office : '';
  const period = { ...(month ? { year: month.year, month: month.month } : {}), ...(officeId ? { officeId } : {}) };
  const periodName = month ? formatMonth(month) : MESSAGES.insights.allTime;
  const groups = useJourneyGroups({ ...scope, ...period, pageNumber: page, pageSize: LIMITS.pageSize });
  const csv = useExportJourneyGroupsMutation();
  const { canManage } = useCompanyControl(scope);
  const [co2Open, setCo2Open] = useState(false);
  const [editing, setEditing] = useState<GroupDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<JourneyGroup | null>(null);
  const actions = canManage ? { rename: (group: JourneyGroup) => setEditing({ kind: 'rename', group }), remove: setDeleting } : null;
  return (
    <TabBody>
      <div className={sharedStyles.spread}>
        <div className={styles.period}>
          <Select
            label={MESSAGES.insights.period}
            value={month ? monthSlug(month) : ''}
            onChange={(e) => setFilter('period', e.target.value)}
            options={[{ value: '', label: MESSAGES.insights.allTime }, ...recentMonths().map((m) => ({ value: monthSlug(m), label: formatMonth(m) }))]}
            containerClassName={styles.periodSelect}
          />
          {choices.offices && choices.offices.length > 0 ? (
            <Select
              label={MESSAGES.insights.office}
              value={officeId}
              onChange={(e) => setFilter('office', e.target.value)}
              options={officeOptions(choices)}
              containerClassName={styles.officeSelect}
            />
          ) : null}
          <p className={sharedStyles.note}>
            {month ? MESSAGES.insights.journeyGroupsMonthNote(periodName) : MESSAGES.insights.journeyGroupsNote}
            {officeId ? ` ${MESSAGES.insights.journeyGroupsOfficeNote}` : null}
          </p>
        </div>
        <div className={styles.toolbar}>
          <DownloadCsvButton
            label={MESSAGES.insights.downloadCsvFor(periodName)}
            download={() => csv.mutateAsync({ ...scope, ...period })}
            pending={csv.isPending}
            fileName={`journey-groups-${month ? monthSlug(month) : 'all-time'}.csv`}
            failedText={MESSAGES.insights.downloadFailed}
          />
          <Button variant="secondary" size="sm" onClick={() => setCo2Open(true)} aria-haspopup="dialog">
            {MESSAGES.insights.co2.open}
          </Button>
          {canManage ? (
            <Button size="sm" onClick={() => setEditing({ kind: 'create' })} aria-haspopup="dialog">
              {G.add}
            </Button>
          ) : null}
        </div>
      </div>
      <PagedTable
        caption={MESSAGES.insights.journeyGroupsTitle}
        columns={columns(actions)}
        rowKey={(g) => g.id}
        query={groups}
        onPageChange={setPage}
        emptyText={MESSAGES.insights.noJourneyGroups}
        pagerLabel={MESSAGES.insights.journeyGroupPages}
      />
      <Co2Modal scope={scope} open={co2Open} onOpenChange={setCo2Open} />
      <GroupDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteGroupDialog group={deleting} onClose={() => setDeleting(null)} />
    </TabBody>
  );
}

const iconProps = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function PencilIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4" />
    </svg>
  );
}

function BinIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
