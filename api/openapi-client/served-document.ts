import Fastify from 'fastify';
import { apiPlugin, DOCS_PATH } from '../src/app';
import type { ApiContext } from '../src/context';
import type { ApiConfig } from '../src/env';

/**
 * The document the api serves, built without a database: the route table and the configuration are
 * all it depends on. For the client generator, which must not need the api's data to run.
 */
export async function servedDocument(config: ApiConfig): Promise<object> {
  const app = Fastify({ logger: false });
  try {
    await app.register(apiPlugin, { ctx: { config } as ApiContext });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    if (res.statusCode !== 200) throw new Error(`${DOCS_PATH}/json answered ${res.statusCode}`);
    return JSON.parse(res.body) as object;
  } finally {
    await app.close();
  }
}
