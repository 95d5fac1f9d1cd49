import { useState } from 'react';
import { TabBody, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { ParticipationRow } from '@portal/shared-contracts';
import { useParticipationAllTime } from '../../api/get-participation-all-time';
import { formatAmount, formatCount } from '../../shared/format';
import { IncentiveStatus } from '../../shared/incentive-status';
import { WithInsightScope, type InsightScopeQuery } from '../../shared/insight-scope';
import { PagedTable } from '../../shared/paged-table';
import sharedStyles from '../../shared/shared.module.css';
import { FlaggedTrips } from './flagged-trips';
import styles from './participation.module.css';

const [POSITION, NAME, DEPARTMENT, TRIPS, MILES, ACCOUNT_TYPE, INCENTIVE] = MESSAGES.insights.participationColumns;
const L = MESSAGES.labels;

const COLUMNS: TableColumn<ParticipationRow>[] = [
  { key: 'position', header: POSITION, align: 'right', cell: (r) => r.position },
  { key: 'name', header: NAME, cell: (r) => <span className={sharedStyles.name}>{r.name}</span> },
  { key: 'department', header: DEPARTMENT, cell: (r) => r.department ?? L.notAvailable },
  { key: 'trips', header: TRIPS, align: 'right', cell: (r) => <span className={sharedStyles.numeric}>{formatCount(r.totalTrips)}</span> },
  { key: 'miles', header: MILES, align: 'right', cell: (r) => <span className={sharedStyles.numeric}>{formatAmount(r.totalDistance)}</span> },
  { key: 'type', header: ACCOUNT_TYPE, cell: (r) => (r.accountType === 'Driver' ? L.driver : L.passenger) },
  { key: 'incentive', header: INCENTIVE, cell: (r) => <IncentiveStatus qualified={r.qualify} /> },
];

/**
 * Employee Management's Employee Participation tab: the trips waiting for the employer's review,
 * then the all-time ranking, 10 a page. The ranking loads beside the review but is laid out once the
 * review has its rows: drawn earlier, it moved down by the review's height when they came (a layout
 * shift of 0.12, Lighthouse).
 */
export function ParticipationTab() {
  const [reviewSettled, setReviewSettled] = useState(false);
  return (
    <WithInsightScope>
      {(scope) => (
        <TabBody>
          <FlaggedTrips scope={scope} onSettled={() => setReviewSettled(true)} />
          <div hidden={!reviewSettled} className={styles.rankingBox}>
            <Ranking scope={scope} />
          </div>
        </TabBody>
      )}
    </WithInsightScope>
  );
}

function Ranking({ scope }: { scope: InsightScopeQuery }) {
  // Its page is kept in the address beside the other tabs' (`participation.page`).
  const { page, setPage } = usePagedSearch({ param: 'participation' });
  const ranking = useParticipationAllTime({ ...scope, pageNumber: page, pageSize: LIMITS.pageSize });
  return (
    <div className={styles.ranking}>
      <p className={sharedStyles.note}>
        {L.participationNote} {MESSAGES.insights.allTimeNote}
      </p>
      <PagedTable
        caption={L.participationTitle}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        query={ranking}
        onPageChange={setPage}
        emptyText={MESSAGES.insights.noTripsYet}
        pagerLabel={MESSAGES.insights.participationPages}
      />
    </div>
  );
}
