import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { MonthlyTrendPoint } from '@portal/shared-contracts';
import type { TrendPlot } from './plot-trend';
// uPlot's own rules, with the page's stylesheet instead of after the chart's chunk (see plot-trend.ts).
import 'uplot/dist/uPlot.min.css';
import { METRIC_FORMAT, METRIC_NAMES, monthOf, shortMonthOf, type TrendMetric } from './trend-metrics';
import styles from './dashboard.module.css';

const CANCELLED = Symbol('cancelled');

/** Resolves in a task after the next frame has been painted. */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(next);
    else next();
  });
}

/**
 * The chart of one figure over the months. The chart library is fetched only by the dashboard's trend
 * panel (its own chunk, with its stylesheet), so no other page of the portal pays for it. Screen readers get a
 * summary here and the figures from the table beside it.
 */
export function TrendChart({ months, metric }: { months: readonly MonthlyTrendPoint[]; metric: TrendMetric }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: TrendPlot | undefined;
    let cancelled = false;
    const resize = new ResizeObserver(() => plot?.setWidth(el.clientWidth));
    const series = {
      labels: months.map(monthOf),
      ticks: months.map(shortMonthOf),
      values: months.map((p) => p[metric]),
      name: METRIC_NAMES[metric],
      format: METRIC_FORMAT[metric],
      whole: metric === 'trips' || metric === 'activeParticipants',
    };
    // Drawn in a task of its own once the figures have been painted, not in the render that shows them.
    afterPaint()
      .then(() => import('./plot-trend'))
      .then(({ plotTrend }) => {
        if (cancelled) throw CANCELLED;
        return plotTrend(el, series);
      })
      .then((p) => {
        if (cancelled) return p.destroy();
        plot = p;
        resize.observe(el);
      })
      .catch((error: unknown) => {
        if (error === CANCELLED) return;
        console.error('The trend chart could not be drawn', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      resize.disconnect();
      plot?.destroy();
    };
  }, [months, metric]);

  if (failed) {
    return (
      <p role="alert" className={styles.chartFailed}>
        {MESSAGES.insights.trend.chartFailed}
      </p>
    );
  }
  return <div ref={box} className={styles.chart} role="img" aria-label={MESSAGES.insights.trend.chartLabel(METRIC_NAMES[metric])} />;
}
