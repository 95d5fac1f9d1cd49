import { useState } from 'react';
import { Button } from '@portal/shared-ui/form';
import { usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { LIMITS, MESSAGES, type JourneyGroup } from '@portal/shared-contracts';
import { useJourneyGroups } from '../../api/get-journey-groups';
import { formatAmount, formatCount } from '../../shared/format';
import { WithInsightScope, useCompanyControl, type InsightScopeQuery } from '../../shared/insight-scope';
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
  return (
    <div className={styles.nameCell}>
      {name}
      <span className={styles.rowActions}>
        <Button variant="ghost" size="sm" className={styles.iconButton} aria-label={G.renameGroup(group.name)} title={G.rename} onClick={() => actions.rename(group)}>
          <PencilIcon />
        </Button>
        <Button variant="ghost" size="sm" className={`${styles.iconButton} ${styles.danger}`} aria-label={G.deleteGroup(group.name)} title={MESSAGES.labels.delete} onClick={() => actions.remove(group)}>
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

/** Employee Management's All Journey Groups tab: every group with its figures since it began, 10 a page. */
export function JourneyGroupsTab() {
  return <WithInsightScope>{(scope) => <Groups scope={scope} />}</WithInsightScope>;
}

function Groups({ scope }: { scope: InsightScopeQuery }) {
  // Its page is kept in the address beside the other tabs' (`groups.page`).
  const { page, setPage } = usePagedSearch({ param: 'groups' });
  const groups = useJourneyGroups({ ...scope, pageNumber: page, pageSize: LIMITS.pageSize });
  const { canManage } = useCompanyControl(scope);
  const [co2Open, setCo2Open] = useState(false);
  const [editing, setEditing] = useState<GroupDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<JourneyGroup | null>(null);
  const actions = canManage ? { rename: (group: JourneyGroup) => setEditing({ kind: 'rename', group }), remove: setDeleting } : null;
  return (
    <div className={sharedStyles.tab}>
      <div className={sharedStyles.spread}>
        <p className={sharedStyles.note}>{MESSAGES.insights.journeyGroupsNote}</p>
        <div className={styles.toolbar}>
          <Button variant="secondary" size="sm" onClick={() => setCo2Open(true)}>
            {MESSAGES.insights.co2.open}
          </Button>
          {canManage ? (
            <Button size="sm" onClick={() => setEditing({ kind: 'create' })}>
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
    </div>
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
