// The one setup of every package whose tests render (vitest `setupFiles`, given by the preset).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A findBy waits for what the user would see; its 1 s default is a guess about the machine's speed,
// which several packages' suites running at once on two cores outrun. Nothing asserted changes.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout: Radix measures elements (checkbox bubble input, popper) with ResizeObserver,
// and its menus and selects use pointer capture and scrollIntoView.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
const element = Element.prototype as unknown as Record<string, unknown>;
element.hasPointerCapture ??= () => false;
element.releasePointerCapture ??= () => {};
element.scrollIntoView ??= () => {};
