import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ARTIFACTS = path.join(REPO_ROOT, 'e2e', 'artifacts');
/**
 * The server and the release CLI as `pnpm release` and `npm start` run them: their compiled build
 * while it is the sources' (the global setup makes it, deploy/scripts/build.mjs), otherwise the
 * sources through tsx (a journey that changes the tree, say).
 */
const LAUNCH = path.join(REPO_ROOT, 'deploy', 'scripts', 'launch.mjs');

export const SUPERADMIN = { email: 'admin@example.test', password: 'E2e-Super-Admin-9731!' } as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Waits until the child itself says it listens on `url` and the url answers. Its own line matters: a
 * port found free can be taken by another process before the child binds it (portals started side by
 * side, another run on the machine), and that process's answers must not pass for the child's.
 */
async function waitForOwnListen(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const error = new Error(`the portal exited with code ${child.exitCode} before answering`);
      if (output().includes('EADDRINUSE')) (error as Error & { portTaken?: boolean }).portTaken = true;
      throw error;
    }
    if (output().includes(`Server listening at ${url}`)) {
      try {
        const res = await fetch(`${url}/release.json`);
        if (res.ok) return;
      } catch {
        // not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer ${url}/release.json within ${timeoutMs} ms`);
}

/** Runs a command to its end without blocking the event loop; answers its status and output. */
function run(cmd: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (err) => resolve({ status: 1, output: String(err) }));
    child.on('close', (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

/**
 * Compiles the server and the release CLI when their build is missing or older than the sources
 * (deploy/scripts/build.mjs --if-stale), so that no portal start or release command of the run
 * compiles them again. Answers the seconds it took.
 */
export async function buildDeploy(): Promise<number> {
  const began = Date.now();
  const build = await run(process.execPath, [path.join(REPO_ROOT, 'deploy', 'scripts', 'build.mjs'), '--if-stale'], { cwd: path.join(REPO_ROOT, 'deploy'), env: process.env });
  if (build.status !== 0) throw new Error(`compiling the portal server and the release CLI failed:\n${build.output}`);
  return (Date.now() - began) / 1000;
}

/** `release ensure` into the store of `env`'s DATA_DIR: every built remote published and made stable. */
async function releaseBuiltRemotes(env: NodeJS.ProcessEnv): Promise<void> {
  // Not spawnSync: portals started side by side (one per worker) release at the same time.
  const release = await run(process.execPath, [LAUNCH, 'release', 'ensure'], { cwd: path.join(REPO_ROOT, 'deploy'), env });
  if (release.status !== 0) throw new Error(`releasing the built remotes failed:\n${release.output}`);
}

/**
 * Releases the built remotes once into a folder of its own and answers its release store, for
 * E2E_RELEASE_TEMPLATE: each fresh portal of the run then copies it instead of releasing again (the
 * builds do not change during a run; a journey that builds a remote publishes it itself).
 */
export async function releaseTemplate(): Promise<{ store: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-e2e-releases-'));
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['RELEASE_STORE', 'RELEASE_STORE_URL']) delete inherited[key];
  await releaseBuiltRemotes({ ...inherited, DATA_DIR: dir });
  const store = path.join(dir, 'releases');
  if (!existsSync(path.join(store, 'release.json'))) throw new Error(`releasing the built remotes wrote no ${store}/release.json`);
  return { store, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A data folder migrated and seeded once for the run (the migrations and the first super admin: its
 * database and secrets key, no release store), for E2E_DB_TEMPLATE: each fresh portal of the run then
 * copies it (about 60 MB, 1 to 3 s) instead of running every migration on an empty database. What a
 * portal's own variables add (DEMO_DATA's companies, say) is seeded on top at its start, as on a
 * fresh database: nothing in the template depends on them. Made by starting a portal and stopping it
 * cleanly, so its lock file is gone.
 */
export async function databaseTemplate(): Promise<{ dir: string; remove(): Promise<void> }> {
  const portal = await startPortal({}, { fromScratch: true });
  await portal.stop({ keepData: true });
  await rm(path.join(portal.dataDir, 'releases'), { recursive: true, force: true });
  return { dir: portal.dataDir, remove: () => rm(portal.dataDir, { recursive: true, force: true }) };
}

export interface RunningPortal {
  url: string;
  dataDir: string;
  logFile: string;
  /** Stops the portal; `keepData` leaves its data folder for a restart (`startPortal(env, { dataDir })`). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the built portal (deploy server, api embedded, PGlite) on a free port with a fresh data
 * folder, after releasing the built remotes into that folder's release store; with `dataDir`, on the
 * data folder of a portal stopped with `keepData` (a restart, on another port). A fresh folder starts
 * as a copy of the run's database template when there is one (see databaseTemplate);
 * `fromScratch` migrates and seeds an empty one.
 */
export async function startPortal(extraEnv: Record<string, string> = {}, options: { dataDir?: string; fromScratch?: boolean } = {}): Promise<RunningPortal> {
  const shellIndex = path.join(REPO_ROOT, 'shell', 'dist', 'index.html');
  if (!existsSync(shellIndex)) throw new Error(`${shellIndex} is missing: run "pnpm build" before the journeys`);

  mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'portal-e2e-')));
  // A developer's own database, api or store must not leak into the run.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'API_URL', 'SMTP_URL', 'RELEASE_STORE', 'RELEASE_STORE_URL', 'SHELL_DIR']) delete inherited[key];
  const envFor = (port: number): NodeJS.ProcessEnv => ({
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SUPERADMIN_EMAIL: SUPERADMIN.email,
    SUPERADMIN_PASSWORD: SUPERADMIN.password,
    EXPOSE_OUTBOX: '1',
    LOG_LEVEL: 'info',
    // Every journey signs up and signs in from 127.0.0.1: one address stands for dozens of people
    // here, so the per-address limits are scaled up (the api tests hold the limits themselves).
    RATE_LIMIT_MULTIPLIER: '10',
    // E2E_API_URL runs the journeys against an api started separately (proxied, as in production).
    ...(process.env.E2E_API_URL ? { API_URL: process.env.E2E_API_URL } : {}),
    ...extraEnv,
  });

  // A fresh portal takes a copy of the run's release store when there is one (the global setup
  // releases the built remotes once, see releaseTemplate): what `release ensure` would write there.
  const template = process.env.E2E_RELEASE_TEMPLATE;
  // And a copy of the run's migrated and seeded database, when there is one (an api of its own,
  // E2E_API_URL, keeps its database elsewhere).
  const database = options.fromScratch || process.env.E2E_API_URL ? undefined : process.env.E2E_DB_TEMPLATE;
  if (!options.dataDir && database && existsSync(database)) {
    // A lock file left by the template's portal would be stale; a clean stop removes it anyway.
    await cp(database, dataDir, { recursive: true, filter: (from) => !from.endsWith('.lock') });
  }
  if (!options.dataDir && template && existsSync(template)) {
    await cp(template, path.join(dataDir, 'releases'), { recursive: true });
  } else {
    await releaseBuiltRemotes(envFor(await freePort()));
  }

  // A port found free may be taken before the portal binds it: then it starts again on another.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const logFile = path.join(ARTIFACTS, `portal-${port}.log`);
    const log = createWriteStream(logFile);
    const child = spawn(process.execPath, [LAUNCH, 'server'], { cwd: path.join(REPO_ROOT, 'deploy'), env: envFor(port), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (c: Buffer) => {
      if (output.length < 64_000) output += c.toString('utf8');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    try {
      // Generous: on a loaded machine two portals starting side by side have taken over two minutes.
      await waitForOwnListen(url, child, () => output, 300_000);
    } catch (err) {
      child.kill('SIGKILL');
      log.end();
      if ((err as { portTaken?: boolean }).portTaken && attempt < 5) continue;
      throw new Error(`${(err as Error).message} (log: ${logFile})`);
    }
    return running(url, logFile, child, log);
  }

  function running(url: string, logFile: string, child: ChildProcess, log: WriteStream): RunningPortal {
    return {
      url,
      dataDir,
      logFile,
      async stop({ keepData = false } = {}) {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(timer);
        }
        log.end();
        if (!keepData) await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
}
