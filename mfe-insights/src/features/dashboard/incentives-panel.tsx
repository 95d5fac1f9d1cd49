import { AppLink } from '@portal/shared-ui/form';
import { useMayOpen } from '../../shared/my-offices';
import { useState } from 'react';
import { Card, LoadState, MonthPicker, Skeleton, type MonthValue } from '@portal/shared-ui/data-display';
import { COMPANY_SETTINGS_TABS, ROUTES } from '@portal/shared-contracts/routes';
import { employers as employersEndpoints } from '@portal/shared-contracts/endpoints';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { useDashboard } from '../../api/get-dashboard';
import { formatCount, formatPercent } from '../../shared/format';
import type { OfficeScopeQuery } from '../../shared/insight-scope';
import { WIDGET_LOAD } from '../../shared/widget-load';
import sharedStyles from '../../shared/shared.module.css';
import styles from './dashboard.module.css';

const I = MESSAGES.insights.incentives;
const INCENTIVES_TAB = `${ROUTES.companySettings}?tab=${encodeURIComponent(COMPANY_SETTINGS_TABS[1])}`;

/**
 * How many employees reached the company's rewards in a month, and the participation rate; each
 * figure links to the rules on the Incentives tab of Company Settings. It reads the same summary as
 * the tiles, so on the page's own month the two share one request.
 */
export function IncentivesPanel({ scope, initialMonth }: { scope: OfficeScopeQuery; initialMonth: MonthValue }) {
  const [month, setMonth] = useState(initialMonth);
  const summary = useDashboard({ ...scope, ...month });
  return (
    <Card title={MESSAGES.labels.companySettingsTabs[1]} aria-label={MESSAGES.labels.companySettingsTabs[1]} className={styles.panel}>
      <div className={styles.panelBody}>
        <MonthPicker label={I.month} value={month} max={initialMonth} onChange={setMonth} />
        <LoadState query={summary} {...WIDGET_LOAD} skeleton={<Skeleton lines={3} shape="row" />}>
          {({ incentives: x }) => {
            const of = I.ofEmployees(formatCount(x.activeEmployees));
            return (
              <ul className={`${sharedStyles.plainList} ${styles.incentives}`}>
                <Figure label={I.trips} value={formatCount(x.qualifiedForTrips)} detail={`${formatPercent(x.qualifiedForTripsPercent)} ${of}`} rule={x.numberOfTrips ? I.tripsThreshold(formatCount(x.numberOfTrips)) : I.noThreshold} />
                <Figure label={I.miles} value={formatCount(x.qualifiedForMiles)} detail={`${formatPercent(x.qualifiedForMilesPercent)} ${of}`} rule={x.numberOfMiles ? I.milesThreshold(formatCount(x.numberOfMiles)) : I.noThreshold} />
                <Figure label={I.participation} value={formatPercent(x.participationPercent)} detail={of} />
              </ul>
            );
          }}
        </LoadState>
      </div>
    </Card>
  );
}

function Figure({ label, value, detail, rule }: { label: string; value: string; detail: string; rule?: string }) {
  // The rules' tab is not offered to an office admin while Company Settings is closed to them.
  const linked = useMayOpen([employersEndpoints.getIncentive.id]);
  const body = (
    <>
      <span className={styles.incentiveValue}>{value}</span>
      <span className={styles.incentiveText}>
        <span className={styles.incentiveLabel}>{label}</span>
        <span className={sharedStyles.hint}>{detail}</span>
        {rule ? <span className={sharedStyles.hint}>{rule}</span> : null}
      </span>
    </>
  );
  return (
    <li>
      {linked ? (
        <AppLink to={INCENTIVES_TAB} className={`${styles.interactive} ${styles.incentive}`} title={I.seeRules}>
          {body}
        </AppLink>
      ) : (
        <div className={styles.incentive}>{body}</div>
      )}
    </li>
  );
}
