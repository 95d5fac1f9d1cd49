import { useState } from 'react';
import { Button, usePagedSearch, type TableColumn } from '@portal/shared-ui';
import { LIMITS, MESSAGES, type JourneyGroup } from '@portal/shared-contracts';
import { useJourneyGroups } from '../../api/get-journey-groups';
import { formatAmount, formatCount } from '../../shared/format';
import { WithInsightScope, type InsightScopeQuery } from '../../shared/insight-scope';
import { PagedTable } from '../../shared/paged-table';
import sharedStyles from '../../shared/shared.module.css';
import { Co2Modal } from './co2-modal';
import styles from './journey-groups.module.css';

const [NAME, MEMBERS, TRIPS, MILES, MEETING_POINTS, CO2] = MESSAGES.insights.journeyGroupColumns;

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

const COLUMNS: TableColumn<JourneyGroup>[] = [
  { key: 'name', header: NAME, cell: (g) => <span className={sharedStyles.name}>{g.name}</span> },
  { key: 'members', header: MEMBERS, cell: (g) => <List items={g.members.map((m) => m.name)} /> },
  { key: 'trips', header: TRIPS, align: 'right', cell: (g) => <span className={sharedStyles.numeric}>{formatCount(g.trips)}</span> },
  { key: 'miles', header: MILES, align: 'right', cell: (g) => <span className={sharedStyles.numeric}>{formatAmount(g.miles)}</span> },
  { key: 'meeting-points', header: MEETING_POINTS, cell: (g) => <List items={g.meetingPoints} /> },
  { key: 'co2', header: CO2, align: 'right', cell: (g) => <span className={sharedStyles.numeric}>{formatAmount(g.co2SavedKg)}</span> },
];

/** Employee Management's All Journey Groups tab: every group with its figures since it began, 10 a page. */
export function JourneyGroupsTab() {
  return <WithInsightScope>{(scope) => <Groups scope={scope} />}</WithInsightScope>;
}

function Groups({ scope }: { scope: InsightScopeQuery }) {
  // Its page is kept in the address beside the other tabs' (`groups.page`).
  const { page, setPage } = usePagedSearch({ param: 'groups' });
  const groups = useJourneyGroups({ ...scope, pageNumber: page, pageSize: LIMITS.pageSize });
  const [co2Open, setCo2Open] = useState(false);
  return (
    <div className={sharedStyles.tab}>
      <div className={sharedStyles.spread}>
        <p className={sharedStyles.note}>{MESSAGES.insights.journeyGroupsNote}</p>
        <Button variant="secondary" size="sm" onClick={() => setCo2Open(true)}>
          {MESSAGES.insights.co2.open}
        </Button>
      </div>
      <PagedTable
        caption={MESSAGES.insights.journeyGroupsTitle}
        columns={COLUMNS}
        rowKey={(g) => g.id}
        query={groups}
        onPageChange={setPage}
        emptyText={MESSAGES.insights.noJourneyGroups}
        pagerLabel={MESSAGES.insights.journeyGroupPages}
      />
      <Co2Modal scope={scope} open={co2Open} onOpenChange={setCo2Open} />
    </div>
  );
}
