/**
 * Whether the page's own remote module (the route's) has been drawn, for the header widgets that are
 * not needed for its first paint: the bells. Each loads a remote container of its own (its entry,
 * its chunk, its shared modules, a call); started with the layout, they competed with the page's
 * module for the network and the main thread (docs/decisions/0067). They start once the page is drawn
 * and the browser is idle, or once the page has settled when no route draws a module (the release
 * console, a slot that failed): `useAfterPageDrawn` (layouts/after-page-drawn.ts).
 */
let drawn = false;
const waiting = new Set<() => void>();

/** The route's module has been drawn (RouteRemote); the header widgets may start. */
export function markPageDrawn(): void {
  if (drawn) return;
  drawn = true;
  for (const w of [...waiting]) w();
  waiting.clear();
}

/** Runs `fn` once the page has been drawn (at once if it has); returns a function that cancels it. */
export function whenPageDrawn(fn: () => void): () => void {
  if (drawn) {
    fn();
    return () => {};
  }
  waiting.add(fn);
  return () => waiting.delete(fn);
}

/** Tests: the next page starts undrawn. */
export function forgetPageDrawn(): void {
  drawn = false;
  waiting.clear();
}
