import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
// The state file's shape is declared beside the journeys that read it (e2e imports nothing of deploy).
import type { TopologyState } from '../../e2e/support/topology-state';
import { startTopology, type Topology } from './topology';

/**
 * `pnpm topology [--instances 2] [--seed demo|none] [--port <nginx port>] [--log-dir <dir>] [--state <file>] [--smtp-url <url>]`
 *
 * Starts the topology (topology.ts) and keeps it until Ctrl-C (SIGINT) or SIGTERM, then stops
 * everything and removes its temporary folders. With --state, it writes a JSON file for a test
 * run in another process: the addresses, and a loopback control address on which
 * `POST /instances/<i>/kill` (SIGKILL), `/stop` (SIGTERM) and `/start` (resolves when ready) act on
 * one api instance, with the header `x-topology-token` from the same file. With --smtp-url, every
 * api instance delivers its mail to that SMTP server (SMTP_URL), as in production; without it, the
 * mails stay in the outbox table.
 */

const USAGE = 'usage: pnpm topology [--instances <n>] [--seed demo|none] [--port <nginx port>] [--log-dir <dir>] [--state <file>] [--smtp-url <url>]';

function controlServer(topology: Topology, token: string): Promise<Server> {
  const server = createServer((req, res) => {
    const match = /^\/instances\/(\d+)\/(kill|stop|start)$/.exec(req.url ?? '');
    const answer = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-topology-token'] !== token) return answer(403, { ok: false, message: 'x-topology-token is missing or wrong' });
    if (req.method !== 'POST' || !match) return answer(404, { ok: false, message: 'POST /instances/<i>/kill|stop|start' });
    const index = Number(match[1]);
    const action = match[2];
    const run =
      action === 'start' ? topology.startInstance(index) : topology.stopInstance(index, action === 'kill' ? 'SIGKILL' : 'SIGTERM');
    run.then(
      () => answer(200, { ok: true, instance: index, action, pid: topology.instances[index]?.pid ?? null }),
      (err: unknown) => answer(409, { ok: false, message: err instanceof Error ? err.message : String(err) }),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        instances: { type: 'string' },
        seed: { type: 'string' },
        port: { type: 'string' },
        'log-dir': { type: 'string' },
        state: { type: 'string' },
        'smtp-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    console.error(`topology: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const instances = values.instances === undefined ? 2 : Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
    console.error(`topology: --instances must be a whole number from 1 to 16 (got ${values.instances})`);
    return 2;
  }
  if (values.seed !== undefined && values.seed !== 'demo' && values.seed !== 'none') {
    console.error(`topology: --seed must be demo or none (got ${values.seed})`);
    return 2;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
    console.error(`topology: --port must be a port number (got ${values.port})`);
    return 2;
  }

  let topology: Topology | null = null;
  let stopping: Promise<void> | null = null;
  const stateFile = values.state ? path.resolve(values.state) : null;
  const stopAll = (signal: string) => {
    stopping ??= (async () => {
      console.log(`[topology] ${signal}: stopping`);
      await topology?.stop();
      if (stateFile) rmSync(stateFile, { force: true });
      console.log('[topology] stopped; temporary folders removed');
    })();
    return stopping;
  };
  // A signal during the start stops what has started so far (startTopology cleans up on failure at exit).
  let interrupted = false;
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      if (!topology) {
        interrupted = true;
        process.exit(130);
      }
      void stopAll(sig).then(() => process.exit(0));
    });
  }

  const started = Date.now();
  topology = await startTopology({
    apiInstances: instances,
    seed: (values.seed as 'demo' | 'none' | undefined) ?? 'demo',
    ...(port ? { nginxPort: port } : {}),
    ...(values['log-dir'] ? { logDir: values['log-dir'] } : {}),
    ...(values['smtp-url'] ? { apiEnv: { SMTP_URL: values['smtp-url'] } } : {}),
    log: (line) => console.log(`[topology] ${line}`),
  });
  if (interrupted) return 130;
  const token = randomBytes(16).toString('hex');
  const control = await controlServer(topology, token);
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  if (stateFile) {
    const state: TopologyState = {
      nginxUrl: topology.nginxUrl,
      apiUrls: topology.apiUrls,
      databaseUrl: topology.databaseUrl,
      s3Endpoint: topology.s3Endpoint,
      releaseEnv: topology.releaseEnv,
      portalUrl: topology.portalUrl,
      superAdmin: topology.superAdmin,
      logDir: topology.logDir,
      controlUrl,
      controlToken: token,
      pid: process.pid,
    };
    writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  }
  console.log(
    [
      '',
      `  Portal (nginx): ${topology.nginxUrl}   ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ...topology.apiUrls.map((u, i) => `  api instance ${i}: ${u}`),
      `  portal server (release console, preview links): ${topology.portalUrl}`,
      `  PostgreSQL: ${topology.databaseUrl}`,
      `  release bucket: ${topology.releaseEnv.RELEASE_STORE_URL} at ${topology.s3Endpoint}`,
      `    release to it: ${Object.entries(topology.releaseEnv).map(([k, v]) => `${k}=${v}`).join(' ')} pnpm release status`,
      `  Super admin: ${topology.superAdmin.email} / ${topology.superAdmin.password}`,
      `  logs: ${topology.logDir}`,
      `  control: POST ${controlUrl}/instances/<i>/kill|stop|start  (header x-topology-token: ${token})`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
  return new Promise<number>(() => {});
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`[topology] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
