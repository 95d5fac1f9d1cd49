import { TELEMETRY_LIMITS, type TelemetryEvent, type VersionHealth } from '@portal/shared-contracts';

/**
 * Latency sketches: fixed histograms on a log scale, so two minutes (or two api instances) add up
 * bucket by bucket and a percentile over any window is read from the sum. Bucket i holds values up
 * to 2^(i/3): each bucket is 26% wider than the one below, so a percentile read at a bucket's
 * geometric middle is within about 12% of the true value. Bucket 0 holds everything up to 1.
 */
export const STEPS_PER_DOUBLING = 3;
/** 2^20 ms is over 17 minutes, past the longest accepted measurement (10 minutes). */
export const BUCKETS = 20 * STEPS_PER_DOUBLING + 1;
/** CLS is unitless and small: stored x1000 on the same scale. */
export const CLS_SCALE = 1000;

export type Histogram = number[];

export function emptyHistogram(): Histogram {
  return new Array<number>(BUCKETS).fill(0);
}

export function bucketOf(value: number): number {
  if (!(value > 1)) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(STEPS_PER_DOUBLING * Math.log2(value) - 1e-9));
}

/** The value a bucket stands for: its geometric middle (bucket 0: 1, or 0 when all are zero). */
export function bucketValue(i: number): number {
  if (i <= 0) return 1;
  return 2 ** ((i - 0.5) / STEPS_PER_DOUBLING);
}

export function addInto(target: Histogram, source: readonly number[]): Histogram {
  for (let i = 0; i < BUCKETS; i++) target[i] = (target[i] ?? 0) + (source[i] ?? 0);
  return target;
}

export function countOf(h: readonly number[]): number {
  return h.reduce((a, b) => a + b, 0);
}

/** The p-th percentile (0 < p <= 1) of the values in `h`, or null without values. */
export function percentile(h: readonly number[], p: number): number | null {
  const total = countOf(h);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let i = 0; i < h.length; i++) {
    seen += h[i] ?? 0;
    if (seen >= rank) return bucketValue(i);
  }
  return bucketValue(h.length - 1);
}

/** One batch's contribution to one (remote, version) minute. */
export interface MinuteCounts {
  remote: string;
  version: string;
  pageViews: number;
  loadsFailed: number;
  renderErrors: number;
  errors: number;
  loadMs: Histogram;
  lcpMs: Histogram;
  inpMs: Histogram;
  cls: Histogram;
}

/**
 * Values past these are no measurement of a page a person used, whatever a client sends (the
 * contract's `maxMs` only bounds what is read): a vital past them is dropped, a load past them
 * counts as a page view without its duration (docs/decisions/0029).
 */
export const PLAUSIBLE = { loadMs: 120_000, lcpMs: 60_000, inpMs: 20_000, cls: 10 } as const;

export function isPlausible(e: TelemetryEvent): boolean {
  if (e.kind !== 'vital') return true;
  if (e.name === 'LCP') return e.value > 0 && e.value <= PLAUSIBLE.lcpMs;
  return e.value <= (e.name === 'INP' ? PLAUSIBLE.inpMs : PLAUSIBLE.cls);
}

/** One remote version's events of a batch, in the order they came. */
export interface VersionEvents {
  remote: string;
  version: string;
  events: TelemetryEvent[];
}

/**
 * A batch's events per remote version. Overridden (development) and previewed remotes are left out:
 * their code is not a release; so are implausible vitals. A fallback counts for the stable version it fell back to.
 */
export function byVersion(events: readonly TelemetryEvent[]): VersionEvents[] {
  const groups = new Map<string, VersionEvents>();
  for (const e of events) {
    if (e.reason === 'override' || e.reason === 'preview' || !isPlausible(e)) continue;
    const key = `${e.remote}\u0000${e.version}`;
    const group = groups.get(key) ?? { remote: e.remote, version: e.version, events: [] };
    group.events.push(e);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** One version's events as a minute's counts and histograms. */
export function foldEvents({ remote, version, events }: VersionEvents): MinuteCounts {
  const row: MinuteCounts = {
    remote,
    version,
    pageViews: 0,
    loadsFailed: 0,
    renderErrors: 0,
    errors: 0,
    loadMs: emptyHistogram(),
    lcpMs: emptyHistogram(),
    inpMs: emptyHistogram(),
    cls: emptyHistogram(),
  };
  for (const e of events) {
    switch (e.kind) {
      case 'load':
        row.pageViews += 1;
        if (!e.ok) row.loadsFailed += 1;
        else if (e.ms <= PLAUSIBLE.loadMs) row.loadMs[bucketOf(e.ms)]! += 1;
        break;
      case 'render-error':
        row.renderErrors += 1;
        break;
      case 'error':
        row.errors += 1;
        break;
      case 'vital': {
        if (e.name === 'CLS') row.cls[bucketOf(Math.min(e.value, TELEMETRY_LIMITS.maxCls) * CLS_SCALE)]! += 1;
        else (e.name === 'LCP' ? row.lcpMs : row.inpMs)[bucketOf(e.value)]! += 1;
        break;
      }
    }
  }
  return row;
}

/** Folds a batch into one row per remote version, all of it counted (see `byVersion`). */
export function foldBatch(events: readonly TelemetryEvent[]): MinuteCounts[] {
  return byVersion(events).map(foldEvents);
}

/** The summed counts of one version over a window, as the store answers them. */
export interface WindowTotals {
  remote: string;
  version: string;
  pageViews: number;
  loadsFailed: number;
  renderErrors: number;
  errors: number;
  loadMs: readonly number[];
  lcpMs: readonly number[];
  inpMs: readonly number[];
  cls: readonly number[];
  firstSeen: Date;
  lastSeen: Date;
  /** Distinct senders of its counted page views; null when the window reaches past their retention. */
  senders: number | null;
}

const rate = (n: number, of: number) => (of > 0 ? n / of : 0);
const round = (v: number | null, digits = 0) => (v === null ? null : Number(v.toFixed(digits)));

export function figuresOf(t: WindowTotals): VersionHealth {
  const cls = percentile(t.cls, 0.75);
  return {
    remote: t.remote as VersionHealth['remote'],
    version: t.version,
    pageViews: t.pageViews,
    loadFailures: t.loadsFailed,
    renderErrors: t.renderErrors,
    errors: t.errors,
    loadFailureRate: rate(t.loadsFailed, t.pageViews),
    renderErrorRate: rate(t.renderErrors, t.pageViews),
    errorRate: rate(t.loadsFailed + t.renderErrors, t.pageViews),
    lcpP75Ms: round(percentile(t.lcpMs, 0.75)),
    inpP75Ms: round(percentile(t.inpMs, 0.75)),
    // Bucket 0 (a shift of at most 0.001) is no shift to speak of.
    clsP75: cls === null ? null : cls <= 1 ? 0 : round(cls / CLS_SCALE, 3),
    loadP95Ms: round(percentile(t.loadMs, 0.95)),
    firstSeen: t.firstSeen.toISOString(),
    lastSeen: t.lastSeen.toISOString(),
    senders: t.senders,
  };
}
