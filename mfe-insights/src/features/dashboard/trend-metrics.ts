import { MESSAGES } from '@portal/shared-contracts/messages';
import type { MonthlyTrendPoint } from '@portal/shared-contracts';
import { formatMonth } from '@portal/shared-ui/data-display';
import { formatAmount, formatCount, formatShortMonth } from '../../shared/format';

export const METRIC_NAMES = MESSAGES.insights.trend.metrics;
export type TrendMetric = keyof typeof METRIC_NAMES;
export const METRICS = Object.keys(METRIC_NAMES) as TrendMetric[];

/** How each figure is written, in the chart's axis and legend and in the table. */
export const METRIC_FORMAT: Record<TrendMetric, (n: number) => string> = {
  trips: formatCount,
  distanceMiles: formatAmount,
  co2SavedKg: formatAmount,
  activeParticipants: formatCount,
};

/** "July 2026". */
export const monthOf = (p: MonthlyTrendPoint): string => formatMonth(p);

/** "Jul", or "Jan 26" where a year begins, for the chart's axis. */
export const shortMonthOf = (p: MonthlyTrendPoint): string => formatShortMonth(p);
