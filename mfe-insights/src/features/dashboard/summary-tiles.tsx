import { useId, type ReactNode } from 'react';
import { AppLink, VisuallyHidden } from '@portal/shared-ui/form';
import { useMayOpen } from '../../shared/my-offices';
import { formatMonth, LoadState, SkeletonBar, type MonthValue } from '@portal/shared-ui/data-display';
import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import type { DashboardSummary } from '@portal/shared-contracts';
import { useDashboard } from '../../api/get-dashboard';
import { formatAmount, formatCount } from '../../shared/format';
import type { OfficeScopeQuery } from '../../shared/insight-scope';
import { WIDGET_LOAD } from '../../shared/widget-load';
import sharedStyles from '../../shared/shared.module.css';
import styles from './dashboard.module.css';

const T = MESSAGES.labels.dashboardTiles;
const U = MESSAGES.insights.units;

/**
 * Total participants, Journey Groups, Total Distance Covered and Carbon Emission Saved of the month.
 * While the summary loads, the same tiles stand with their labels, units and hints and a grey bar for
 * each figure, so the page beneath does not move when the figures arrive (the dashboard's layout
 * shift was the largest part of its Lighthouse score lost).
 */
export function SummaryTiles({ scope, month }: { scope: OfficeScopeQuery; month: MonthValue }) {
  const summary = useDashboard({ ...scope, ...month });
  const heading = useId();
  return (
    <section aria-labelledby={heading}>
      <VisuallyHidden>
        <h2 id={heading}>{MESSAGES.insights.tiles.label}</h2>
      </VisuallyHidden>
      <LoadState query={summary} {...WIDGET_LOAD} skeleton={<TileList month={month} />}>
        {(s) => <TileList month={month} summary={s} />}
      </LoadState>
    </section>
  );
}

function TileList({ month, summary: s }: { month: MonthValue; summary?: DashboardSummary }) {
  const monthName = formatMonth(month);
  const inMonth = MESSAGES.insights.tiles.month(monthName);
  // Not offered to an office admin while the employee list is closed to them.
  const linked = useMayOpen([employeesEndpoints.list.id]);
  const first = (
    <>
      <Tile label={T.participants} value={s && formatCount(s.totalParticipants)} hint={inMonth} />
      {linked ? <span className={styles.tileMore}>{MESSAGES.insights.tiles.seeEmployees}</span> : null}
    </>
  );
  return (
    <ul className={`${sharedStyles.plainList} ${styles.tiles}`}>
      <li>
        {s && linked ? (
          <AppLink to={ROUTES.employeeManagement} className={`${styles.tile} ${styles.interactive}`}>
            {first}
          </AppLink>
        ) : (
          <span className={styles.tile}>{first}</span>
        )}
      </li>
      <li className={styles.tile}>
        <Tile
          label={T.journeyGroups}
          value={s && formatCount(s.journeyGroups)}
          hint={MESSAGES.insights.tiles.activeGroups(s ? formatCount(s.activeJourneyGroups) : '–', monthName)}
        />
      </li>
      <li className={styles.tile}>
        <Tile label={T.distance} value={s && formatAmount(s.totalDistanceMiles)} unit={U.miles} hint={inMonth} />
      </li>
      <li className={styles.tile}>
        <Tile label={T.co2} value={s && formatAmount(s.co2SavedKg)} unit={U.kgCo2} hint={inMonth} />
      </li>
    </ul>
  );
}

/** A tile; without its value (still loading) a bar one line of the figure high stands in its place. */
function Tile({ label, value, unit, hint }: { label: string; value: string | undefined; unit?: string; hint: ReactNode }) {
  return (
    <>
      <span className={styles.tileLabel}>{label}</span>
      <span className={styles.tileValue}>
        {value ?? <SkeletonBar inline className={styles.tileBar}>{'\u00a0'}</SkeletonBar>}
        {unit ? <span className={styles.tileUnit}> {unit}</span> : null}
      </span>
      <span className={sharedStyles.hint}>{hint}</span>
    </>
  );
}
