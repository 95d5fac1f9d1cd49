import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts';
import { WithInsightScope, type InsightScopeQuery } from '../../shared/insight-scope';
import { thisMonth } from '../../shared/month';
import { FeedbackPanel } from './feedback-panel';
import { IncentivesPanel } from './incentives-panel';
import { ParticipationPanel } from './participation-panel';
import { SummaryTiles } from './summary-tiles';
import { TrendPanel } from './trend-panel';
import styles from './dashboard.module.css';

/** The employer's landing page (/mainPage): each widget asks for its own figures once. */
export function DashboardPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{MESSAGES.labels.employerNav[0]}</h1>
      <WithInsightScope>{(scope) => <DashboardWidgets scope={scope} />}</WithInsightScope>
    </div>
  );
}

function DashboardWidgets({ scope }: { scope: InsightScopeQuery }) {
  // The month the page opened in (UTC, as the api counts): the tiles show it and the pickers start on it.
  const [month] = useState(thisMonth);
  return (
    <>
      <SummaryTiles scope={scope} month={month} />
      <TrendPanel scope={scope} />
      <div className={styles.columns}>
        <ParticipationPanel scope={scope} initialMonth={month} />
        <IncentivesPanel scope={scope} initialMonth={month} />
      </div>
      <FeedbackPanel scope={scope} />
    </>
  );
}
