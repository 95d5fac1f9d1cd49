import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@portal/shared-contracts/constants';
import { LAYOUT_FRAME_MESSAGES } from '@portal/shared-contracts/messages/layout-frame';
import { PAGE_TITLES } from '@portal/shared-contracts/page-titles';
import { ROUTES } from '@portal/shared-contracts/routes';
import { keepTrialLineSpace } from '../layouts/trial-line-space';
import { paintEarlyFrame } from './early-frame';
import { builtInRouteAt, paintFrameFirst, warmPageAt } from './early-page';
import { PageLoading } from './page-heading';

const frame = () => document.querySelector<HTMLElement>('[data-early-frame]');
/** MutationObserver reports at the end of the task's microtasks; the frame's own root is React's. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));
const paint = (path: string) => {
  let drawn = false;
  act(() => {
    drawn = paintEarlyFrame(builtInRouteAt(path)!);
  });
  return drawn;
};

describe("a signed-in page's frame, drawn from the address before the session is restored", () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
  });
  afterEach(() => {
    frame()?.remove();
    root.remove();
    sessionStorage.clear();
    localStorage.clear();
  });

  it("keeps the trial line's place the layout keeps for the stored company, and none for another", () => {
    const space = () => frame()!.querySelector<HTMLElement>('[style*="min-height"]')?.style.minHeight ?? null;
    paint(ROUTES.employeeManagement);
    expect(space()).toBeNull();
    frame()!.remove();
    keepTrialLineSpace('company-a', 49);
    // A tab restored from the browser-long cookie has no stored session yet: the line this browser drew last.
    paint(ROUTES.employeeManagement);
    expect(space()).toBe('49px');
    frame()!.remove();
    sessionStorage.setItem(STORAGE_KEYS.employerId, 'company-a');
    paint(ROUTES.employeeManagement);
    expect(space()).toBe('49px');
    frame()!.remove();
    sessionStorage.setItem(STORAGE_KEYS.employerId, 'company-b');
    paint(ROUTES.employeeManagement);
    expect(space()).toBeNull();
    frame()!.remove();
    // The back office has no trial line.
    sessionStorage.setItem(STORAGE_KEYS.employerId, 'company-a');
    paint(ROUTES.superAdmin);
    expect(space()).toBeNull();
  });

  it("draws the page's heading where the loading page draws it, hidden from assistive technology", () => {
    expect(paint(ROUTES.mainPage)).toBe(true);
    const drawn = frame()!;
    expect(drawn.nextElementSibling).toBe(root);
    expect(drawn.getAttribute('aria-hidden')).toBe('true');
    expect(drawn.hasAttribute('inert')).toBe(true);
    // Nobody hears it: the page's own heading is the only one announced.
    expect(screen.queryByRole('heading')).toBeNull();
    const h1 = drawn.querySelector('h1')!;
    expect(h1.textContent).toBe(PAGE_TITLES.dashboard);
    // The same element and classes as the heading the layout draws in its place (PageLoading).
    const loading = render(<PageLoading title={PAGE_TITLES.dashboard} />);
    const real = loading.getByRole('heading', { level: 1 });
    expect(h1.className).toBe(real.className);
    expect((h1.parentElement as HTMLElement).className).toBe((real.parentElement as HTMLElement).className);
    // Nothing in it can be reached by the keyboard.
    expect(drawn.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0);
  });

  it("carries no one's data: only the route's title and the layout's static texts", () => {
    paint(ROUTES.employeeManagement);
    expect(frame()!.textContent).toBe(`${LAYOUT_FRAME_MESSAGES.menu}${PAGE_TITLES.employeeManagement}`);
    frame()!.remove();
    // A page whose module draws a heading of its own: the frame and the spinner, no heading.
    paint(ROUTES.superAdmin);
    expect(frame()!.querySelector('h1')).toBeNull();
    expect(frame()!.textContent).toBe(LAYOUT_FRAME_MESSAGES.menu);
  });

  it('stays while nothing is drawn in #root, and goes as soon as anything is', async () => {
    paint(ROUTES.mainPage);
    const app = createRoot(root);
    // The router and the layout are still loading (Suspense fallbacks of null).
    await act(async () => app.render(null));
    await settle();
    expect(frame()).not.toBeNull();
    // The login page (a session that had ended), the layout, a failed start: whatever comes first.
    await act(async () => app.render(<main>Log In</main>));
    await settle();
    expect(frame()).toBeNull();
    act(() => app.unmount());
  });

  it('is not drawn once something is in #root, nor for the setup steps or a public page', () => {
    expect(paintEarlyFrame(builtInRouteAt(ROUTES.setupCompany)!)).toBe(false);
    expect(paintEarlyFrame(builtInRouteAt(ROUTES.login)!)).toBe(false);
    root.append(document.createElement('div'));
    expect(paintEarlyFrame(builtInRouteAt(ROUTES.mainPage)!)).toBe(false);
    expect(frame()).toBeNull();
  });

  it('is drawn first when someone may be signed in, and only then; the wait for its paint follows', async () => {
    const afterPaint = vi.fn(() => Promise.resolve());
    expect(await paintFrameFirst(ROUTES.mainPage, afterPaint)).toBe(false);
    expect(frame()).toBeNull();
    expect(afterPaint).not.toHaveBeenCalled();
    sessionStorage.setItem(STORAGE_KEYS.userId, 'u-1');
    let heading: string | null | undefined;
    // What the frame shows is in the document when the wait for its paint begins.
    afterPaint.mockImplementation(() => {
      heading = frame()?.querySelector('h1')?.textContent;
      return Promise.resolve();
    });
    await act(async () => expect(await paintFrameFirst(ROUTES.mainPage, afterPaint)).toBe(true));
    expect(heading).toBe(PAGE_TITLES.dashboard);
    expect(afterPaint).toHaveBeenCalledTimes(1);
  });

  it('is not drawn by the early warm of the rest of the page', async () => {
    sessionStorage.setItem(STORAGE_KEYS.userId, 'u-1');
    const runtime = { registerRemotes: vi.fn(), loadRemote: vi.fn(() => Promise.resolve()) };
    await act(() => warmPageAt(runtime, Promise.resolve(null), ROUTES.mainPage, { warm: vi.fn() }));
    expect(frame()).toBeNull();
  });
});
