import { lazyObject } from '../lazy-schema';

/**
 * A group of endpoints built on its first use, not when its module is evaluated: the definitions and
 * the zod schemas written in them cost nothing until a page calls (or the api registers) one of the
 * group's endpoints. A signed-in page evaluates the whole endpoint table with its first module, and
 * reads a few groups of it before its first data render (docs/decisions/0082).
 *
 * The group reads as the object `build` returns: its members, `Object.keys`/`Object.values`, `in`
 * and spreading. The same definitions, so the same schemas check a call on both sides.
 */
export function lazyGroup<T extends object>(build: () => T): T {
  return lazyObject(build);
}
