/**
 * A module-level zod schema built on its first use, not when its module is evaluated: a signed-in page
 * evaluates the entities, the forms and the endpoint groups' modules with its first shared entry, and
 * reads few of their schemas before its first data render (docs/decisions/0085). The exported name
 * keeps its type and reads as the schema: a parse, `z.extend`, `.check`, `.shape`, `instanceof` and
 * the schemas built from it reach the one instance `build` returns, built once.
 *
 * What does not see through: identity. A registry (`z.globalRegistry`, `TEXT_KINDS`) keys its entries
 * by the instance, so a schema registered where it is defined stays built at import; the ones that
 * are built inside factories (`requiredText`, `isoDay`) are unaffected, being real instances.
 */
const STANDS_FOR = new WeakMap<object, () => object>();

export function lazySchema<T extends object>(build: () => T): T {
  const schema = builtOnce(build);
  const standIn = new Proxy({} as T, {
    // The schema itself as receiver: zod's getters and its bound members read the real instance.
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // Reported configurable: a proxy may not report a property non-configurable that its (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(schema(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(schema(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
  STANDS_FOR.set(standIn, schema);
  return standIn;
}

/** The instance a `lazySchema` stands for (built now if it was not), or undefined for anything else. */
export function schemaBehind(value: unknown): object | undefined {
  return value && typeof value === 'object' ? STANDS_FOR.get(value)?.() : undefined;
}

/** `build`'s answer, computed on the first call and the same one after: fields two schemas share. */
export function builtOnce<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
