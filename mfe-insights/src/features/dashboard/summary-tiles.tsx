import { useId, type ReactNode } from 'react';
import { VisuallyHidden } from '@portal/shared-ui/form';
import { formatMonth, type MonthValue } from '@portal/shared-ui/data-display';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { useDashboard } from '../../api/get-dashboard';
import { AppLink } from '../../shared/app-link';
import { formatAmount, formatCount } from '../../shared/format';
import type { InsightScopeQuery } from '../../shared/insight-scope';
import { LoadState, Skeleton } from '../../shared/load-state';
import sharedStyles from '../../shared/shared.module.css';
import styles from './dashboard.module.css';

const T = MESSAGES.labels.dashboardTiles;
const U = MESSAGES.insights.units;

/** Total participants, Journey Groups, Total Distance Covered and Carbon Emission Saved of the month. */
export function SummaryTiles({ scope, month }: { scope: InsightScopeQuery; month: MonthValue }) {
  const summary = useDashboard({ ...scope, ...month });
  const heading = useId();
  const inMonth = MESSAGES.insights.tiles.month(formatMonth(month));
  return (
    <section aria-labelledby={heading}>
      <VisuallyHidden>
        <h2 id={heading}>{MESSAGES.insights.tiles.label}</h2>
      </VisuallyHidden>
      <LoadState
        query={summary}
        skeleton={
          <div className={styles.tiles}>
            {Object.keys(T).map((key) => (
              <div key={key} className={styles.tile}>
                <Skeleton lines={1} />
                <Skeleton lines={1} shape="figure" />
              </div>
            ))}
          </div>
        }
      >
        {(s) => (
          <ul className={`${sharedStyles.plainList} ${styles.tiles}`}>
            <li>
              <AppLink to={ROUTES.employeeManagement} className={`${styles.tile} ${styles.interactive}`}>
                <Tile label={T.participants} value={formatCount(s.totalParticipants)} hint={inMonth} />
                <span className={styles.tileMore}>{MESSAGES.insights.tiles.seeEmployees}</span>
              </AppLink>
            </li>
            <li className={styles.tile}>
              <Tile
                label={T.journeyGroups}
                value={formatCount(s.journeyGroups)}
                hint={MESSAGES.insights.tiles.activeGroups(formatCount(s.activeJourneyGroups), formatMonth(month))}
              />
            </li>
            <li className={styles.tile}>
              <Tile label={T.distance} value={formatAmount(s.totalDistanceMiles)} unit={U.miles} hint={inMonth} />
            </li>
            <li className={styles.tile}>
              <Tile label={T.co2} value={formatAmount(s.co2SavedKg)} unit={U.kgCo2} hint={inMonth} />
            </li>
          </ul>
        )}
      </LoadState>
    </section>
  );
}

function Tile({ label, value, unit, hint }: { label: string; value: string; unit?: string; hint: ReactNode }) {
  return (
    <>
      <span className={styles.tileLabel}>{label}</span>
      <span className={styles.tileValue}>
        {value}
        {unit ? <span className={styles.tileUnit}> {unit}</span> : null}
      </span>
      <span className={sharedStyles.hint}>{hint}</span>
    </>
  );
}
