import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_IDS, REMOTES, type RemoteId } from '@portal/shared-contracts';
import { REPO_ROOT } from '../paths';

/** The link that points a portal's copy of `remote` at a local dev server (kept until Reset). */
export function overrideUrl(portalUrl: string, remote: RemoteId, port: number): string {
  const base = portalUrl.replace(/\/+$/, '');
  return `${base}/?override=${remote}=http://localhost:${port}#/`;
}

export interface DevArgs {
  remote: RemoteId;
  port: number;
  portal: string;
  /** The remote's package folder; a copy of it may sit elsewhere in the workspace (default `<repo>/<remote>`). */
  dir: string;
}

export class DevUsageError extends Error {
  override name = 'DevUsageError';
}

export function parseDevArgs(argv: string[], env: Record<string, string | undefined> = process.env): DevArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { port: { type: 'string' }, portal: { type: 'string' }, dir: { type: 'string' } },
  });
  const remote = positionals[0];
  if (!remote) throw new DevUsageError(`usage: pnpm dev <remote> [--port <n>] [--portal <url>]   (remotes: ${REMOTE_IDS.join(', ')})`);
  if (!(REMOTE_IDS as readonly string[]).includes(remote)) {
    throw new DevUsageError(`Unknown remote "${remote}". Known remotes: ${REMOTE_IDS.join(', ')}`);
  }
  const id = remote as RemoteId;
  const port = values.port ? Number(values.port) : REMOTES[id].devPort;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new DevUsageError(`--port must be a port number (got ${values.port})`);
  return {
    remote: id,
    port,
    portal: values.portal ?? env.PORTAL_URL ?? 'http://localhost:8080',
    dir: values.dir ? path.resolve(values.dir) : path.join(REPO_ROOT, id),
  };
}

/**
 * `pnpm dev <remote>`: that remote's Rspack dev server (HMR, CORS) on localhost, to be overridden
 * into a running or deployed portal. Everything else keeps coming from the portal.
 */
async function main(): Promise<number> {
  let args: DevArgs;
  try {
    args = parseDevArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    return 1;
  }
  const { dir } = args;
  if (!existsSync(path.join(dir, 'rspack.config.mjs'))) {
    console.error(`${args.remote} has no package in this repository yet (${dir}/rspack.config.mjs is missing)`);
    return 1;
  }
  const link = overrideUrl(args.portal, args.remote, args.port);
  const child = spawn('pnpm', ['exec', 'rspack', 'serve', '--mode', 'development'], {
    cwd: dir,
    env: { ...process.env, DEV_PORT: String(args.port), NODE_ENV: 'development' },
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  let told = false;
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!told && /compiled/i.test(chunk.toString())) {
      told = true;
      console.log(
        [
          '',
          `  ${args.remote} is served at http://localhost:${args.port}/mf-manifest.json (hot updates on).`,
          '  Open the portal with this remote overridden:',
          `    ${link}`,
          '  The portal asks you to confirm before it loads code from there (a portal whose PUBLIC_URL is not',
          '  loopback accepts it only with DEV_OVERRIDES=on). A banner then names the override; its',
          '  "Reset overrides" button (or ?override-reset) goes back to the release.',
          '',
        ].join('\n'),
      );
    }
  });
  const stop = (signal: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().then((code) => process.exit(code));
}
