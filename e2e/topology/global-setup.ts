import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS, REPO_ROOT } from '../support/portal-process';
import { startSmtpServer } from '../support/smtp-server';
import type { TopologyState } from '../support/topology';


/**
 * Starts the topology (deploy/topology/cli.ts) as a process of its own for the whole run; the
 * journeys find it through TOPOLOGY_STATE and reach the portal through nginx at PORTAL_URL. The api
 * instances deliver their mail to an SMTP server of this process, as in production; each mail it
 * accepts is appended as a JSON line to the file TOPOLOGY_MAILS names, which the journeys read.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'index.html'))) throw new Error('shell/dist is missing: run "pnpm build" before the journeys');
  const logDir = path.join(ARTIFACTS, 'topology');
  mkdirSync(logDir, { recursive: true });
  const stateDir = await mkdtemp(path.join(tmpdir(), 'portal-topology-e2e-'));
  const stateFile = path.join(stateDir, 'state.json');
  const mailsFile = path.join(stateDir, 'mails.jsonl');
  const smtp = await startSmtpServer(undefined, undefined, (mail) => appendFileSync(mailsFile, `${JSON.stringify(mail)}\n`));
  const out = createWriteStream(path.join(logDir, 'topology.log'));
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'API_URL', 'SMTP_URL', 'RELEASE_STORE', 'RELEASE_STORE_URL', 'RATE_LIMIT_MULTIPLIER']) delete inherited[key];
  // node with tsx's loader, not the tsx command: that one ends a child that is slow to take a signal
  // with SIGKILL, which would leave the topology's processes and folders behind.
  const child = spawn(process.execPath, ['--import', 'tsx', 'topology/cli.ts', '--instances', '2', '--seed', 'demo', '--state', stateFile, '--log-dir', logDir, '--smtp-url', smtp.url], {
    cwd: path.join(REPO_ROOT, 'deploy'),
    env: inherited,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own group: the run's Ctrl-C reaches the topology once, through the teardown below.
    detached: true,
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 180_000;
  while (!existsSync(stateFile)) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await smtp.stop();
      throw new Error(`the topology exited (${child.exitCode ?? child.signalCode}) before it was ready; see ${path.join(logDir, 'topology.log')}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGINT');
      await smtp.stop();
      throw new Error(`the topology was not ready within 180 s; see ${path.join(logDir, 'topology.log')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as TopologyState;
  process.env.TOPOLOGY_STATE = stateFile;
  process.env.PORTAL_URL = state.nginxUrl;
  process.env.PORTAL_LOG = path.join(logDir, 'topology.log');
  process.env.TOPOLOGY_MAILS = mailsFile;

  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timer = setTimeout(() => {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      }, 30_000);
      await exited;
      clearTimeout(timer);
    }
    out.end();
    await smtp.stop();
    await rm(stateDir, { recursive: true, force: true });
  };
}
