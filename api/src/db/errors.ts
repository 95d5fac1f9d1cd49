/**
 * How far down a `cause` chain the error tests look. Drizzle wraps the driver's error once and
 * postgres.js or PGlite may wrap it again, so the fact sits within a few links; a chain longer than
 * this was built by something else and is not worth walking.
 */
export const MAX_CAUSE_DEPTH = 8;

/**
 * An error and the errors it was caused by, outermost first: every object on the `cause` chain, at
 * most `MAX_CAUSE_DEPTH` of them, each once (a chain that loops back ends where it would repeat).
 */
export function* causes(err: unknown): Generator<object, void, undefined> {
  const seen = new Set<object>();
  for (let e = err; e !== null && typeof e === 'object' && !seen.has(e) && seen.size < MAX_CAUSE_DEPTH; e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    yield e;
  }
}

