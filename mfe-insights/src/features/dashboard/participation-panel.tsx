import { useState } from 'react';
import { Card, DownloadCsvButton, formatMonth, MonthPicker, type MonthValue, type TableColumn } from '@portal/shared-ui/data-display';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { ParticipationRow } from '@portal/shared-contracts';
import { useExportParticipationMutation } from '../../api/export-participation';
import { useParticipation } from '../../api/get-participation';
import { formatAmount, formatCount } from '../../shared/format';
import type { OfficeScopeQuery } from '../../shared/insight-scope';
import { monthSlug } from '../../shared/month';
import { PagedTable } from '../../shared/paged-table';
import sharedStyles from '../../shared/shared.module.css';
import styles from './dashboard.module.css';

const [POSITION, NAME, , TRIPS, MILES] = MESSAGES.insights.participationColumns;

const COLUMNS: TableColumn<ParticipationRow>[] = [
  { key: 'position', header: POSITION, align: 'right', cell: (r) => r.position },
  { key: 'name', header: NAME, cell: (r) => <span className={sharedStyles.name}>{r.name}</span> },
  { key: 'trips', header: TRIPS, align: 'right', cell: (r) => <span className={sharedStyles.numeric}>{formatCount(r.totalTrips)}</span> },
  { key: 'miles', header: MILES, align: 'right', cell: (r) => <span className={sharedStyles.numeric}>{formatAmount(r.totalDistance)}</span> },
];

/** The month's ranking: Position, Name, No. of Trips, Total Miles Covered, with its month picker. */
export function ParticipationPanel({ scope, initialMonth }: { scope: OfficeScopeQuery; initialMonth: MonthValue }) {
  const [month, setMonth] = useState(initialMonth);
  const [page, setPage] = useState(1);
  const ranking = useParticipation({ ...scope, ...month, pageNumber: page, pageSize: LIMITS.pageSize });
  const csv = useExportParticipationMutation();
  return (
    <Card
      title={MESSAGES.labels.participationTitle}
      aria-label={MESSAGES.labels.participationTitle}
      className={styles.panel}
      actions={
        <DownloadCsvButton
          label={MESSAGES.insights.downloadCsvFor(formatMonth(month))}
          download={() => csv.mutateAsync({ ...scope, ...month })}
          pending={csv.isPending}
          fileName={`participation-${monthSlug(month)}.csv`}
          failedText={MESSAGES.insights.downloadFailed}
        />
      }
    >
      <div className={styles.panelBody}>
        <MonthPicker
          label={MESSAGES.insights.participationMonth}
          value={month}
          max={initialMonth}
          onChange={(next) => {
            setMonth(next);
            setPage(1);
          }}
        />
        <p className={sharedStyles.note}>{MESSAGES.labels.participationNote}</p>
        <PagedTable
          caption={MESSAGES.labels.participationTitle}
          columns={COLUMNS}
          rowKey={(r) => r.id}
          query={ranking}
          onPageChange={setPage}
          emptyText={MESSAGES.insights.noTripsThisMonth}
          pagerLabel={MESSAGES.insights.participationPages}
        />
      </div>
    </Card>
  );
}
