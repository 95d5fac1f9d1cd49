import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, type WriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPgBin, freePort, pgRun } from '@portal/api/db/testing/pg-cluster';
import { runReleaseCli } from '../src/cli/release';
import { REPO_ROOT } from '../src/paths';
import { startS3TestServer, type S3TestServer } from '../src/release/s3-test-server';

/**
 * The production topology on this machine's loopback, for tests and load measurements: a PostgreSQL
 * cluster in a temporary folder, N api instances (`node dist/server.js`) on it, the release bucket on a
 * local S3-compatible server with the built remotes published to it, the one portal server that owns
 * that store (the release console and preview links), and nginx in front, configured from
 * deploy/nginx/portal.conf. Everything listens on 127.0.0.1 on free ports; `stop()` ends every
 * process and removes every temporary folder.
 */

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const PORTAL_CONF = path.join(REPO_ROOT, 'deploy', 'nginx', 'portal.conf');
/** The bucket and prefix portal.conf names (RELEASE_STORE_URL=s3://portal-releases/portal). */
export const BUCKET = 'portal-releases';
export const PREFIX = 'portal';
/**
 * A response header the topology's nginx adds (never the committed portal.conf): the api instance(s)
 * nginx tried for the request, `127.0.0.1:5301` or, after a retry, `127.0.0.1:5301, 127.0.0.1:5302`.
 */
export const UPSTREAM_HEADER = 'x-topology-upstream';

export interface TopologyOptions {
  /** How many api instances (default 2). */
  apiInstances?: number;
  /** 'demo': the demo companies and logins as `npm start` creates them (default); 'none': only the super admin. */
  seed?: 'demo' | 'none';
  /** Extra variables for every api instance (e.g. DATABASE_URL through a PgBouncer, RATE_LIMIT_MULTIPLIER). */
  apiEnv?: Record<string, string>;
  /** The first super admin (default superadmin@portal.local with a generated password). */
  superAdmin?: { email: string; password: string };
  /** nginx's port (default: a free one). */
  nginxPort?: number;
  /** A compiled api folder inside api/ (e.g. api/dist); default: compiled now into a temporary folder inside api/, removed at stop. */
  apiDist?: string;
  /** The shell's build served by nginx (default shell/dist; `pnpm build` makes it). */
  shellDir?: string;
  /** Where the logs go (api-<i>.log, nginx-error.log, nginx-access.log, postgres.log); default: the temporary folder, removed at stop. */
  logDir?: string;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

export interface ApiInstance {
  index: number;
  url: string;
  port: number;
  /** The running process's id, or null while it is stopped. */
  pid: number | null;
}

export interface Topology {
  /** The portal through nginx. */
  nginxUrl: string;
  /** Each api instance directly, by index. */
  apiUrls: string[];
  instances: ApiInstance[];
  /** The PostgreSQL database the instances use (unless apiEnv.DATABASE_URL points elsewhere). */
  databaseUrl: string;
  /** The local S3 server (path-style) holding the release bucket. */
  s3Endpoint: string;
  /**
   * What the release CLI needs to act on this topology's store: RELEASE_STORE_URL, S3_ENDPOINT and
   * credentials, and for preview links PUBLIC_URL (nginx) and the portal server's PREVIEW_SECRET.
   */
  releaseEnv: Record<string, string>;
  /** The portal server that owns the release store (console, guard, preview links), directly. */
  portalUrl: string;
  superAdmin: { email: string; password: string };
  logDir: string;
  /** Kills instance i: SIGKILL by default (a crash), SIGTERM for a graceful stop. Resolves once it has exited. */
  stopInstance(index: number, signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** Starts instance i again on its port and resolves when /api/health/ready answers 200. */
  startInstance(index: number): Promise<void>;
  /** Stops everything and removes the temporary folders; safe to call twice. */
  stop(): Promise<void>;
}

/** Why the topology cannot start on this machine, or null when it can. */
export function missingPrerequisites(): string | null {
  const missing: string[] = [];
  if (!existsSync(NGINX_BIN)) missing.push(`nginx (${NGINX_BIN}; apt-get install -y nginx)`);
  if (!findPgBin()) missing.push('PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb; apt-get install -y postgresql)');
  return missing.length ? `missing: ${missing.join(', ')}` : null;
}

/** As root, nginx's workers and PostgreSQL's folder need the right user (pgRun runs its tools as postgres). */
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export { findPgBin, freePort };

/**
 * portal.conf with only what differs on this machine replaced: the api upstream's servers, the
 * bucket's address, the listening address, the shell's folder. Each replacement must find its line
 * exactly once, so a change to portal.conf that breaks one fails here rather than serving something
 * else. The one addition is the UPSTREAM_HEADER line, which says which instance answered.
 */
export function topologyNginxConf(conf: string, o: { apiPorts: number[]; portalPort?: number; s3Port: number; listenPort: number; shellDir: string }): string {
  let out = conf;
  const replaceOnce = (what: string, pattern: RegExp, by: string) => {
    const found = out.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`));
    if (found?.length !== 1) throw new Error(`deploy/nginx/portal.conf: expected one ${what}, found ${found?.length ?? 0}`);
    out = out.replace(pattern, by);
  };
  replaceOnce(
    'upstream portal_api block with server lines',
    /(upstream portal_api \{[^}]*?)((?:^\s*server [^\n]*\n)+)/m,
    `$1${o.apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;\n`).join('')}`,
  );
  // The release console's actions and preview links go to the one portal server that owns the store
  // (without one, to the first api instance, which answers the console 503 naming that server).
  replaceOnce(
    'upstream portal_release_console block with server lines',
    /(upstream portal_release_console \{[^}]*?)((?:^\s*server [^\n]*\n)+)/m,
    `$1    server 127.0.0.1:${o.portalPort ?? o.apiPorts[0]} max_fails=3 fail_timeout=10s;\n`,
  );
  replaceOnce('release_store server line', /(upstream release_store \{\s*(?:#[^\n]*\n\s*)*)server 127\.0\.0\.1:9000;/m, `$1server 127.0.0.1:${o.s3Port};`);
  // The Host header of both bucket locations.
  const hosts = out.match(/proxy_set_header Host 127\.0\.0\.1:9000;/g)?.length ?? 0;
  if (hosts !== 2) throw new Error(`deploy/nginx/portal.conf: expected two "proxy_set_header Host 127.0.0.1:9000;", found ${hosts}`);
  out = out.replace(/proxy_set_header Host 127\.0\.0\.1:9000;/g, `proxy_set_header Host 127.0.0.1:${o.s3Port};`);
  replaceOnce('listen line', /^(\s*)listen 8080;/m, `$1listen 127.0.0.1:${o.listenPort};`);
  replaceOnce('root line', /^(\s*)root \/srv\/portal\/shell;/m, `$1root ${o.shellDir};`);
  replaceOnce('server_tokens line', /^(\s*)server_tokens off;/m, `$1server_tokens off;\n$1add_header X-Topology-Upstream $upstream_addr always;`);
  if (!out.includes(`/${BUCKET}/${PREFIX}/`)) throw new Error(`deploy/nginx/portal.conf no longer reads s3://${BUCKET}/${PREFIX}/`);
  return out;
}

/** The main nginx.conf around it: every writable path in `dir`, in the foreground. */
function nginxMainConf(dir: string, logDir: string, portalConf: string): string {
  return [
    // As root the workers would switch to nobody, who cannot write the temporary folders.
    ...(isRoot ? ['user root;'] : []),
    'daemon off;',
    'worker_processes 2;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${logDir}/nginx-error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  log_format topology \'$remote_addr "$request" $status upstream=$upstream_addr upstream_status=$upstream_status $request_time\';',
    `  access_log ${logDir}/nginx-access.log topology;`,
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${portalConf};`,
    '}',
    '',
  ].join('\n');
}

async function waitFor(url: string, what: string, timeoutMs: number, alive: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const dead = alive();
    if (dead) throw new Error(`${what} ${dead} before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms (last: ${last})`);
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitExit(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const missing = missingPrerequisites();
  if (missing) throw new Error(`the topology cannot start: ${missing}`);
  const log = options.log ?? (() => {});
  const count = options.apiInstances ?? 2;
  if (!Number.isInteger(count) || count < 1) throw new Error(`apiInstances must be a whole number from 1 (got ${count})`);
  const shellDir = path.resolve(options.shellDir ?? path.join(REPO_ROOT, 'shell', 'dist'));
  if (!existsSync(path.join(shellDir, 'index.html'))) throw new Error(`${shellDir}/index.html is missing: run "pnpm build" first`);
  if (!readdirSync(REPO_ROOT).some((n) => n.startsWith('mfe-') && existsSync(path.join(REPO_ROOT, n, 'dist', 'mf-manifest.json')))) {
    throw new Error('no remote is built (mfe-*/dist/mf-manifest.json): run "pnpm build" first');
  }
  const pgBin = findPgBin()!;
  const apiDir = path.join(REPO_ROOT, 'api');

  // Everything that must go, in the order it must go; run by stop() and, as a last resort, at exit.
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-topology-'));
  const logDir = options.logDir ? path.resolve(options.logDir) : path.join(dir, 'logs');
  await mkdir(logDir, { recursive: true });
  let builtDist: string | null = null;
  let s3: S3TestServer | null = null;
  let nginx: ChildProcess | null = null;
  let pgStarted = false;
  const pgData = path.join(dir, 'pg');
  const children: (ChildProcess | null)[] = new Array<ChildProcess | null>(count).fill(null);
  let portal: ChildProcess | null = null;
  const logs: WriteStream[] = [];
  let stopped = false;

  const killAllSync = () => {
    for (const c of [...children, portal]) if (c && !exited(c)) c.kill('SIGKILL');
    if (nginx && !exited(nginx)) nginx.kill('SIGTERM');
    if (pgStarted) pgRun(pgBin, 'pg_ctl', ['-D', pgData, '-m', 'immediate', '-w', 'stop'], true);
    pgStarted = false;
    if (builtDist) rmSync(builtDist, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  };
  const onExit = () => {
    if (!stopped) killAllSync();
  };
  process.once('exit', onExit);

  const superAdmin = options.superAdmin ?? { email: 'superadmin@portal.local', password: `Topology-${randomBytes(9).toString('base64url')}-7a` };
  const releaseEnv: Record<string, string> = {};
  const apiPorts: number[] = [];
  let databaseUrl = '';
  let nginxUrl = '';
  let portalUrl = '';

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', onExit);
    log('stopping');
    if (nginx && !exited(nginx)) {
      nginx.kill('SIGTERM');
      await waitExit(nginx);
    }
    await Promise.all(
      [...children, portal].map(async (c) => {
        if (!c || exited(c)) return;
        const timer = setTimeout(() => c.kill('SIGKILL'), 8_000);
        c.kill('SIGTERM');
        await waitExit(c);
        clearTimeout(timer);
      }),
    );
    await s3?.close().catch(() => {});
    if (pgStarted) pgRun(pgBin, 'pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop'], true);
    pgStarted = false;
    await Promise.all(logs.map((s) => new Promise((r) => s.end(r))));
    if (options.logDir && existsSync(path.join(dir, 'postgres.log'))) copyFileSync(path.join(dir, 'postgres.log'), path.join(logDir, 'postgres.log'));
    if (builtDist) rmSync(builtDist, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // ---- PostgreSQL, as api/scripts/test-pg.mjs runs it
    const began = Date.now();
    await mkdir(pgData);
    // As root, the postgres user owns the folder (root still writes everything else in it).
    if (isRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
    pgRun(pgBin, 'initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    const pgPort = await freePort();
    const pgOpts = `-p ${pgPort} -k ${pgData} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    // In the cluster's folder (the postgres user may not reach logDir); copied to logDir at stop.
    const pgLog = path.join(dir, 'postgres.log');
    pgRun(pgBin, 'pg_ctl', ['-D', pgData, '-o', pgOpts, '-l', pgLog, '-w', '-t', '60', 'start']);
    pgStarted = true;
    pgRun(pgBin, 'createdb', ['-h', '127.0.0.1', '-p', String(pgPort), '-U', 'postgres', 'portal']);
    databaseUrl = `postgres://postgres@127.0.0.1:${pgPort}/portal`;
    log(`PostgreSQL on 127.0.0.1:${pgPort} (${Date.now() - began} ms)`);

    for (let i = 0; i < count; i++) apiPorts.push(await freePort());
    const portalPort = await freePort();
    const nginxPort = options.nginxPort ?? (await freePort());
    nginxUrl = `http://127.0.0.1:${nginxPort}`;
    portalUrl = `http://127.0.0.1:${portalPort}`;

    // ---- the release bucket, and the built remotes published to it by the release CLI
    s3 = await startS3TestServer();
    const s3Port = Number(new URL(s3.endpoint).port);
    Object.assign(releaseEnv, {
      RELEASE_STORE_URL: `s3://${BUCKET}/${PREFIX}`,
      S3_ENDPOINT: s3.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'topology',
      AWS_SECRET_ACCESS_KEY: 'topology',
      // Preview links the CLI makes open the portal through nginx, signed with the portal server's key.
      PUBLIC_URL: nginxUrl,
      PREVIEW_SECRET: randomBytes(32).toString('base64url'),
    });
    await fetch(`${s3.endpoint}/${BUCKET}`, { method: 'PUT' });
    const releaseLines: string[] = [];
    const cliEnv: Record<string, string | undefined> = { ...process.env, RELEASE_STORE: undefined, ...releaseEnv, RELEASE_ACTOR: 'topology' };
    const code = await runReleaseCli(['ensure'], (l) => releaseLines.push(l), cliEnv, (l) => releaseLines.push(l));
    if (code !== 0) throw new Error(`publishing the built remotes to the bucket failed:\n${releaseLines.join('\n')}`);
    log(`release bucket s3://${BUCKET}/${PREFIX} at ${s3.endpoint}: ${releaseLines.filter((l) => l.startsWith('published')).length} remotes published`);

    // ---- the api, compiled once
    let distDir = options.apiDist ? path.resolve(options.apiDist) : '';
    if (!distDir) {
      builtDist = path.join(apiDir, `.topology-${process.pid}-${randomBytes(3).toString('hex')}`);
      const build = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', builtDist], { cwd: apiDir, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`building the api failed:\n${build.stdout}${build.stderr}`);
      distDir = builtDist;
      log('api compiled');
    }
    if (!existsSync(path.join(distDir, 'server.js'))) throw new Error(`${distDir}/server.js is missing: pnpm --filter @portal/api run build`);
    const inherited: Record<string, string | undefined> = { ...process.env };
    for (const key of ['DATABASE_URL', 'DATABASE_PGBOUNCER', 'API_URL', 'SMTP_URL', 'RELEASE_STORE', 'RELEASE_STORE_URL', 'DATA_DIR', 'NODE_OPTIONS']) {
      delete inherited[key];
    }
    const instanceEnv = (i: number): NodeJS.ProcessEnv => ({
      ...inherited,
      DATABASE_URL: databaseUrl,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPorts[i]),
      DATA_DIR: path.join(dir, `api-${i}`),
      TRUST_PROXY: 'true',
      PUBLIC_URL: nginxUrl,
      SUPERADMIN_EMAIL: superAdmin.email,
      SUPERADMIN_PASSWORD: superAdmin.password,
      // The demo set is created by the first instance only; the others find it there.
      DEMO_DATA: options.seed !== 'none' && i === 0 ? '1' : '0',
      SHUTDOWN_TIMEOUT_MS: '8000',
      LOG_LEVEL: 'info',
      ...options.apiEnv,
    });

    const startInstance = async (i: number) => {
      if (i < 0 || i >= count) throw new Error(`no api instance ${i} (0..${count - 1})`);
      const running = children[i];
      if (running && !exited(running)) throw new Error(`api instance ${i} is running`);
      const out = createWriteStream(path.join(logDir, `api-${i}.log`), { flags: 'a' });
      logs.push(out);
      const child = spawn(process.execPath, [path.join(distDir, 'server.js')], {
        cwd: apiDir,
        env: instanceEnv(i),
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group: a Ctrl-C in the terminal reaches the topology, which stops it in order.
        detached: true,
      });
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      children[i] = child;
      const started = Date.now();
      await waitFor(`http://127.0.0.1:${apiPorts[i]}/api/health/ready`, `api instance ${i}`, 90_000, () =>
        exited(child) ? `exited (${child.exitCode ?? child.signalCode}; log ${path.join(logDir, `api-${i}.log`)})` : null,
      );
      log(`api instance ${i} ready on 127.0.0.1:${apiPorts[i]} (${Date.now() - started} ms)`);
    };

    // ---- the portal server that owns the store (docs/operations.md, "The release console"): its
    // embedded api on the same database, the bucket with the writer's credentials, the preview key.
    // As `pnpm --filter @portal/deploy start` runs it: its build while fresh, else its sources.
    const startPortal = async () => {
      const out = createWriteStream(path.join(logDir, 'portal.log'), { flags: 'a' });
      logs.push(out);
      const child = spawn(process.execPath, ['scripts/launch.mjs', 'server'], {
        cwd: path.join(REPO_ROOT, 'deploy'),
        env: {
          ...inherited,
          ...releaseEnv,
          DATABASE_URL: databaseUrl,
          HOST: '127.0.0.1',
          PORT: String(portalPort),
          DATA_DIR: path.join(dir, 'portal'),
          SHELL_DIR: shellDir,
          TRUST_PROXY: 'true',
          // As in production: no development overrides (nginx's CSP allows none).
          DEV_OVERRIDES: '0',
          SUPERADMIN_EMAIL: superAdmin.email,
          SUPERADMIN_PASSWORD: superAdmin.password,
          DEMO_DATA: '0',
          SHUTDOWN_TIMEOUT_MS: '8000',
          LOG_LEVEL: 'info',
          ...options.apiEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      portal = child;
      const started = Date.now();
      await waitFor(`${portalUrl}/api/health/ready`, 'the portal server', 120_000, () =>
        exited(child) ? `exited (${child.exitCode ?? child.signalCode}; log ${path.join(logDir, 'portal.log')})` : null,
      );
      log(`portal server ready on ${portalUrl} (${Date.now() - started} ms)`);
    };

    // The first instance migrates (and seeds) alone; the others then start together. Instances
    // starting at once would also be safe (migrations run under an advisory lock), just slower here.
    // The portal server starts alongside (its embedded api waits for the same lock).
    const portalReady = startPortal();
    portalReady.catch(() => {});
    await startInstance(0);
    await Promise.all([portalReady, ...Array.from({ length: count - 1 }, (_, k) => startInstance(k + 1))]);

    // ---- nginx from portal.conf
    const portalConf = path.join(dir, 'portal.conf');
    await writeFile(portalConf, topologyNginxConf(await readFile(PORTAL_CONF, 'utf8'), { apiPorts, portalPort, s3Port, listenPort: nginxPort, shellDir }));
    const mainConf = path.join(dir, 'nginx.conf');
    await writeFile(mainConf, nginxMainConf(dir, logDir, portalConf));
    const test = spawnSync(NGINX_BIN, ['-t', '-q', '-p', dir, '-c', mainConf, '-e', path.join(logDir, 'nginx-error.log')], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t refused the generated configuration (${mainConf}):\n${test.stderr}`);
    const ngx = spawn(NGINX_BIN, ['-p', dir, '-c', mainConf, '-e', path.join(logDir, 'nginx-error.log')], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    nginx = ngx;
    let nginxOut = '';
    ngx.stdout?.on('data', (c: Buffer) => (nginxOut += c.toString()));
    ngx.stderr?.on('data', (c: Buffer) => (nginxOut += c.toString()));
    await waitFor(`${nginxUrl}/release.json`, 'nginx', 20_000, () => (exited(ngx) ? `exited (${ngx.exitCode ?? ngx.signalCode}: ${nginxOut.trim()})` : null));
    log(`nginx on ${nginxUrl}`);

    const instances: ApiInstance[] = apiPorts.map((port, index) => ({
      index,
      port,
      url: `http://127.0.0.1:${port}`,
      get pid() {
        const c = children[index];
        return c && !exited(c) ? (c.pid ?? null) : null;
      },
    }));

    return {
      nginxUrl,
      apiUrls: instances.map((i) => i.url),
      instances,
      databaseUrl,
      s3Endpoint: s3.endpoint,
      releaseEnv: { ...releaseEnv },
      portalUrl,
      superAdmin,
      logDir,
      async stopInstance(i, signal = 'SIGKILL') {
        const c = children[i];
        if (!c) throw new Error(`no api instance ${i} (0..${count - 1})`);
        if (exited(c)) return;
        const timer = signal === 'SIGTERM' ? setTimeout(() => c.kill('SIGKILL'), 10_000) : null;
        c.kill(signal);
        await waitExit(c);
        if (timer) clearTimeout(timer);
        log(`api instance ${i} stopped (${signal})`);
      },
      startInstance,
      stop,
    };
  } catch (err) {
    await stop().catch(() => killAllSync());
    throw err;
  }
}
