import { loadPortalConfig, PortalConfigError } from './env';
import { createPortal, superAdminSeeds } from './app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadPortalConfig();
  } catch (err) {
    if (err instanceof PortalConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await createPortal(config);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  Portal ready at ${config.publicUrl}`,
    `  api: ${config.apiUrl ? `proxied to ${config.apiUrl}` : 'embedded'}; data: ${config.dataDir}; release store: ${config.releaseStoreS3?.url ?? config.releaseStoreDir}`,
  ];
  const seed = superAdminSeeds.get(app);
  if (seed?.created && seed.generatedPassword) {
    // Only on the start that created it: the password is not stored anywhere in clear.
    lines.push(`  Super admin: ${seed.email} / ${seed.generatedPassword} (generated now and shown once: change it after signing in)`);
  } else if (config.apiEnv.SUPERADMIN_EMAIL) {
    lines.push(`  Super admin: ${config.apiEnv.SUPERADMIN_EMAIL} (password: the configured SUPERADMIN_PASSWORD)`);
  } else {
    lines.push('  Super admin: generated on the first start and printed once in the log above; kept in the database since.');
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  // The embedded database's folder held by another process: the message names it and that process.
  console.error(err instanceof Error && err.name === 'DataFolderLockedError' ? err.message : err);
  process.exit(1);
});
