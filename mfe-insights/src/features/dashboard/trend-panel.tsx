import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Card, LoadState, SkeletonBar, Table, type TableColumn } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { MonthlyTrendPoint } from '@portal/shared-contracts';
import { useTrend } from '../../api/get-trend';
import type { OfficeScopeQuery } from '../../shared/insight-scope';
import { WIDGET_LOAD } from '../../shared/widget-load';
import { TrendChart } from './trend-chart';
import { METRIC_FORMAT, METRIC_NAMES, METRICS, monthOf, type TrendMetric } from './trend-metrics';
import styles from './dashboard.module.css';

const COLUMNS: TableColumn<MonthlyTrendPoint>[] = [
  { key: 'month', header: MESSAGES.insights.month, cell: monthOf },
  ...METRICS.map((metric) => ({
    key: metric,
    header: METRIC_NAMES[metric],
    align: 'right' as const,
    cell: (p: MonthlyTrendPoint) => METRIC_FORMAT[metric](p[metric]),
  })),
];

/** The last 12 months: one figure at a time in the chart, all of them in the table beneath it. */
export function TrendPanel({ scope }: { scope: OfficeScopeQuery }) {
  const trend = useTrend(scope);
  const [metric, setMetric] = useState<TrendMetric>('trips');
  // The table is built the first time it is opened: closed, nobody reads it, and its 12 rows were a
  // good part of the longest task of the dashboard's first render.
  const [tableShown, setTableShown] = useState(false);
  // The chart's library is fetched alongside the months, not after them.
  useEffect(() => {
    void import('./plot-trend').catch(() => {});
  }, []);
  return (
    <Card title={MESSAGES.insights.trend.title} aria-label={MESSAGES.insights.trend.title} className={styles.panel}>
      <LoadState query={trend} {...WIDGET_LOAD} skeleton={<TrendSkeleton />}>
        {({ months }) => (
          <div className={styles.trend}>
            <MetricChoice metric={metric} onChange={setMetric} />
            <TrendChart months={months} metric={metric} />
            <details className={styles.figures} onToggle={(e) => e.currentTarget.open && setTableShown(true)}>
              <summary>{MESSAGES.insights.trend.showTable}</summary>
              {tableShown ? <Table caption={MESSAGES.insights.trend.tableCaption} hideCaption columns={COLUMNS} rows={months} rowKey={monthOf} /> : null}
            </details>
          </div>
        )}
      </LoadState>
    </Card>
  );
}

/**
 * The four figures the chart can show: one radio group (WAI-ARIA APG radio group), so one stop of
 * the keyboard, the chosen figure's; the arrow keys (and Home, End) move the choice and the focus.
 */
function MetricChoice({ metric, onChange }: { metric: TrendMetric; onChange: (m: TrendMetric) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (i: number) => {
    const next = (i + METRICS.length) % METRICS.length;
    onChange(METRICS[next]!);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, i: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined) choose(i + step);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(METRICS.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div role="radiogroup" aria-label={MESSAGES.insights.trend.metric} className={styles.metrics}>
      {METRICS.map((m, i) => (
        <button
          key={m}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={m === metric}
          tabIndex={m === metric ? 0 : -1}
          className={styles.metric}
          onClick={() => onChange(m)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {METRIC_NAMES[m]}
        </button>
      ))}
    </div>
  );
}

/**
 * The panel's shape while the months load: the figures' buttons (inert), the chart's box and the
 * table's summary line, each as high as when loaded, so the panels beneath do not move.
 */
function TrendSkeleton() {
  return (
    <div className={styles.trend}>
      <div className={styles.metrics}>
        {METRICS.map((m) => (
          <button key={m} type="button" disabled tabIndex={-1} className={styles.metric}>
            {METRIC_NAMES[m]}
          </button>
        ))}
      </div>
      <SkeletonBar className={styles.chart} />
      <span className={styles.figuresLine}>{'\u00a0'}</span>
    </div>
  );
}
