import { MESSAGES } from '@portal/shared-contracts/messages';
import type { TrendPoint } from './format';
import styles from './release-console.module.css';

const W = 96;
const H = 28;

/**
 * A small trend chart: page views per step as a line, steps with failures marked in the danger
 * colour beneath it. Inline SVG, nothing to fetch; the label carries the figures for screen readers.
 */
export function Sparkline({ points, label }: { points: readonly TrendPoint[]; label: string }) {
  const max = Math.max(1, ...points.map((p) => p.pageViews));
  const dx = points.length > 1 ? W / (points.length - 1) : 0;
  const y = (v: number) => H - 2 - (v / max) * (H - 6);
  const line = points.map((p, i) => `${(i * dx).toFixed(1)},${y(p.pageViews).toFixed(1)}`).join(' ');
  const total = points.reduce((n, p) => n + p.pageViews, 0);
  const failures = points.reduce((n, p) => n + p.failures, 0);
  return (
    <svg className={styles.sparkline} viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={MESSAGES.releases.figures.trendFigures(label, total, failures, max === 1 && total === 0 ? 0 : max)}>
      <polyline points={line} fill="none" className={styles.sparkLine} strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
      {points.map((p, i) =>
        p.failures > 0 ? <rect key={i} x={Math.max(0, i * dx - 1.5)} y={H - 4} width="3" height="4" className={styles.sparkFail} /> : null,
      )}
    </svg>
  );
}
