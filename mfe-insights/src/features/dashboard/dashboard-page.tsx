import { lazy, Suspense, useState } from 'react';
import { insights as insightsEndpoints } from '@portal/shared-contracts/endpoints';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { Page } from '@portal/shared-ui/data-display';
import { WithInsightScope, useCompanyControl, type InsightScopeQuery } from '../../shared/insight-scope';
import { useOffices } from '@portal/shared-ui/data';
import { useOfficeChoices } from '../../shared/my-offices';
import { openToOfficeAdmins } from '@portal/shared-contracts/scheme';
import { OfficeFilter, useOfficeParam } from './office-filter';
import { thisMonth } from '../../shared/month';
import { useTrend } from '../../api/get-trend';
import { FeedbackPanel } from './feedback-panel';
import { GettingStarted } from './getting-started';
import { IncentivesPanel } from './incentives-panel';
import { ParticipationPanel } from './participation-panel';
import { SummaryTiles } from './summary-tiles';
import { TrendPanel } from './trend-panel';
import styles from './dashboard.module.css';

// The Reports card is the page's last: loaded after its first paint, out of the page's own chunk.
const ReportsPanel = lazy(() => import('./reports-panel').then((m) => ({ default: m.ReportsPanel })));

/** The employer's landing page (/mainPage): each widget asks for its own figures once. */
export function DashboardPage() {
  return (
    <Page title={MESSAGES.labels.employerNav[0]} spacing="lg">
      <WithInsightScope>{(scope) => <DashboardWidgets scope={scope} />}</WithInsightScope>
    </Page>
  );
}

function DashboardWidgets({ scope }: { scope: InsightScopeQuery }) {
  // The month the page opened in (UTC, as the api counts): the tiles show it and the pickers start on it.
  const [month] = useState(thisMonth);
  // The trend panel's own answer (one request): a year without a single trip is a company that has
  // not started yet, and is told what to do next instead of a flat chart.
  const trend = useTrend(scope);
  const noTripsYet = trend.data?.months.every((m) => m.trips === 0) ?? false;
  // The office filter (docs/decisions/0045-offices-as-a-dimension.md) narrows the figures of people
  // and trips; feedback and the yearly report stay the company's.
  const offices = useOffices(useCompanyControl(scope).companyId);
  // An admin limited to some offices chooses among theirs (docs/decisions/0051-office-administrators.md).
  const choices = useOfficeChoices(offices.data);
  const { officeId, setOfficeId } = useOfficeParam(choices);
  const office = officeId === undefined ? scope : { ...scope, officeId };
  return (
    <>
      {/* Drawn while the offices load too, so the tiles below do not move when they arrive. */}
      {offices.data || offices.isLoading ? <OfficeFilter choices={choices} value={officeId} onChange={setOfficeId} /> : null}
      <SummaryTiles scope={office} month={month} />
      {/* What to do next stands where the chart's skeleton stood while the months loaded, below the
          tiles: above them, it pushed the filter and the tiles out of a phone's screen once the
          months said the company had no trip yet (a layout shift of 0.41 at 390x844). */}
      {noTripsYet ? <GettingStarted scope={scope} /> : <TrendPanel scope={office} />}
      <div className={styles.columns}>
        <ParticipationPanel scope={office} initialMonth={month} />
        <IncentivesPanel scope={office} initialMonth={month} />
      </div>
      {/* The feedback read is the company's: not shown to an office admin while it is closed to them. */}
      {!choices.limited || openToOfficeAdmins([insightsEndpoints.feedbacks.id]) ? <FeedbackPanel scope={scope} /> : null}
      <Suspense fallback={null}>
        <ReportsPanel scope={scope} choices={choices} initialOfficeId={officeId} />
      </Suspense>
    </>
  );
}
