/**
 * Checks an answer of the api against the OpenAPI document it serves: the status must be one the
 * operation declares, and the body must match that status's schema. The api's tests run every
 * answer through it, so the document cannot drift from what clients really receive.
 *
 * The validator covers the part of JSON Schema the document uses (zod's OpenAPI 3.0 output):
 * type, nullable, enum, properties, required, additionalProperties, items, anyOf/oneOf/allOf,
 * string and number bounds, pattern and $ref.
 */

type Schema = Record<string, unknown>;
type Doc = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema>; responses?: Record<string, Schema> } };
type Operation = { operationId?: string; responses?: Record<string, Schema> };

export interface AnswerToCheck {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

const METHODS = new Set(['get', 'post', 'put', 'delete', 'patch']);

function resolve(doc: Doc, node: Schema): Schema {
  let cur = node;
  for (let i = 0; i < 20 && typeof cur.$ref === 'string'; i++) {
    const parts = (cur.$ref as string).replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let target: unknown = doc;
    for (const p of parts) target = (target as Record<string, unknown> | undefined)?.[p];
    if (!target || typeof target !== 'object') throw new Error(`unresolvable $ref ${String(cur.$ref)}`);
    cur = target as Schema;
  }
  return cur;
}

const compiled = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let r = compiled.get(pattern);
  if (!r) compiled.set(pattern, (r = new RegExp(pattern)));
  return r;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The problems of `value` against `schema`, each naming where (`$.trip.id`). Empty when it conforms. */
export function schemaProblems(doc: Doc, schemaIn: Schema, value: unknown, at = '$'): string[] {
  const schema = resolve(doc, schemaIn);
  if (value === null && schema.nullable === true) return [];
  const out: string[] = [];
  const t = typeOf(value);
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf as Schema[]) out.push(...schemaProblems(doc, s, value, at));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Schema[] | undefined;
    if (Array.isArray(options) && !options.some((s) => schemaProblems(doc, s, value, at).length === 0)) {
      out.push(`${at}: matches none of ${key}`);
    }
  }
  if (typeof schema.type === 'string') {
    const ok = schema.type === t || (schema.type === 'number' && t === 'integer');
    if (!ok) return [...out, `${at}: expected ${schema.type}${schema.nullable ? ' or null' : ''}, got ${t}`];
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value)) out.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if ('const' in schema && schema.const !== value) out.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) out.push(`${at}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) out.push(`${at}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !regex(schema.pattern).test(value)) out.push(`${at}: ${JSON.stringify(value.slice(0, 60))} does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema as Record<string, number | boolean | undefined>;
    if (typeof minimum === 'number' && (exclusiveMinimum === true ? value <= minimum : value < minimum)) out.push(`${at}: below ${minimum}`);
    if (typeof maximum === 'number' && (exclusiveMaximum === true ? value >= maximum : value > maximum)) out.push(`${at}: above ${maximum}`);
    if (typeof exclusiveMinimum === 'number' && value <= exclusiveMinimum) out.push(`${at}: not above ${exclusiveMinimum}`);
    if (typeof exclusiveMaximum === 'number' && value >= exclusiveMaximum) out.push(`${at}: not below ${exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) out.push(`${at}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) out.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items && typeof schema.items === 'object') value.forEach((v, i) => out.push(...schemaProblems(doc, schema.items as Schema, v, `${at}[${i}]`)));
  }
  if (t === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj) || obj[r] === undefined) out.push(`${at}.${r}: missing`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) out.push(...schemaProblems(doc, props[k], v, `${at}.${k}`));
      else if (schema.additionalProperties === false) out.push(`${at}.${k}: not in the schema`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        out.push(...schemaProblems(doc, schema.additionalProperties as Schema, v, `${at}.${k}`));
      }
    }
  }
  return out;
}

/** The operation a request reached: static segments win over `{param}` ones, as in the router. */
export function findOperation(doc: Doc, method: string, url: string): { path: string; op: Operation } | undefined {
  const m = method.toLowerCase();
  if (!METHODS.has(m)) return undefined;
  const segments = (url.split('?')[0] ?? '').split('/');
  let best: { path: string; op: Operation; score: string } | undefined;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const op = item[m];
    if (!op) continue;
    const tpl = path.split('/');
    if (tpl.length !== segments.length) continue;
    let score = '';
    let ok = true;
    for (let i = 0; i < tpl.length && ok; i++) {
      const isParam = /^\{\w+\}$/.test(tpl[i]!);
      if (isParam) ok = segments[i] !== '';
      else ok = tpl[i] === segments[i];
      score += isParam ? '0' : '1';
    }
    if (ok && (!best || score > best.score)) best = { path, op, score };
  }
  return best && { path: best.path, op: best.op };
}

/** What is wrong with one answer, or an empty list. Paths the document does not describe are left alone. */
export function answerProblems(doc: Doc, a: AnswerToCheck): string[] {
  const found = findOperation(doc, a.method, a.url);
  if (!found) return [];
  const where = `${a.method} ${found.path} answered ${a.status}`;
  const declared = found.op.responses?.[String(a.status)];
  if (!declared) return [`${where}, which the document does not declare (it declares ${Object.keys(found.op.responses ?? {}).join(', ')})`];
  const response = resolve(doc, declared);
  const content = (response.content ?? {}) as Record<string, { schema?: Schema }>;
  const type = (a.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  // A redirect (303) declares no content and sends none.
  if (Object.keys(content).length === 0 && a.body === '') return [];
  const media = content[type];
  if (!media) return [`${where} with content type "${type}", the document says ${Object.keys(content).join(', ') || 'no body'}`];
  if (type !== 'application/json' || !media.schema) return [];
  let body: unknown;
  try {
    body = JSON.parse(a.body);
  } catch {
    return [`${where} with a body that is not JSON`];
  }
  return schemaProblems(doc, media.schema, body).map((p) => `${where}: ${p}`);
}
