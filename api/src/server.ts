import { createApp } from './app';
import { createApiContext } from './create-context';
import { ConfigError, loadApiConfig } from './env';

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
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: config.apiPort, host: config.apiHost });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
