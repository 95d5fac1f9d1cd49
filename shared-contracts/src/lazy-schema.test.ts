import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { builtOnce, lazySchema, schemaBehind } from './lazy-schema';

// zod calls this hook once for each schema or check it constructs (docs/decisions/0082, 0085).
const zodConfig = (globalThis as { __zod_globalConfig?: { postProcessor?: (inst: unknown) => void } }).__zod_globalConfig!;
function countZod(): () => number {
  let n = 0;
  zodConfig.postProcessor = () => {
    n += 1;
  };
  return () => n;
}
afterEach(() => {
  delete zodConfig.postProcessor;
});

/** Every schema a schema is made of, itself first, each once (a stand-in and what it stands for apart). */
function layers(schema: unknown, out = new Set<unknown>()): Set<unknown> {
  if (!schema || typeof schema !== 'object' || out.has(schema)) return out;
  out.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return out;
  for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'catchall']) layers(def[key], out);
  for (const list of [def.options, def.items]) if (Array.isArray(list)) for (const v of list) layers(v, out);
  if (def.shape && typeof def.shape === 'object') for (const v of Object.values(def.shape)) layers(v, out);
  return out;
}

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    let builds = 0;
    const count = countZod();
    const schema = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string().check(z.minLength(1)) });
    });
    expect([builds, count()]).toEqual([0, 0]);
    expect(z.safeParse(schema, { name: 'a' }).success).toBe(true);
    expect(z.safeParse(schema, { name: '' }).success).toBe(false);
    expect(builds).toBe(1);
    expect(count()).toBeGreaterThan(0);
  });

  it('reads as the schema it stands for: parse, extend, check, shape, instanceof, keys, JSON Schema', () => {
    const real = z.object({ id: z.string(), n: z.optional(z.number().check(z.int())) });
    const schema = lazySchema(() => real);
    expect(schemaBehind(schema)).toBe(real);
    expect(schemaBehind(real)).toBeUndefined();
    expect(schema instanceof z.ZodMiniObject && schema instanceof z.core.$ZodType).toBe(true);
    expect(schema.shape).toBe(real.shape);
    expect(schema._zod).toBe(real._zod);
    expect(Object.keys(schema)).toEqual(Object.keys(real));
    expect(z.toJSONSchema(schema)).toEqual(z.toJSONSchema(real));
    for (const v of [{ id: 'a' }, { id: 'a', n: 1.5 }, { id: 1 }, null, { id: 'a', n: 2, extra: true }]) {
      expect(JSON.stringify(z.safeParse(schema, v))).toBe(JSON.stringify(z.safeParse(real, v)));
      expect(JSON.stringify(schema.safeParse(v))).toBe(JSON.stringify(real.safeParse(v)));
    }
    const extended = z.extend(schema, { more: z.boolean() });
    expect(Object.keys(extended.shape)).toEqual(['id', 'n', 'more']);
    expect(z.safeParse(schema.check(z.refine((o) => o.id !== 'x')), { id: 'x' }).success).toBe(false);
    expect(z.safeParse(z.array(schema), [{ id: 'a' }, { id: 'b' }]).success).toBe(true);
  });

  it('builtOnce answers the same value each call, built on the first', () => {
    let builds = 0;
    const fields = builtOnce(() => ({ n: ++builds }));
    expect(builds).toBe(0);
    expect(fields()).toBe(fields());
    expect(builds).toBe(1);
  });
});

describe('the contracts built on first use', () => {
  it('entities and forms build no zod schema at import; the endpoint table only its groups the shell starts with', async () => {
    const count = countZod();
    await import('./entities');
    expect(count()).toBe(0);
    await import('./forms');
    expect(count()).toBe(0);
    const { ENDPOINTS } = await import('./endpoints');
    const atImport = count();
    // accounts, the session and the employer lookup are not lazy groups (docs/decisions/0082).
    expect(atImport).toBeLessThan(150);
    // A first read of Employee Management's list builds what that answer is made of, not the rest.
    expect(z.safeParse(ENDPOINTS.employees.list.response, { success: false }).success).toBe(false);
    const afterList = count();
    expect(afterList).toBeGreaterThan(atImport);
    expect(afterList - atImport).toBeLessThan(400);
  });

  it('leaves no registry entry behind a stand-in: the api and its document read the fields they registered', async () => {
    const { allEndpoints } = await import('./endpoints');
    const { TEXT_KINDS } = await import('./forms');
    const forms: Record<string, unknown> = await import('./forms');
    const entities: Record<string, unknown> = await import('./entities');
    const roots = [
      ...allEndpoints().flatMap((e) => [e.params, e.query, e.body, e.response]),
      ...Object.values(forms),
      ...Object.values(entities),
    ];
    let standIns = 0;
    for (const root of roots) {
      for (const layer of layers(root)) {
        const behind = schemaBehind(layer);
        if (!behind) continue;
        standIns += 1;
        // A registry keys its entries by the instance: one on the built schema would be missed
        // through the stand-in the other schemas hold.
        expect(z.globalRegistry.has(behind as z.core.$ZodType)).toBe(false);
        expect(TEXT_KINDS.has(behind as never)).toBe(false);
      }
    }
    expect(standIns).toBeGreaterThan(100);
  });

  it('registered fields stay readable through the schemas built from them', async () => {
    const { ENDPOINTS } = await import('./endpoints');
    const json = z.toJSONSchema(ENDPOINTS.audit.list.query as z.core.$ZodType, { io: 'input' }) as { properties: Record<string, { description?: string }> };
    expect(json.properties.from?.description).toMatch(/YYYY-MM-DD/);
  });
});
