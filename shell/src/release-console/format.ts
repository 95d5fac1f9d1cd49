import type { ReleaseHealth, VersionHealth } from '@portal/shared-contracts/endpoints/releases';

export const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.001 ? 2 : 1)}%`;
export const millis = (ms: number | null) => (ms === null ? '-' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

export { dateTime as when } from '@portal/shared-contracts/date-time';

export interface TrendPoint {
  pageViews: number;
  failures: number;
}

/** The window in equal steps, oldest first, a step without page views counted as none. */
export function trendOf(health: Pick<ReleaseHealth, 'from' | 'to' | 'bucketMinutes'>, v: Pick<VersionHealth, 'series'>): TrendPoint[] {
  const step = (health.bucketMinutes ?? 1) * 60_000;
  const from = Math.floor(Date.parse(health.from) / 60_000) * 60_000;
  const count = Math.max(1, Math.ceil((Date.parse(health.to) - from) / step));
  const points: TrendPoint[] = Array.from({ length: count }, () => ({ pageViews: 0, failures: 0 }));
  for (const p of v.series ?? []) {
    const i = Math.floor((Date.parse(p.at) - from) / step);
    if (i >= 0 && i < count) {
      points[i]!.pageViews += p.pageViews;
      points[i]!.failures += p.failures;
    }
  }
  return points;
}

/** A freeze's end in UTC, as it was given (a freeze ends at the same instant wherever its users are). */
export { utcDateTime as utcWhen } from '@portal/shared-contracts/date-time';
