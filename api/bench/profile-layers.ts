/**
 * Where an api profile's processor time went, by layer (a script that prints figures, not a test):
 *
 *   pnpm --filter @portal/api exec tsx bench/profile-layers.ts bench/profiles/ingest-<time>.cpuprofile [--trips N]
 *
 * Reads a `.cpuprofile` (`bench/ingest.ts --prof`) and prints the busy samples' time by the layer
 * of the function running (self time: postgres.js, drizzle, zod, Fastify, Node's HTTP and sockets,
 * the trips module, the session check, the api's other code, garbage collection), then the
 * inclusive time of named functions (each hook of a request, the handler, validation, the batch's
 * steps). With `--trips` (the run's trips) each figure is also given in µs a trip.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { trips: { type: 'string' }, top: { type: 'string', default: '40' } } });

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const profile = JSON.parse(fs.readFileSync(positionals[0]!, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function layer(n: Node): string {
  const { url, functionName } = n.callFrame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(program)') return 'program (native, unattributed)';
  if (url.includes('/postgres/')) return 'postgres.js';
  if (url.includes('drizzle-orm')) return 'drizzle';
  if (url.includes('/zod/') || url.includes('fastify-type-provider-zod')) return 'zod';
  if (url.includes('fast-json-stringify')) return 'fast-json-stringify';
  if (/\/(fastify|find-my-way|@fastify|avvio|light-my-request|fast-querystring|secure-json-parse|toad-cache|process-warning|abstract-logging|pino)/.test(url)) return 'fastify (incl. router, hooks, cookie)';
  if (url.startsWith('node:_http') || url.startsWith('node:http')) return 'node http';
  if (url.startsWith('node:net') || url.startsWith('node:stream') || url.startsWith('node:internal/stream') || url.includes('stream_base') || url.startsWith('node:internal/net')) return 'node sockets/streams';
  if (url.startsWith('node:internal/crypto') || url.startsWith('node:crypto')) return 'node crypto';
  if (url.startsWith('node:')) return 'node other (timers, events, buffers)';
  if (url.includes('/src/modules/trips/')) return 'trips module';
  if (url.includes('/src/lib/sessions') || url.includes('/src/lib/tokens') || url.includes('/src/plugins/auth')) return 'session check';
  if (url.includes('/shared-contracts/')) return 'shared-contracts';
  if (url.includes('/src/')) return 'api other (' + url.replace(/.*\/src\//, '') + ')';
  if (url === '') return 'native/builtin (' + (functionName || 'anonymous') + ')';
  return 'other (' + url.replace(/.*node_modules\//, '').split('/').slice(0, 2).join('/') + ')';
}

/** Named frames whose inclusive time is given (a frame matches by its function's name and file). */
const NAMED: [string, (n: Node) => boolean][] = [
  ['overload guard hook', (n) => n.callFrame.url.includes('plugins/overload') && n.callFrame.functionName === ''],
  ['authenticate (session check hook)', (n) => n.callFrame.functionName === 'authenticateRequest'],
  ['  resolveSession', (n) => n.callFrame.functionName === 'resolveSession'],
  ['  hashToken', (n) => n.callFrame.functionName === 'hashToken'],
  ['  session statement send', (n) => n.callFrame.url.includes('lib/sessions') && n.callFrame.functionName === 'send'],
  ['cookie parse hook', (n) => n.callFrame.url.includes('@fastify/cookie') && /onReq|fastifyCookieOnReqHandler|parse/.test(n.callFrame.functionName)],
  ['release header hook', (n) => n.callFrame.url.endsWith('src/app.ts') && n.callFrame.lineNumber > 150 && n.callFrame.lineNumber < 200 && n.callFrame.functionName === ''],
  ['rejectNulCharacters (preValidation)', (n) => n.callFrame.functionName === 'rejectNulCharacters'],
  ['body validation (zod)', (n) => n.callFrame.url.includes('plugins/validation')],
  ['content-type parser (JSON)', (n) => n.callFrame.url.endsWith('src/app.ts') && n.callFrame.functionName === '' && n.callFrame.lineNumber > 160 && n.callFrame.lineNumber < 175],
  ['route handler (app.ts)', (n) => n.callFrame.url.endsWith('src/app.ts') && n.callFrame.lineNumber > 110 && n.callFrame.lineNumber < 135],
  ['  recordTrip', (n) => n.callFrame.functionName === 'recordTrip'],
  ['onSend version header', (n) => n.callFrame.url.includes('openapi/document')],
  ['answer serialiser', (n) => n.callFrame.url.includes('fast-serializer') || n.callFrame.url.includes('fast-json-stringify')],
  ['genReqId (randomUUID)', (n) => n.callFrame.functionName === 'genReqId' || (n.callFrame.functionName === 'randomUUID')],
  ['postgres.js (all)', (n) => n.callFrame.url.includes('/postgres/')],
  ['drizzle (all)', (n) => n.callFrame.url.includes('drizzle-orm')],
  ['trips service (all)', (n) => n.callFrame.url.includes('/src/modules/trips/')],
  ['node http server (all)', (n) => n.callFrame.url.startsWith('node:_http_server')],
];

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let total = 0;
let busy = 0;
const frames = new Map<string, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
  const leaf = byId.get(profile.samples[i]!)!;
  const l = layer(leaf);
  total += dt;
  self.set(l, (self.get(l) ?? 0) + dt);
  if (l === 'idle') continue;
  busy += dt;
  const f = `${leaf.callFrame.functionName || '(anonymous)'} ${leaf.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/api\/src\//, 'src/')}:${leaf.callFrame.lineNumber}`;
  frames.set(f, (frames.get(f) ?? 0) + dt);
  const seen = new Set<string>();
  for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
    const n = byId.get(id)!;
    for (const [name, match] of NAMED) if (!seen.has(name) && match(n)) seen.add(name);
  }
  for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
}

const trips = values.trips ? Number(values.trips) : 0;
const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%${trips ? ` ${((1000 * ms) / trips).toFixed(1).padStart(7)} µs a trip` : ''}`;
console.log(`profile ${total.toFixed(0)} ms, busy ${busy.toFixed(0)} ms${trips ? ` (${((1000 * busy) / trips).toFixed(0)} µs a trip of ${trips})` : ''}`);
console.log('\nself time by layer (share of busy):');
for (const [l, ms] of [...self].filter(([l]) => l !== 'idle').sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${fmt(ms)}  ${l}`);
console.log('\ninclusive time of named frames:');
for (const [name] of NAMED) console.log(`  ${fmt(inclusive.get(name) ?? 0)}  ${name}`);
console.log(`\ntop ${values.top} frames by self time:`);
for (const [f, ms] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`  ${fmt(ms)}  ${f}`);
