import { createApp } from './app';
import { createApiContext } from './create-context';
import { DataFolderLockedError } from './db/folder-lock';
import { ConfigError, loadApiConfig } from './env';
import { markShuttingDown } from './modules/health/service';

/** How long a graceful stop (SIGTERM, SIGINT) may take before the process ends anyway (SHUTDOWN_TIMEOUT_MS). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 20_000;

/** A whole number of milliseconds from the environment, or the default when unset. */
function millisFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,9}$/.test(raw)) throw new ConfigError(name, 'must be a whole number of milliseconds, such as 20000');
  return Number(raw);
}

/**
 * The api alone on API_PORT (5260, the spec's local development address).
 *
 * On SIGTERM or SIGINT it stops gracefully: readiness answers 503 at once and the listener closes,
 * so new connections are refused; requests in flight finish (a CSV import included), a request
 * already on its way over an open connection is still answered (readiness with its 503), the
 * background jobs stop, the mail sender delivers what is due, and the database pool closes. All of
 * it within SHUTDOWN_TIMEOUT_MS (20 s by default), or the process ends anyway with status 1. A
 * second signal ends it at once. (A balancer that needs time to notice an instance going away gets
 * it from the orchestrator, e.g. a preStop pause: docs/operations.md.)
 */
async function main() {
  let config;
  let timeoutMs: number;
  try {
    config = loadApiConfig();
    timeoutMs = millisFrom(process.env, 'SHUTDOWN_TIMEOUT_MS', DEFAULT_SHUTDOWN_TIMEOUT_MS);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const ctx = await createApiContext(config);
  // A request that reaches an open connection while the api closes is answered, not turned away with
  // the framework's bare 503: readiness says why it fails, and anything else completes normally.
  const app = await createApp(ctx, { return503OnClosing: false });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'shutdown: second signal, stopping at once');
      process.exit(1);
    }
    stopping = true;
    const started = Date.now();
    // A stop that hangs (a connection that never ends) still ends the process by the deadline.
    setTimeout(() => {
      app.log.error({ signal, ms: Date.now() - started }, 'shutdown: deadline passed, stopping anyway');
      process.exit(1);
    }, timeoutMs).unref();
    markShuttingDown(ctx);
    app.log.info({ signal, timeoutMs }, 'shutdown: readiness fails, new connections are refused; finishing the requests in flight');
    try {
      // Closes the listener at once and waits for every request in flight. A keep-alive connection
      // whose request has been answered is closed as soon as it is idle, rather than when the client
      // lets it go.
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(idle);
      }
      // Jobs, the mail sender (what is due within its own deadline; the rest waits in the queue), the pool.
      await ctx.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown: failed');
      process.exit(1);
    }
    app.log.info({ signal, ms: Date.now() - started }, 'shutdown: done');
    process.exit(0);
  };
  process.on('SIGINT', (s) => void stop(s));
  process.on('SIGTERM', (s) => void stop(s));
  await app.listen({ port: config.apiPort, host: config.apiHost });
}

main().catch((err: unknown) => {
  // A folder held by another process is an operator's matter: the message says it all.
  console.error(err instanceof DataFolderLockedError ? err.message : err);
  process.exit(1);
});
