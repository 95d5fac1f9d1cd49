import { createApp } from './app';
import { createApiContext } from './create-context';
import { DataFolderLockedError } from './db/folder-lock';
import { ConfigError, loadApiConfig } from './env';

/** How long a graceful stop (SIGTERM, SIGINT) may take before the process ends anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** The api alone on API_PORT (5260, the spec's local development address). */
async function main() {
  let config;
  try {
    config = loadApiConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const ctx = await createApiContext(config);
  const app = await createApp(ctx);
  const stop = async () => {
    // A stop that hangs (a connection that never ends) still ends the process by the deadline; the
    // mail sender drains what is due within it (see `Mailer.close`), and the rest waits in the queue.
    setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: config.apiPort, host: config.apiHost });
}

main().catch((err: unknown) => {
  // A folder held by another process is an operator's matter: the message says it all.
  console.error(err instanceof DataFolderLockedError ? err.message : err);
  process.exit(1);
});
