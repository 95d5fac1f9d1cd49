import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, type Response } from '@playwright/test';
import { REPO_ROOT } from './portal-process';
import type { ReceivedMail } from './smtp-server';
import type { TopologyState } from './topology-state';

/**
 * The topology the global setup started (deploy/topology: `pnpm topology --state <file>`): nginx in
 * front of two api instances on one PostgreSQL, the remotes in an S3 bucket. Journeys reach it through
 * nginx (PORTAL_URL) and act on one instance through the topology's control address.
 */
export type { TopologyState };

/**
 * The header the topology's nginx adds to every answer it proxied: the instance address(es) it
 * tried, e.g. "127.0.0.1:41751" or, after a retry on the other instance, "127.0.0.1:41751, 127.0.0.1:36935".
 * It comes from nginx's own $upstream_addr, so it says which instance really answered.
 */
export const UPSTREAM_HEADER = 'x-topology-upstream';

export function topology(): TopologyState {
  const file = process.env.TOPOLOGY_STATE;
  if (!file) throw new Error('TOPOLOGY_STATE is not set: these journeys run through playwright.topology.config.ts');
  return JSON.parse(readFileSync(file, 'utf8')) as TopologyState;
}

/** The instances (by index) nginx tried for an answer, in order; the last one answered. */
export function instancesOf(headerValue: string | null | undefined): number[] {
  const urls = topology().apiUrls.map((u) => new URL(u).host);
  return (headerValue ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((addr) => {
      const i = urls.indexOf(addr);
      if (i < 0) throw new Error(`${UPSTREAM_HEADER} names ${addr}, not one of the instances ${urls.join(', ')}`);
      return i;
    });
}

/** The instance that answered (the last one nginx tried), or null for an answer nginx made itself. */
export function answeredBy(response: Response | { headers(): Record<string, string> }): number | null {
  const tried = instancesOf(response.headers()[UPSTREAM_HEADER]);
  return tried.length ? tried[tried.length - 1]! : null;
}

/** Every /api answer a page receives from now on, with the instance that answered it. */
export function recordApiAnswers(page: Page): { method: string; path: string; status: number; instance: number | null }[] {
  const seen: { method: string; path: string; status: number; instance: number | null }[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    seen.push({ method: res.request().method(), path: url.pathname, status: res.status(), instance: answeredBy(res) });
  });
  return seen;
}

/**
 * Every mail the api instances delivered to the run's SMTP server so far (global-setup.ts), in the
 * order it accepted them: a mail delivered twice is there twice.
 */
export function deliveredMails(): ReceivedMail[] {
  const file = process.env.TOPOLOGY_MAILS;
  if (!file) throw new Error('TOPOLOGY_MAILS is not set: these journeys run through playwright.topology.config.ts');
  if (!existsSync(file)) return [];
  // Each mail is one line ending in a newline; a line being appended while this reads it (after the
  // last newline) is left for the next read.
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(0, -1)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** The first delivered mail `match` accepts, waiting for it as mails arrive. */
export async function waitForDeliveredMail(match: (m: ReceivedMail) => boolean, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = deliveredMails().find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail delivered within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Kills (SIGKILL), stops (SIGTERM) or starts (resolving once ready) one api instance. */
export async function controlInstance(index: number, action: 'kill' | 'stop' | 'start'): Promise<void> {
  const t = topology();
  const res = await fetch(`${t.controlUrl}/instances/${index}/${action}`, { method: 'POST', headers: { 'x-topology-token': t.controlToken } });
  const body = (await res.json()) as { ok: boolean; message?: string };
  expect(res.status, `${action} instance ${index}: ${body.message ?? ''}`).toBe(200);
}

/** `pnpm release <args>` (its script run directly, without pnpm's start-up), against the topology's bucket. */
export function releaseCliOnBucket(...args: string[]): { code: number; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, ['scripts/launch.mjs', 'release', ...args], {
    cwd: path.join(REPO_ROOT, 'deploy'),
    encoding: 'utf8',
    env: { ...process.env, ...topology().releaseEnv, RELEASE_ACTOR: 'e2e-topology' },
    timeout: 120_000,
  });
  return { code: res.status ?? 1, stdout: res.stdout, stderr: res.stderr };
}

export const REMOTE_DIST = (remote: string) => path.join(REPO_ROOT, remote, 'dist');
