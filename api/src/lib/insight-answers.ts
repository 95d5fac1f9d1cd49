import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { preparedRows } from '../db/sql';
import { callerOfficesKey, officeFilter, type OfficeFilter } from './offices';
import { currentMonth } from './period';
import { insightCompany } from './tenancy';
import type { AuthUser } from './sessions';
import { fastSerializer } from '../plugins/fast-serializer';
import { ListAnswerCache } from './answer-cache';

/**
 * The insights' answers kept in memory per api instance (docs/decisions/0055-insight-answers-kept-in-memory.md),
 * with the employee lists' cache (answer-cache.ts) and its rules: one slot per company,
 * caller's office scope and normalised query, holding the answer read at one insights version of
 * the company (`insight_versions`, moved by triggers in the transaction of every write that can
 * change an insight figure: migration 0040). The caller's version comes with the session check;
 * an answer kept at that version (or a newer one) is the answer, an older one is not used, and the
 * misses of one answer and version are one statement (single flight, decision 0071). Because the
 * version lives in the database, an answer kept by one api process is never used after a write
 * through another.
 *
 * The version is read before the answer (with the session, or by its own statement), never after:
 * what a load reads then holds every write of that version or a newer one, so an answer is never
 * kept under a version newer than its figures.
 */
export const INSIGHT_CACHE_BYTES = 16 * 1024 * 1024;

const caches = new WeakMap<object, ListAnswerCache>();

/** The cache of one api instance (its Fastify app: a process serves one). */
export function insightCacheOf(owner: object): ListAnswerCache {
  let c = caches.get(owner);
  if (!c) caches.set(owner, (c = new ListAnswerCache(INSIGHT_CACHE_BYTES)));
  return c;
}

const serializers = new Map<object, (data: unknown) => string>();

/** The answer's JSON as the route would write it (plugins/fast-serializer.ts), compiled once per schema. */
function serializerOf(schema: object): (data: unknown) => string {
  let s = serializers.get(schema);
  if (!s) serializers.set(schema, (s = fastSerializer(schema as never)));
  return s;
}

/**
 * The answer of an insight endpoint `name` for `companyId` with the query `query` (as its contract
 * parsed it), from memory or from `load`. The key holds the caller's office scope (an office
 * admin's offices: an office admin never gets the company's answer, nor the company theirs), the
 * office asked for (checked by `load`: an answer is only kept after the check passed, and a
 * change of the offices moves the version) and the current UTC month (what "all time" and the
 * default trend read). The reply is the answer's JSON.
 */
export async function keptInsight(
  ctx: ApiContext,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: AuthUser,
  opts: { name: string; companyId: string; query: object; schema: object; load: () => Promise<unknown> },
): Promise<never> {
  const { name, companyId, query, schema, load } = opts;
  const serialize = serializerOf(schema);
  const cache = insightCacheOf(req.server);
  const key = [name, companyId, callerOfficesKey(auth), currentMonth(), JSON.stringify(query)].join('\n');
  const version = BigInt(
    companyId === auth.companyId && auth.insightAnswers !== undefined
      ? auth.insightAnswers
      : ((await preparedRows<{ v: string }>(ctx.db, sql`select (select coalesce(max(version), 0) from insight_versions where company_id = ${companyId})::text as v`))[0]?.v ?? 0),
  );
  const json = cache.get(key, version) ?? (await cache.read(key, version, async () => ({ answer: serialize(await load()), version })));
  reply.type('application/json; charset=utf-8');
  return json as never;
}

/**
 * `keptInsight` of an insight read for the company and the office the query names (`companyId` for a
 * super admin, `officeId`): the company is the caller's own unless they may name another, and the
 * office is checked inside the read, so a refusal (403, 404) is never kept.
 */
export function keptOfficeInsight(
  ctx: ApiContext,
  req: FastifyRequest,
  reply: FastifyReply,
  auth: AuthUser,
  opts: { name: string; query: { companyId?: string | undefined; officeId?: string | undefined }; schema: object; read: (companyId: string, office: OfficeFilter) => Promise<unknown> },
): Promise<never> {
  const { name, query, schema, read } = opts;
  const companyId = insightCompany(auth, query.companyId);
  return keptInsight(ctx, req, reply, auth, { name, companyId, query, schema, load: async () => read(companyId, await officeFilter(ctx.db, auth, companyId, query.officeId)) });
}
