import { ListAnswerCache } from '../../lib/answer-cache';

export { ListAnswerCache, keepListAnswers } from '../../lib/answer-cache';

/** Per api instance (a Fastify app): 16 MB of JSON, some 2 000 pages of ten employees. */
export const LIST_CACHE_BYTES = 16 * 1024 * 1024;

const caches = new WeakMap<object, ListAnswerCache>();

/** The cache of one api instance (its Fastify app: a process serves one). */
export function listCacheOf(owner: object): ListAnswerCache {
  let c = caches.get(owner);
  if (!c) caches.set(owner, (c = new ListAnswerCache(LIST_CACHE_BYTES)));
  return c;
}
