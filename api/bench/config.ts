import Fastify from 'fastify';
import { createApp } from '../src/app';
import type { ApiContext } from '../src/context';
import { DEFAULT_RATE_LIMITS, loadApiConfig, type ApiConfig } from '../src/env';

/** A logger that says nothing: a benchmark prints its own figures. */
export const quietLog = { info() {}, warn() {}, error() {} } as never;

/** The api's configuration for a benchmark: the given PostgreSQL (or in-memory PGlite), no mail, no demo data, the default limits. */
export function benchConfig(databaseUrl: string | undefined): ApiConfig {
  return {
    ...loadApiConfig(),
    databaseUrl,
    pgliteDir: 'memory://',
    logLevel: 'silent',
    smtpUrl: undefined,
    demoData: false,
    superAdminEmail: 'root@bench.example',
    superAdminPassword: 'Bench-root-pass-1',
    rateLimits: { ...DEFAULT_RATE_LIMITS },
  };
}

/**
 * The forked child's part: serves the api of `ctx` and, beside it, a bare Fastify answering a constant
 * object (the run's yardstick), each on a free port; sends the parent `{ api, bare, ...more }` (the
 * two ports and what the script adds), and closes both and the context when the parent goes.
 */
export async function serveBesideBareFastify(ctx: ApiContext, more: object = {}): Promise<void> {
  const api = await createApp(ctx, { logger: false });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ success: true, message: 'OK' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (f: { server: { address(): unknown } }) => (f.server.address() as { port: number }).port;
  process.send!({ api: port(api), bare: port(bare), ...more });
  process.on('disconnect', () => {
    void Promise.all([api.close(), bare.close()]).then(() => ctx.close()).then(() => process.exit(0));
  });
}
