import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARD, decide, parseDuration, type GuardFigures, type SenderShare } from './guard';

/** Page views and errors from `senders` distinct senders, none holding more than an even share. */
const figures = (pageViews: number, errors: number, senders = 40, largest?: SenderShare[]): GuardFigures => ({
  pageViews,
  loadFailures: Math.floor(errors / 2),
  renderErrors: errors - Math.floor(errors / 2),
  senders,
  largest: largest ?? [{ pageViews: Math.ceil(pageViews / senders), failures: Math.ceil(errors / senders) }],
});

describe('the guard of a canary', () => {
  it('defaults to a 2 point margin, 200 page views and 10 senders on each side', () => {
    expect(DEFAULT_GUARD).toMatchObject({ marginPoints: 2, minPageViews: 200, minSenders: 10 });
  });

  it('aborts a canary whose render errors and load failures exceed stable by more than the margin', () => {
    const d = decide({ stable: figures(1000, 10), canary: figures(400, 100) });
    expect(d.action).toBe('abort');
    expect(d.canaryErrorRate).toBe(0.25);
    expect(d.stableErrorRate).toBe(0.01);
    expect(d.reason).toBe(
      'error rate canary 25.0% (100 errors in 400 page views, 40 senders) vs stable 1.0% (10 errors in 1000 page views, 40 senders): 24 points over stable, more than the 2 allowed',
    );
  });

  it('leaves a canary as good as stable, or worse by no more than the margin', () => {
    expect(decide({ stable: figures(1000, 10), canary: figures(400, 4) }).action).toBe('keep');
    // 3% against 1%: exactly 2 points over, not more.
    expect(decide({ stable: figures(1000, 10), canary: figures(400, 12) }).action).toBe('keep');
    expect(decide({ stable: figures(1000, 10), canary: figures(400, 13) }).action).toBe('abort');
  });

  it('never acts below the minimum sample, however bad the canary looks', () => {
    const d = decide({ stable: figures(1000, 0), canary: figures(199, 199), settings: { autoPromoteAfterMs: 1 }, runningForMs: 10 });
    expect(d.action).toBe('keep');
    expect(d.reason).toBe('199 canary page views, fewer than the 200 a decision needs');
    expect(decide({ stable: null, canary: null }).action).toBe('keep');
  });

  it('never acts on page views from fewer distinct senders than the minimum, on the canary or on stable', () => {
    const d = decide({ stable: figures(1000, 0), canary: figures(300, 300, 9) });
    expect(d.action).toBe('keep');
    expect(d.reason).toBe(
      '9 canary senders and 40 stable senders, fewer than the 10 a decision needs on each side: canary 100.0% (300 errors in 300 page views, 9 senders) vs stable 0.0% (0 errors in 1000 page views, 40 senders)',
    );
    // A stable seen by one sender is no baseline either: no abort, and no promotion.
    expect(decide({ stable: figures(1000, 0, 1), canary: figures(300, 300) }).action).toBe('keep');
    expect(decide({ stable: figures(1000, 0, 1), canary: figures(300, 0), settings: { autoPromoteAfterMs: 1 }, runningForMs: 10 }).action).toBe('keep');
    // Unknown senders count as none.
    expect(decide({ stable: { pageViews: 1000, loadFailures: 0, renderErrors: 0 }, canary: figures(300, 300) }).action).toBe('keep');
    expect(decide({ stable: figures(1000, 0, 5), canary: figures(300, 300, 5), settings: { minSenders: 5 } }).action).toBe('abort');
  });

  it('waits when an abort rests on the largest canary sender: its failures alone make the canary look bad', () => {
    // 300 healthy page views from 12 senders; one sender adds 3 failed page views (its budget): 1 point over.
    const settings = { marginPoints: 0.5, minPageViews: 100 };
    const canary = figures(303, 3, 13, [
      { pageViews: 30, failures: 0 },
      { pageViews: 3, failures: 3 },
    ]);
    const d = decide({ stable: figures(1000, 0), canary, settings });
    expect(d.action).toBe('keep');
    expect(d.reason).toMatch(/^waiting: without its largest canary sender \(3 page views, 3 failures\) the canary would not be aborted: canary 1\.0%/);
    // Real failures spread over many senders: the abort stands without any one of them.
    const spread = figures(400, 40, 40, [
      { pageViews: 12, failures: 1 },
      { pageViews: 10, failures: 3 },
    ]);
    expect(decide({ stable: figures(1000, 0), canary: spread, settings }).action).toBe('abort');
  });

  it('waits when an abort rests on the largest stable sender: its healthy page views alone make stable look better', () => {
    // Stable 3% from its real senders, diluted to 1.5% by one sender's healthy flood; the canary is at 3.75%.
    const stable = figures(2000, 30, 20, [{ pageViews: 1000, failures: 0 }]);
    const d = decide({ stable, canary: figures(400, 15) });
    expect(d.action).toBe('keep');
    expect(d.reason).toMatch(/^waiting: without its largest stable sender \(1000 page views, 0 failures\) the canary would not be aborted/);
  });

  it('waits when a promotion rests on the largest sender: healthy page views diluting a failing canary, or failures inflating stable', () => {
    const settings = { autoPromoteAfterMs: parseDuration('24h')!, minPageViews: 100 };
    const runningForMs = 25 * 3_600_000;
    // The canary fails 30% of its real page views; one sender's healthy views bring it under the margin.
    const diluted = figures(1000, 30, 11, [{ pageViews: 900, failures: 0 }]);
    const d = decide({ stable: figures(1000, 10), canary: diluted, settings, runningForMs });
    expect(d.action).toBe('keep');
    expect(d.reason).toMatch(/^waiting: without its largest canary sender \(900 page views, 0 failures\) the canary would be aborted, not promoted/);
    // Stable made to look as bad as the canary by one sender's failures.
    const inflated = figures(1000, 300, 20, [{ pageViews: 300, failures: 290 }]);
    expect(decide({ stable: inflated, canary: figures(1000, 300), settings, runningForMs }).action).toBe('keep');
    // A healthy canary from many senders is promoted.
    expect(decide({ stable: figures(1000, 10), canary: figures(1000, 12), settings, runningForMs }).action).toBe('promote');
  });

  it('takes its margin, minimums and senders from the settings', () => {
    expect(decide({ stable: figures(100, 0), canary: figures(140, 8), settings: { marginPoints: 5, minPageViews: 50 } }).action).toBe('abort');
    expect(decide({ stable: figures(100, 0), canary: figures(140, 7), settings: { marginPoints: 5, minPageViews: 50 } }).action).toBe('keep');
    // A guard recorded before senders were counted (no minSenders) takes the default.
    expect(decide({ stable: figures(100, 0, 9), canary: figures(140, 80), settings: { marginPoints: 5, minPageViews: 50, minSenders: undefined } }).action).toBe('keep');
  });

  it('compares against a stable without page views as an error rate of zero', () => {
    expect(decide({ stable: { ...figures(0, 0), pageViews: 0 }, canary: figures(300, 9) }).action).toBe('abort');
    expect(decide({ stable: figures(0, 0), canary: figures(300, 6) }).action).toBe('keep');
  });

  it('promotes a healthy canary once it has run its configured time, and not before', () => {
    const settings = { autoPromoteAfterMs: parseDuration('24h')! };
    expect(decide({ stable: figures(1000, 10), canary: figures(400, 4), settings, runningForMs: 23 * 3_600_000 }).action).toBe('keep');
    const d = decide({ stable: figures(1000, 10), canary: figures(400, 4), settings, runningForMs: 24 * 3_600_000 });
    expect(d.action).toBe('promote');
    expect(d.reason).toMatch(/^healthy for 24h: canary 1\.0%/);
    // An unhealthy canary is aborted, however long it has run.
    expect(decide({ stable: figures(1000, 10), canary: figures(400, 40), settings, runningForMs: 48 * 3_600_000 }).action).toBe('abort');
  });

  it('reads durations as the CLI takes them', () => {
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('30')).toBe(1_800_000);
    expect(parseDuration('2d')).toBe(172_800_000);
    expect(parseDuration('soon')).toBeNull();
    expect(parseDuration('0h')).toBeNull();
  });
});
