import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useAfterPageDrawn } from '../layouts/after-page-drawn';
import { forgetPageDrawn, markPageDrawn, whenPageDrawn } from './page-drawn';
import { SETTLE_MS } from './when-settled';

function Bell() {
  return useAfterPageDrawn() ? <span>bell</span> : null;
}

describe("the header widgets, started after the page's first paint", () => {
  beforeEach(() => {
    forgetPageDrawn();
    vi.useFakeTimers();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
  });
  afterEach(() => vi.useRealTimers());

  it('renders nothing until the page is drawn, then at the next idle moment', () => {
    render(<Bell />);
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('bell')).toBeNull();
    act(() => markPageDrawn());
    expect(screen.queryByText('bell')).toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.getByText('bell')).toBeInTheDocument();
  });

  it('renders once the page has settled when no module is drawn (a failed slot, the release console)', () => {
    render(<Bell />);
    act(() => vi.advanceTimersByTime(SETTLE_MS + 200));
    expect(screen.getByText('bell')).toBeInTheDocument();
  });

  it('runs a waiting function once, and at once after the page was drawn', () => {
    const early = vi.fn();
    const cancelled = vi.fn();
    whenPageDrawn(early);
    whenPageDrawn(cancelled)();
    markPageDrawn();
    markPageDrawn();
    expect(early).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    const late = vi.fn();
    whenPageDrawn(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
