// The only module that imports the chart library: TrendChart loads it with import(), so uPlot
// arrives in a chunk of its own when the dashboard draws its chart. Its stylesheet (small: docs/decisions/0038)
// is the page's, imported by trend-chart.tsx: a stylesheet added once the page is drawn makes the browser
// restyle the whole page.
import uPlot from 'uplot';
import { MESSAGES } from '@portal/shared-contracts/messages';

export interface TrendSeries {
  /** One label per month, oldest first: the legend's ("July 2026") and the axis' ("Jul"). */
  labels: readonly string[];
  ticks: readonly string[];
  values: readonly number[];
  /** The figure shown, e.g. "Trips". */
  name: string;
  format: (n: number) => string;
  /** Counts get whole-number steps on the axis. */
  whole: boolean;
}

export interface TrendPlot {
  setWidth(width: number): void;
  destroy(): void;
}

const HEIGHT = 260;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000];

/** Draws the series into `el`, coloured by the design tokens in force there. */
export function plotTrend(el: HTMLElement, s: TrendSeries): TrendPlot {
  const css = getComputedStyle(el);
  const token = (name: string) => css.getPropertyValue(name).trim();
  const line = token('--color-primary');
  const muted = token('--color-text-muted');
  const grid = token('--color-border');
  const font = `12px ${token('--font-sans') || 'sans-serif'}`;
  // Away from the pointer, the legend speaks of the latest month.
  const last = s.values.length - 1;

  const options: uPlot.Options = {
    width: el.clientWidth,
    height: HEIGHT,
    scales: {
      // Half a step either side, so the first and last points are drawn whole.
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      // From zero, with room above the highest month; a year without trips still gets an axis.
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      // Every month where they fit, else every second, third... month.
      { stroke: muted, font, grid: { show: false }, ticks: { stroke: grid }, space: 36, incrs: [1, 2, 3, 4, 6, 12], values: (_u, splits) => splits.map((i) => s.ticks[i] ?? '') },
      {
        stroke: muted,
        font,
        size: 64,
        grid: { stroke: grid, width: 1 },
        ticks: { show: false },
        ...(s.whole ? { incrs: WHOLE_STEPS } : {}),
        values: (_u, splits) => splits.map((v) => s.format(v)),
      },
    ],
    series: [
      { label: MESSAGES.insights.month, value: (_u, i) => s.labels[i ?? last] ?? '' },
      {
        label: s.name,
        stroke: line,
        fill: token('--color-primary-subtle'),
        width: 2,
        points: { size: 7, fill: line, stroke: line },
        value: (_u, v) => s.format(v ?? s.values[last] ?? 0),
      },
    ],
    cursor: { drag: { x: false, y: false } },
  };
  const plot = new uPlot(options, [s.labels.map((_, i) => i), [...s.values]], el);
  return {
    setWidth: (width) => plot.setSize({ width, height: HEIGHT }),
    destroy: () => plot.destroy(),
  };
}
