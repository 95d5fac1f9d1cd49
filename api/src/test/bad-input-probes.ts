import fc from 'fast-check';
import { TEXT_KINDS, type AnyEndpoint, type TextKind } from '@portal/shared-contracts';
import { z } from 'zod';

/**
 * Bad inputs for any endpoint, derived from its contract: the fields of its params, query and body
 * schemas (with their kinds and length limits) decide what is sent in place of each field. Imported
 * only by `bad-input.test.ts`.
 */

export type Part = 'params' | 'query' | 'body';

export interface Field {
  part: Part;
  name: string;
  kind: 'string' | 'number' | 'boolean' | 'array' | 'enum' | 'object' | 'other';
  /** The longest string the contract accepts, when it says. */
  max?: number;
  /** The edge rule the contract marks the field with (a date, a page number, a kind of text), when it does. */
  rule?: FieldRule;
}

/**
 * The rules at the edges of input (docs/api.md, "Dates", "Paging", "Text"), as the contract marks
 * its fields: `format: date` or `date-time` in the schema's metadata, a list's `pageNumber`, or the
 * text kind forms/text.ts registers.
 */
export type FieldRule = 'day' | 'dateTime' | 'pageNumber' | TextKind;

type Def = { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType; out?: z.core.$ZodType; options?: z.core.$ZodType[]; shape?: Record<string, z.core.$ZodType>; element?: z.core.$ZodType };
const defOf = (s: z.core.$ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under optional/default/pipe/union wrappers: what the field is made of. */
function core(s: z.core.$ZodType): z.core.$ZodType {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s);
    if (d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = defOf(d.in).type === 'transform' && d.out ? d.out : d.in;
    else if (d.type === 'union' && d.options?.length) s = d.options.find((o) => defOf(core(o)).type !== 'literal') ?? d.options[0]!;
    else return s;
  }
  return s;
}

function kindOf(s: z.core.$ZodType): Field['kind'] {
  const t = defOf(core(s)).type;
  if (t === 'string' || t === 'number' || t === 'boolean' || t === 'array' || t === 'enum' || t === 'object') return t;
  if (t === 'literal') return 'enum';
  return 'other';
}

/** Every schema a field is made of, outermost first: the wrappers (optional, default, pipe, union) and what they wrap. */
function layersOf(s: z.core.$ZodType): z.core.$ZodType[] {
  const out: z.core.$ZodType[] = [];
  const queue = [s];
  while (queue.length && out.length < 40) {
    const cur = queue.shift()!;
    out.push(cur);
    const d = defOf(cur);
    if (d.innerType) queue.push(d.innerType);
    if (d.in) queue.push(d.in);
    if (d.out) queue.push(d.out);
    if (d.options) queue.push(...d.options);
  }
  return out;
}

function ruleOf(name: string, s: z.core.$ZodType): FieldRule | undefined {
  for (const layer of layersOf(s)) {
    const format = (z.globalRegistry.get(layer) as { format?: string } | undefined)?.format;
    if (format === 'date') return 'day';
    if (format === 'date-time') return 'dateTime';
    const text = TEXT_KINDS.get(layer as never)?.text;
    if (text) return text;
  }
  return name === 'pageNumber' ? 'pageNumber' : undefined;
}

function maxOf(s: z.core.$ZodType): number | undefined {
  const c = core(s) as unknown as { maxLength?: number | null };
  return typeof c.maxLength === 'number' ? c.maxLength : undefined;
}

export function shapeOf(schema: z.core.$ZodType | undefined): Record<string, z.core.$ZodType> {
  if (!schema) return {};
  const d = defOf(core(schema));
  return d.type === 'object' && d.shape ? d.shape : {};
}

/** Every field the contract names for this endpoint. */
export function fieldsOf(ep: AnyEndpoint): Field[] {
  const out: Field[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    for (const [name, s] of Object.entries(shapeOf(ep[part]))) {
      const max = maxOf(s);
      const rule = ruleOf(name, s);
      out.push({ part, name, kind: kindOf(s), ...(max !== undefined ? { max } : {}), ...(rule ? { rule } : {}) });
    }
  }
  return out;
}

// ---------------------------------------------------------------- values

export const MB = 1024 * 1024;

/** Strings a careless handler would pass on to SQL, HTML, a spreadsheet or the file system. */
export const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(5)',
  "%' AND 1=1 --",
  '%%%%%%%%__%%',
  '\\',
  '\\\\x00',
  '$1',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '=CMD|\' /C calc\'!A0',
  '=HYPERLINK("http://evil.test")',
  '+1+1',
  '-2+3',
  '@SUM(1,1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  'file:///etc/passwd',
  '__proto__',
  'constructor',
  '   ',
  '',
  '\u202Egnp.exe',
  '\u200B\u200C\u200D\uFEFF',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🚗💨',
  'ＡＢＣ１２３',
  'a\r\nSet-Cookie: x=1',
  'null',
  'undefined',
  'NaN',
  'true',
] as const;

/** Control characters, NUL included (PostgreSQL text cannot hold a NUL). */
export const CONTROL_STRINGS = ['\u0000', 'a\u0000b', '\u0001\u0002\u0003', '\u0007\u0008', '\t\n\r', '\u001B[31m', '\u007F', '\u0085\u2028\u2029', '\u0000'.repeat(64)] as const;

/** Lone halves of surrogate pairs: valid in a JS string and in JSON text, not in UTF-8. */
export const SURROGATE_STRINGS = ['\uD800', '\uDFFF', 'a\uDC00b', '\uDBFF\uDBFF', '🚗'.slice(0, 1), '🚗'.slice(1)] as const;

/** Numbers in every disguise: out of range, not finite once parsed, or text that only looks numeric. */
export const ODD_NUMBERS = [-1, 0, -0, 1.5, 0.001, 2 ** 31, 2 ** 53 + 2, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-320] as const;
export const NUMBER_STRINGS = ['0x10', '1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '1e3', '-0', ' 5', '5 ', '１２', '0b101', '0o17', '1_000', '', '9'.repeat(400), '12abc', '.5'] as const;

/** A value of another JSON type than the field's. */
export const WRONG_TYPES = [0, 42, -7.5, true, false, null, [], ['a'], {}, { a: 1 }, 'text'] as const;

export const MASS_ASSIGNMENT = {
  role: 'SuperAdmin',
  isApproved: true,
  isActive: true,
  companyId: '<other company>',
  company_id: '<other company>',
  employerId: '<other company>',
  userId: '<other user>',
  signUpState: 3,
  passwordHash: 'x',
  id: '<other user>',
} as const;

/** Text that shows nothing: zero-width characters, joiners, the BOM, fillers, with and without white space. */
export const INVISIBLE_STRINGS = ['\u200B', '\u200B\u200C\u200D\uFEFF', ' \u2060 \u00A0 ', '\u3164\u115F', '\u00AD', '\u2800', '\u200E\u200F'] as const;
/** A name turned round by each kind of direction control (embedding, override, isolate, mark). */
export const DIRECTION_STRINGS = ['Ann\u202ELee', 'Ann\u202ALee\u202C', 'Ann\u2067Lee\u2069', 'Ann\u200FLee', 'Ann\u061CLee'] as const;

/** The inputs at the edge of each rule: past the range, just inside it, what shows nothing, what turns text round. */
export const EDGE_VALUES: Record<FieldRule, readonly string[]> = {
  day: ['0000-01-01', '9999-12-31', '1999-12-31', '2101-01-01', '2026-02-31', '2000-01-01', '2100-12-31'],
  dateTime: ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1999-12-31T23:59:59Z', '2101-01-01T00:00:00Z', '2026-02-31T10:00:00Z', '2000-01-01T00:00:00Z', '2100-12-31T23:59:59+01:00'],
  pageNumber: ['21474841', '1000000', '1000001', '2147483648', '9007199254740993', '999999999999999999999'],
  name: [...INVISIBLE_STRINGS, ...DIRECTION_STRINGS, 'Cafe\u0301 Zoe\u0308'],
  required: [...INVISIBLE_STRINGS, 'Cafe\u0301 Zoe\u0308'],
  optionalName: [...INVISIBLE_STRINGS, ...DIRECTION_STRINGS],
  search: [...INVISIBLE_STRINGS, ...DIRECTION_STRINGS, 'Zoe\u0308'],
};

/** What replaces one field's value. Data only, so fast-check can shrink a failure to it. */
export type FieldMutation =
  | { kind: 'wrong-type'; value: unknown }
  | { kind: 'missing' }
  | { kind: 'too-long'; by: 'one' | 'tenfold' | 'near-1mb' | 'over-1mb' }
  | { kind: 'control'; value: string; at: 'start' | 'end' | 'only' }
  | { kind: 'surrogate'; value: string }
  | { kind: 'hostile'; value: string; clip: boolean }
  | { kind: 'number'; value: number }
  | { kind: 'number-text'; value: string }
  | { kind: 'infinite-literal'; value: '1e309' | '-1e309' }
  | { kind: 'repeated'; values: [string, string] }
  | { kind: 'huge-array'; length: number; of: unknown }
  /** A value at the edge of the field's rule; a page number comes with the largest page size. */
  | { kind: 'edge'; value: string };

/** What is wrong with the request as a whole. */
export type RequestMutation =
  | { kind: 'extra-fields'; pick: (keyof typeof MASS_ASSIGNMENT)[]; proto: boolean }
  | { kind: 'not-json'; contentType: string; text: string }
  | { kind: 'truncated-json'; keep: number }
  | { kind: 'body-of-type'; value: unknown }
  | { kind: 'deep-json'; shape: 'array' | 'object'; depth: number }
  | { kind: 'raw-query'; query: string }
  | { kind: 'raw-param'; value: string }
  | { kind: 'garbage-but-valid'; value: string }
  | { kind: 'baseline' };

export type Probe = { field: Field; mutation: FieldMutation } | { field?: undefined; mutation: RequestMutation };

export function describeProbe(p: Probe): string {
  const m = p.mutation as Record<string, unknown>;
  const detail = Object.entries(m)
    .filter(([k]) => k !== 'kind')
    .map(([k, v]) => `${k}=${JSON.stringify(v)?.slice(0, 60)}`)
    .join(' ');
  return `${p.mutation.kind}${p.field ? ` ${p.field.part}.${p.field.name}` : ''}${detail ? ` (${detail})` : ''}`;
}

const oneOf = <T>(values: readonly T[]) => fc.constantFrom(...values);

function fieldMutation(field: Field): fc.Arbitrary<FieldMutation> {
  const arbs: fc.Arbitrary<FieldMutation>[] = [
    oneOf(WRONG_TYPES).map((value) => ({ kind: 'wrong-type' as const, value })),
    fc.constant({ kind: 'missing' as const }),
    oneOf(CONTROL_STRINGS).chain((value) => oneOf(['start', 'end', 'only'] as const).map((at) => ({ kind: 'control' as const, value, at }))),
    oneOf(SURROGATE_STRINGS).map((value) => ({ kind: 'surrogate' as const, value })),
    fc.tuple(oneOf(HOSTILE_STRINGS), fc.boolean()).map(([value, clip]) => ({ kind: 'hostile' as const, value, clip })),
    fc.oneof(
      { weight: 10, arbitrary: oneOf(['one', 'tenfold'] as const) },
      { weight: 1, arbitrary: oneOf(['near-1mb', 'over-1mb'] as const) },
    ).map((by) => ({ kind: 'too-long' as const, by })),
    oneOf(ODD_NUMBERS).map((value) => ({ kind: 'number' as const, value })),
    oneOf(NUMBER_STRINGS).map((value) => ({ kind: 'number-text' as const, value })),
    oneOf(['1e309', '-1e309'] as const).map((value) => ({ kind: 'infinite-literal' as const, value })),
    fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map((values) => ({ kind: 'repeated' as const, values })),
    fc.tuple(oneOf([2, 1001, 20_001]), oneOf(['a', 1, null, {}, ['x']] as unknown[])).map(([length, of]) => ({ kind: 'huge-array' as const, length, of })),
  ];
  // Arbitrary text as well as the chosen shapes: fast-check's own strings find what a list forgets.
  arbs.push(fc.string({ unit: 'binary', maxLength: 40 }).map((value) => ({ kind: 'hostile' as const, value, clip: true })));
  if (field.rule) arbs.push(oneOf(EDGE_VALUES[field.rule]).map((value) => ({ kind: 'edge' as const, value })));
  return fc.oneof(...arbs);
}

function requestMutation(ep: AnyEndpoint): fc.Arbitrary<RequestMutation> {
  const arbs: fc.Arbitrary<RequestMutation>[] = [
    fc.constant({ kind: 'baseline' as const }),
    fc.tuple(fc.oneof(oneOf(HOSTILE_STRINGS), fc.string({ unit: 'grapheme', maxLength: 30 })), fc.constant(0)).map(([value]) => ({ kind: 'garbage-but-valid' as const, value })),
    fc
      .tuple(fc.subarray(Object.keys(MASS_ASSIGNMENT) as (keyof typeof MASS_ASSIGNMENT)[], { minLength: 1 }), fc.boolean())
      .map(([pick, proto]) => ({ kind: 'extra-fields' as const, pick, proto })),
    oneOf([
      '/api/x/../../etc/passwd',
      'a=%&b=%zz',
      'pageNumber=1&pageNumber=2',
      'pageSize[]=5',
      'search[$ne]=x',
      'search=%ED%A0%80',
      'search=%FF%FE',
      'search=%C0%AF',
      `search=${'a'.repeat(20_000)}`,
      '&&&==&=',
      'status=active&status=deactivated',
      'companyId=not-a-uuid',
      'companyId=00000000-0000-0000-0000-000000000000',
      'year=1e3&month=0x1',
      'pageNumber=9007199254740993&pageSize=100',
      '__proto__[polluted]=1',
      'constructor[prototype][polluted]=1',
    ]).map((query) => ({ kind: 'raw-query' as const, query })),
  ];
  if (ep.path.includes('{')) {
    arbs.push(
      oneOf([
        'not-a-uuid',
        '00000000-0000-0000-0000-000000000000',
        'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
        '1',
        '-1',
        '0x10',
        'null',
        '%00',
        '%ED%A0%80',
        '%FF',
        '..%2F..%2Fetc%2Fpasswd',
        "'%20OR%201=1--",
        '%3Cscript%3E',
        'a'.repeat(99),
        'a'.repeat(5000),
        '12345678-1234-1234-1234-1234567890123',
        '{id}',
        '%20',
      ]).map((value) => ({ kind: 'raw-param' as const, value })),
    );
  }
  if (ep.method !== 'GET') {
    arbs.push(
      fc
        .tuple(
          oneOf(['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json', 'application/json; charset=utf-16', 'multipart/form-data', 'application/octet-stream']),
          oneOf(['{a:1}', "{'a':1}", '{"a":1,}', 'undefined', 'NaN', '[1,2', 'a=1&b=2', '<a>1</a>', '\uFEFF{}', '{"a":1}{"b":2}', '{"__proto__":{"polluted":1}}', '\u0000']),
        )
        .map(([contentType, text]) => ({ kind: 'not-json' as const, contentType, text })),
      fc.integer({ min: 1, max: 200 }).map((keep) => ({ kind: 'truncated-json' as const, keep })),
      oneOf([null, 0, 'text', true, [], [{}], [1, 2, 3]] as unknown[]).map((value) => ({ kind: 'body-of-type' as const, value })),
      fc.tuple(oneOf(['array', 'object'] as const), oneOf([100, 1_000, 10_000])).map(([shape, depth]) => ({ kind: 'deep-json' as const, shape, depth })),
    );
  }
  return fc.oneof(...arbs);
}

/** The bad inputs of one endpoint: one field at a time, or the request as a whole. */
export function probesOf(ep: AnyEndpoint): fc.Arbitrary<Probe> {
  const fields = fieldsOf(ep);
  const whole = requestMutation(ep).map((mutation): Probe => ({ mutation }));
  if (fields.length === 0) return whole;
  // One arbitrary a field, made on its first draw: a chained arbitrary is otherwise built again at
  // every draw, and building fast-check's strings (their tables for shrinking) cost more processor
  // time than some requests. The same arbitraries draw the same values from the same seed.
  const ofField = new Map<Field, fc.Arbitrary<Probe>>();
  const single = fc.constantFrom(...fields).chain((field) => {
    let arb = ofField.get(field);
    if (!arb) ofField.set(field, (arb = fieldMutation(field).map((mutation): Probe => ({ field, mutation }))));
    return arb;
  });
  return fc.oneof({ weight: 3, arbitrary: single }, { weight: 1, arbitrary: whole });
}

// ---------------------------------------------------------------- applying a probe

export interface Inputs {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: Record<string, unknown> | undefined;
}

/** What the server's parsers hand to validation for this probe, or 'raw' when only the wire says. */
export interface Built {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** The parsed inputs, for the contract's own verdict; undefined when the request is malformed below JSON. */
  parsed?: Inputs;
}

const SENTINEL = '__infinite__';

function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    // A lone surrogate cannot be encoded; its WTF-8 bytes are what a hostile client would send.
    return Array.from(s)
      .map((ch) => {
        const c = ch.charCodeAt(0);
        if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

function queryString(q: Record<string, string | string[]>): string {
  return Object.entries(q)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeSegment(k)}=${encodeSegment(x)}`))
    .join('&');
}

function fillPath(path: string, params: Record<string, string>, raw?: string): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => (raw !== undefined ? raw : encodeSegment(params[k] ?? '')));
}

function longString(by: 'one' | 'tenfold' | 'near-1mb' | 'over-1mb', max: number | undefined): string {
  const m = max ?? 255;
  if (by === 'one') return 'x'.repeat(m + 1);
  if (by === 'tenfold') return 'x'.repeat(m * 10 + 1);
  if (by === 'near-1mb') return 'x'.repeat(MB - 4096);
  return 'x'.repeat(MB + 1);
}

function mutatedValue(f: Field, m: FieldMutation, current: unknown): unknown {
  const text = typeof current === 'string' ? current : '';
  switch (m.kind) {
    case 'wrong-type':
      return m.value;
    case 'missing':
      return undefined;
    case 'too-long':
      return longString(m.by, f.max);
    case 'control':
      return m.at === 'start' ? m.value + text : m.at === 'end' ? text + m.value : m.value;
    case 'surrogate':
      return text + m.value;
    case 'hostile':
      return m.clip && f.max !== undefined ? m.value.slice(0, f.max) : m.value;
    case 'number':
      return f.part === 'body' ? m.value : String(m.value);
    case 'number-text':
      return m.value;
    case 'infinite-literal':
      return f.part === 'body' ? SENTINEL + m.value : m.value;
    case 'repeated':
      return f.part === 'query' ? [...m.values] : m.values;
    case 'huge-array':
      return Array.from({ length: m.length }, () => m.of);
    case 'edge':
      return m.value;
  }
}

/** Every edge input of an endpoint, one field at a time: what its rules refuse and what they just take. */
export function edgeProbesOf(ep: AnyEndpoint): Probe[] {
  return fieldsOf(ep).flatMap((field) => (field.rule ? EDGE_VALUES[field.rule].map((value): Probe => ({ field, mutation: { kind: 'edge', value } })) : []));
}

/** A string a field accepts as it is (within its limit): valid, but not what the handler expects. */
function garbageFor(f: Field, value: string, current: unknown): unknown {
  if (f.kind !== 'string' || typeof current !== 'string') return current;
  const v = value.trim() ? value : `x${value}`;
  return f.max !== undefined ? v.slice(0, f.max) || 'x' : v;
}

export function applyProbe(ep: AnyEndpoint, base: Inputs, probe: Probe, ids: { otherCompany: string; otherUser: string }): Built {
  const inputs: Inputs = { params: { ...base.params }, query: { ...base.query }, body: base.body ? structuredClone(base.body) : undefined };
  let rawParam: string | undefined;
  let rawQuery: string | undefined;
  let payload: string | Buffer | undefined;
  let contentType: string | undefined;
  let parsed = true;

  if (probe.field) {
    const f = probe.field;
    const target = (f.part === 'body' ? (inputs.body ??= {}) : inputs[f.part]) as Record<string, unknown>;
    const value = mutatedValue(f, probe.mutation, target[f.name]);
    if (value === undefined || (f.part !== 'body' && Array.isArray(value) && value.length === 0)) delete target[f.name];
    else if (f.part === 'body') target[f.name] = value;
    // One value of a repeated key is just that value on the wire.
    else if (Array.isArray(value)) target[f.name] = value.length === 1 ? String(value[0]) : value.map(String);
    else target[f.name] = typeof value === 'string' ? value : JSON.stringify(value);
    // A page far past the end is asked with the largest page size, as a client reading it all would.
    if (probe.mutation.kind === 'edge' && f.rule === 'pageNumber') inputs.query.pageSize = '100';
  } else {
    const m = probe.mutation;
    switch (m.kind) {
      case 'baseline':
        break;
      case 'garbage-but-valid':
        for (const f of fieldsOf(ep)) {
          if (f.part === 'params') continue;
          const target = (f.part === 'body' ? inputs.body : inputs.query) as Record<string, unknown> | undefined;
          if (target && f.name in target && /name|description|rewards|reason|notes|text|town|address|make|model|color|search|meeting/i.test(f.name)) {
            target[f.name] = garbageFor(f, m.value, target[f.name]);
          }
        }
        break;
      case 'extra-fields': {
        const extra = Object.fromEntries(
          m.pick.map((k) => {
            const v = MASS_ASSIGNMENT[k];
            return [k, v === '<other company>' ? ids.otherCompany : v === '<other user>' ? ids.otherUser : v];
          }),
        );
        if (ep.method === 'GET') Object.assign(inputs.query, Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])));
        else {
          // Fields the contract does not name; a field it does name keeps its own value.
          inputs.body = { ...extra, ...(inputs.body ?? {}) };
          if (m.proto) payload = JSON.stringify(inputs.body).replace(/^\{/, '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},');
        }
        break;
      }
      case 'not-json':
        payload = m.text;
        contentType = m.contentType;
        parsed = false;
        break;
      case 'truncated-json': {
        const text = JSON.stringify(inputs.body ?? { a: 1 });
        payload = text.slice(0, Math.max(1, Math.min(m.keep, text.length - 1)));
        parsed = false;
        break;
      }
      case 'body-of-type':
        payload = JSON.stringify(m.value);
        inputs.body = m.value as never;
        break;
      case 'deep-json':
        payload = m.shape === 'array' ? '['.repeat(m.depth) + ']'.repeat(m.depth) : '{"a":'.repeat(m.depth) + '1' + '}'.repeat(m.depth);
        parsed = false;
        break;
      case 'raw-query':
        rawQuery = m.query;
        parsed = false;
        break;
      case 'raw-param':
        rawParam = m.value;
        parsed = false;
        break;
    }
  }

  const qs = rawQuery ?? queryString(inputs.query);
  const url = fillPath(ep.path, inputs.params, rawParam) + (qs ? `?${qs}` : '');
  if (payload === undefined && inputs.body !== undefined && ep.method !== 'GET') {
    payload = JSON.stringify(inputs.body);
    if (payload.includes(SENTINEL)) {
      // JSON text may say 1e309; JSON.parse reads it as Infinity, which no field accepts.
      payload = payload.replace(new RegExp(`"${SENTINEL}(-?1e309)"`, 'g'), '$1');
      parsed = false;
    }
  }
  if (payload !== undefined) contentType ??= 'application/json';
  return { url, ...(payload !== undefined ? { payload } : {}), ...(contentType ? { contentType } : {}), ...(parsed ? { parsed: inputs } : {}) };
}

/** The contract's own verdict on what the server's parsers hand over: would validation let it through? */
export function contractAccepts(ep: AnyEndpoint, inputs: Inputs): boolean {
  const ok = (schema: z.core.$ZodType | undefined, value: unknown) => !schema || z.safeParse(schema, value).success;
  const hasNul = (v: unknown) => JSON.stringify(v ?? null).includes('\\u0000');
  if (hasNul(inputs.params) || hasNul(inputs.query) || hasNul(inputs.body)) return false;
  return ok(ep.params, inputs.params) && ok(ep.query, inputs.query) && ok(ep.body, ep.body ? inputs.body : undefined);
}
