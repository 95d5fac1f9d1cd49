import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARD, decide, parseDuration } from './guard';

const figures = (pageViews: number, errors: number) => ({ pageViews, loadFailures: Math.floor(errors / 2), renderErrors: errors - Math.floor(errors / 2) });

describe('the guard of a canary', () => {
  it('defaults to a 2 point margin and 200 page views', () => {
    expect(DEFAULT_GUARD).toMatchObject({ marginPoints: 2, minPageViews: 200 });
  });

  it('aborts a canary whose render errors and load failures exceed stable by more than the margin', () => {
    const d = decide({ stable: figures(1000, 10), canary: figures(400, 100) });
    expect(d.action).toBe('abort');
    expect(d.canaryErrorRate).toBe(0.25);
    expect(d.stableErrorRate).toBe(0.01);
    expect(d.reason).toBe('error rate canary 25.0% (100 errors in 400 page views) vs stable 1.0% (10 errors in 1000 page views): 24 points over stable, more than the 2 allowed');
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

  it('takes its margin and minimum from the settings', () => {
    expect(decide({ stable: figures(100, 0), canary: figures(140, 8), settings: { marginPoints: 5, minPageViews: 50 } }).action).toBe('abort');
    expect(decide({ stable: figures(100, 0), canary: figures(140, 7), settings: { marginPoints: 5, minPageViews: 50 } }).action).toBe('keep');
  });

  it('never aborts on fewer than 7 failures, however few page views they are spread over', () => {
    // One browser counts at most 3 failures and 30 page views in half an hour (the api's budget):
    // with a minimum of 8 page views, 3 failures in 8 views would be 37 points over stable.
    const settings = { minPageViews: 8 };
    const d = decide({ stable: figures(100, 0), canary: figures(8, 6), settings });
    expect(d.action).toBe('keep');
    expect(d.reason).toBe('6 canary failures, fewer than the 7 an abort needs: canary 75.0% (6 errors in 8 page views) vs stable 0.0% (0 errors in 100 page views)');
    expect(decide({ stable: figures(100, 0), canary: figures(8, 7), settings }).action).toBe('abort');
  });

  it('compares against a stable without page views as an error rate of zero', () => {
    expect(decide({ stable: undefined, canary: figures(300, 9) }).action).toBe('abort');
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
