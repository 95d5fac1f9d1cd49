// How many zod schemas and checks a page builds: zod calls `globalThis.__zod_globalConfig.postProcessor`
// once for each schema or check it constructs, so counting its calls counts that work exactly, and the
// count does not move with the machine's load (docs/decisions/0082, 0085).
//
//   ../deploy/node_modules/.bin/tsx scripts/count-zod.ts [--node] [--only name,name]
//
// In Node (always): the contracts' modules imported one after the other, in the endpoint table's
// order, each with the instances its evaluation built; then, in a fresh process each, what a read
// page reads before its first data render (the groups it calls) and what the api reads (the whole
// table). Without `--node`, also a first visit of each page in Chromium (the route tour's stops, signed
// in as their visitor, from the navigation until the network is idle). Needs a build for that part.
import { spawnSync } from 'node:child_process';

interface ZodConfig {
  postProcessor?: (inst: unknown) => void;
}

/** The calls a page's first data render makes (no member named: every GET of the group), and the api's whole table. */
const READS: Record<string, { group: string; members: string[] }[] | 'all'> = {
  'employee-management': [
    { group: 'employees', members: ['list', 'pending'] },
    { group: 'employers', members: ['get'] },
  ],
  mainpage: [
    { group: 'insights', members: [] },
    { group: 'billing', members: [] },
    { group: 'employees', members: ['pending'] },
  ],
  api: 'all',
};

/** The contracts' modules in the order the endpoint table imports them. */
const MODULES = [
  'entities',
  'forms',
  'endpoints/accounts',
  'endpoints/audit',
  'endpoints/billing',
  'endpoints/data-rights',
  'endpoints/drivers',
  'endpoints/employees',
  'endpoints/employers',
  'endpoints/health',
  'endpoints/insights',
  'endpoints/journey-groups',
  'endpoints/mail',
  'endpoints/mobile',
  'endpoints/monthly-reports',
  'endpoints/release-freezes',
  'endpoints/releases',
  'endpoints/reports',
  'endpoints/scheme',
  'endpoints/sso',
  'endpoints/scim',
  'endpoints/telemetry',
  'endpoints/vehicles',
  'endpoints',
  '.',
];

function counter(): () => number {
  const g = globalThis as { __zod_globalConfig?: ZodConfig };
  g.__zod_globalConfig ??= {};
  let n = 0;
  g.__zod_globalConfig.postProcessor = () => {
    n += 1;
  };
  return () => n;
}

const specifier = (m: string) => (m === '.' ? '@portal/shared-contracts' : `@portal/shared-contracts/${m}`);

async function countModules(): Promise<void> {
  const count = counter();
  let before = 0;
  for (const m of MODULES) {
    await import(specifier(m));
    const now = count();
    console.log(`${m.padEnd(28)} ${String(now - before).padStart(5)}`);
    before = now;
  }
  console.log(`${'all, at import'.padEnd(28)} ${String(before).padStart(5)}`);
}

async function countReads(name: string): Promise<void> {
  const count = counter();
  const { ENDPOINTS, allEndpoints } = (await import('@portal/shared-contracts/endpoints')) as {
    ENDPOINTS: Record<string, Record<string, unknown>>;
    allEndpoints: () => Partial<Record<'params' | 'query' | 'body' | 'response', unknown>>[];
  };
  const atImport = count();
  const reads = READS[name]!;
  if (reads === 'all') {
    // What the api's start does: every route registered, each request body and answer read.
    for (const e of allEndpoints()) {
      for (const key of ['params', 'query', 'body', 'response'] as const) touch(e[key]);
    }
  } else {
    for (const { group, members } of reads) {
      const g = ENDPOINTS[group]!;
      const read = members.length ? members : Object.keys(g).filter((m) => (g[m] as { method?: string }).method === 'GET');
      for (const m of read) for (const key of ['params', 'query', 'response'] as const) touch((g[m] as Partial<Record<string, unknown>>)[key]);
    }
  }
  console.log(`${name.padEnd(28)} ${String(atImport).padStart(5)} at import, ${String(count()).padStart(5)} after its reads`);
}

/**
 * Reads a schema's internals and those of every schema it is made of, as a parse of a full answer (or
 * the api's serializer, which compiles each answer's JSON Schema) does: a schema built on first use is
 * built then. Deterministic, and the same walk before and after a change.
 */
function touch(schema: unknown, seen = new Set<unknown>()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return;
  for (const key of ['innerType', 'element', 'in', 'out', 'left', 'right', 'keyType', 'valueType', 'catchall', 'rest', 'getter']) {
    const v = key === 'getter' && typeof def.getter === 'function' ? (def.getter as () => unknown)() : def[key];
    touch(v, seen);
  }
  for (const list of [def.options, def.items]) if (Array.isArray(list)) for (const v of list) touch(v, seen);
  if (def.shape && typeof def.shape === 'object') for (const v of Object.values(def.shape)) touch(v, seen);
}

async function countInChromium(only: string[]): Promise<void> {
  const { routeTour, signInAs } = await import('../support/route-tour');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../playwright.config');
  const { SUPERADMIN, startPortal } = await import('../support/portal-process');
  const pages = routeTour().filter((s) => only.includes(s.name));
  if (pages.length === 0) throw new Error(`no page is named ${only.join(', ')}`);
  const portal = await startPortal({ DEMO_DATA: '1' });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const stop of pages) {
      const context = await browser.newContext({ baseURL: portal.url });
      try {
        // A script's text, not a function: what tsx compiles a function into may name helpers the page lacks.
        await context.addInitScript(
          'globalThis.__zodCount = 0; globalThis.__zod_globalConfig = { postProcessor: () => { globalThis.__zodCount += 1; } };',
        );
        const page = await context.newPage();
        await signInAs(page, stop.visitor, SUPERADMIN, 60_000);
        await page.goto('about:blank');
        await page.goto(`/#${stop.route}`, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.waitForTimeout(500);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        const n = await page.evaluate(() => (globalThis as unknown as { __zodCount: number }).__zodCount);
        console.log(`${stop.name.padEnd(28)} ${String(n).padStart(5)} zod instances, first visit in Chromium`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const childAt = argv.indexOf('--reads');
  if (childAt !== -1) return countReads(argv[childAt + 1]!);
  if (argv.includes('--modules')) return countModules();
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt === -1 ? ['mainpage', 'employee-management'] : (argv[onlyAt + 1] ?? '').split(',').filter(Boolean);
  // Each count in a process of its own: a module evaluates once per process.
  const self = (args: string[]) => {
    const r = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, ...args], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`count-zod ${args.join(' ')} failed`);
  };
  console.log('zod instances built by evaluating each module, in Node (in the table\'s order):');
  self(['--modules']);
  console.log('\nwhat a first data render reads, in Node (the endpoint table imported, then the groups read):');
  for (const name of Object.keys(READS)) self(['--reads', name]);
  if (argv.includes('--node')) return;
  console.log('');
  await countInChromium(only);
}

await main();
