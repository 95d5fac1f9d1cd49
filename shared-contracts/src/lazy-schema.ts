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
  const standIn = lazyObject(schema);
  STANDS_FOR.set(standIn, schema);
  return standIn;
}

/**
 * A stand-in for the object `build` returns, built on the first read of any of its members (or its
 * keys, `in`, its prototype) and the same one after: what `lazySchema` and the endpoint groups'
 * `lazyGroup` are made of. Every operation is forwarded to the built object.
 */
export function lazyObject<T extends object>(build: () => T): T {
  const target = builtOnce(build);
  return new Proxy({} as T, {
    // The object itself as receiver: zod's getters and its bound members read the real instance.
    get: (_, key) => Reflect.get(target(), key),
    set: (_, key, value) => Reflect.set(target(), key, value),
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    // Reported configurable: a proxy may not report a property non-configurable that its (empty) target lacks.
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(target(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(target(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
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
