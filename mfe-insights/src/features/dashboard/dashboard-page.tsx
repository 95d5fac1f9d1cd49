import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts';
import { Page } from '@portal/shared-ui/data-display';
import { WithInsightScope, type InsightScopeQuery } from '../../shared/insight-scope';
import { thisMonth } from '../../shared/month';
import { useTrend } from '../../api/get-trend';
import { FeedbackPanel } from './feedback-panel';
import { GettingStarted } from './getting-started';
import { IncentivesPanel } from './incentives-panel';
import { ParticipationPanel } from './participation-panel';
import { ReportsPanel } from './reports-panel';
import { SummaryTiles } from './summary-tiles';
import { TrendPanel } from './trend-panel';
import styles from './dashboard.module.css';

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
  return (
    <>
      {noTripsYet ? <GettingStarted scope={scope} /> : null}
      <SummaryTiles scope={scope} month={month} />
      {noTripsYet ? null : <TrendPanel scope={scope} />}
      <div className={styles.columns}>
        <ParticipationPanel scope={scope} initialMonth={month} />
        <IncentivesPanel scope={scope} initialMonth={month} />
      </div>
      <FeedbackPanel scope={scope} />
      <ReportsPanel scope={scope} />
    </>
  );
}
