import { MESSAGES, TIMINGS } from '@portal/shared-contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY } from '../../shared/copy';
import { Carousel } from './carousel';

const themes = MESSAGES.labels.carouselThemes;
const current = () => screen.getAllByRole('group', { hidden: true }).find((g) => g.getAttribute('aria-hidden') === 'false');

describe('Carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves to the next theme every 10 seconds and wraps around', () => {
    render(<Carousel />);
    expect(current()).toHaveTextContent(themes[0]);
    act(() => vi.advanceTimersByTime(TIMINGS.carouselMs - 1));
    expect(current()).toHaveTextContent(themes[0]);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toHaveTextContent(themes[1]);
    act(() => vi.advanceTimersByTime(TIMINGS.carouselMs * 2));
    expect(current()).toHaveTextContent(themes[0]);
  });

  it('pauses while hovered and from its pause button; dots pick a slide', () => {
    render(<Carousel />);
    const region = screen.getByRole('region', { name: COPY.carousel.label });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(TIMINGS.carouselMs * 3));
    expect(current()).toHaveTextContent(themes[0]);
    fireEvent.mouseLeave(region);
    fireEvent.click(screen.getByRole('button', { name: COPY.carousel.pause }));
    act(() => vi.advanceTimersByTime(TIMINGS.carouselMs * 3));
    expect(current()).toHaveTextContent(themes[0]);
    fireEvent.click(screen.getByRole('button', { name: COPY.carousel.goTo(3, 3) }));
    expect(current()).toHaveTextContent(themes[2]);
    expect(screen.getByRole('button', { name: COPY.carousel.goTo(3, 3) })).toHaveAttribute('aria-current', 'true');
  });
});
