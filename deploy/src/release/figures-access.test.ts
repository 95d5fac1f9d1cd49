import { stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { runReleaseCli } from '../cli/release';
import { tempDir, versionHealth, writeFakeRemoteBuild } from '../test-fixtures';
import { abortCanary, canary, promote } from './actions';
import { FIGURES_ACCESS_FILE, FIGURES_PATH, offerFiguresToOperator, readFigures, readFiguresAccess, type FiguresReader } from './figures-access';
import { GUARD_ACTOR } from './guard-loop';
import { emptyManifest } from './manifest';
import { publishRemote } from './publish';
import { FsReleaseStore } from './store';

const health = (version: string, pageViews: number, renderErrors: number, senders = 40) => versionHealth('mfe-auth', version, pageViews, renderErrors, senders);

const windows: Array<[Date, Date]> = [];
const figures: FiguresReader = async (from, to) => {
  windows.push([from, to]);
  return { versions: [health('1.0.0', 400, 2), health('1.1.0', 200, 100, 12)], totalCount: 2 };
};

const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((a) => a.close()));
});

/** A listening server offering the figures, as the portal does when it embeds the api. */
async function runningPortal(dataDir: string) {
  const app = Fastify({ logger: false });
  const token = offerFiguresToOperator(app, { dataDir, figures });
  await app.listen({ port: 0, host: '127.0.0.1' });
  opened.push(app);
  // The file is written just after the port opens.
  await expect.poll(() => readFiguresAccess(dataDir)).toMatchObject({ token });
  return { app, token };
}

async function cli(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runReleaseCli(argv, (l) => out.push(l), { RELEASE_ACTOR: 'cli-test', LOG_LEVEL: 'silent', ...env }, (l) => err.push(l));
  return { code, out: out.join('\n'), err };
}

describe("the release figures for the operator's CLI", () => {
  it('leaves an access file only its owner can read, and answers the token in it and nothing else', async () => {
    const dataDir = await tempDir();
    const { app, token } = await runningPortal(dataDir);
    const file = path.join(dataDir, FIGURES_ACCESS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const access = await readFiguresAccess(dataDir);
    expect(access).toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/), token, pid: process.pid });

    for (const authorization of [undefined, 'Bearer nope', `Bearer ${token}x`, token]) {
      const res = await app.inject({ url: FIGURES_PATH, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(file) });
    }
    const bad = await app.inject({ url: `${FIGURES_PATH}?minutes=0`, headers: { authorization: `Bearer ${token}` } });
    expect(bad.statusCode).toBe(400);

    const answer = await readFigures({}, dataDir, 30);
    expect(answer).toMatchObject({ source: `the running portal at ${access!.url}`, health: { windowMinutes: 30, versions: [{ version: '1.0.0' }, { version: '1.1.0' }] } });
    const [from, to] = windows.at(-1)!;
    // The last 30 minutes, the minute under way included.
    expect(to.getTime() - from.getTime()).toBeGreaterThan(30 * 60_000);
    expect(to.getTime() - from.getTime()).toBeLessThanOrEqual(31 * 60_000);

    await app.close();
    opened.length = 0;
    expect(await readFiguresAccess(dataDir)).toBeNull();
    expect(await readFigures({}, dataDir, 30)).toMatchObject({ health: null, unavailable: expect.stringMatching(/^no running portal on /) });
  });

  it('pnpm release status prints the health of each stable and canary version, and the abort that left a canary at share 0', async () => {
    const dataDir = await tempDir();
    const storeDir = await tempDir();
    const store = new FsReleaseStore(storeDir);
    await store.writeManifest(emptyManifest({ version: 'shell-1', contractsVersion: '1.0.0' }));
    for (const v of ['1.0.0', '1.1.0']) {
      const dir = await tempDir();
      await writeFakeRemoteBuild(dir, v);
      await publishRemote(store, 'mfe-auth', { dir, version: v, actor: 'ana' });
    }
    await promote(store, 'mfe-auth', '1.0.0', { actor: 'ana' });
    await canary(store, 'mfe-auth', '1.1.0', 50, [], { actor: 'ana', guard: { marginPoints: 2, minPageViews: 20, autoPromoteAfterMs: null } });
    await abortCanary(store, 'mfe-auth', {
      actor: GUARD_ACTOR,
      note: 'guard: error rate canary 50.0% (100 errors in 200 page views, 12 senders) vs stable 0.5% (2 errors in 400 page views, 40 senders)',
    });
    const env = { RELEASE_STORE: storeDir, DATA_DIR: dataDir };

    // No portal running: the versions, and why there are no figures.
    const alone = await cli(env, 'status');
    expect(alone.code).toBe(0);
    expect(alone.out).toContain(`health: not available: no running portal on ${dataDir}`);
    expect(alone.out).toMatch(/mfe-auth\s+1\.0\.0\s+1\.1\.0\s+0% \(aborted\)/);

    await runningPortal(dataDir);
    const status = await cli(env, 'status', '--minutes', '15');
    expect(status).toMatchObject({ code: 0, err: [] });
    const lines = status.out.split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^health: the last 15 minutes, from the running portal at http:\/\/127\.0\.0\.1:\d+/));
    expect(lines.find((l) => l.startsWith('REMOTE'))).toMatch(/AGE\s+STABLE HEALTH\s+CANARY HEALTH$/);
    expect(lines.find((l) => l.startsWith('mfe-auth'))?.split(/\s{2,}/)).toEqual([
      'mfe-auth',
      '1.0.0',
      '1.1.0',
      '0% (aborted)',
      expect.any(String),
      expect.any(String),
      '400 views from 40 senders, 0.5% errors (2)',
      '200 views from 12 senders, 50.0% errors (100)',
    ]);
    expect(lines.find((l) => l.startsWith('mfe-billing'))).toMatch(/^mfe-billing(\s+-){7}$/);
    expect(status.out).toMatch(
      /mfe-auth canary 1\.1\.0 aborted at \S+ by release guard \(share 0\): guard: error rate canary 50\.0% \(100 errors in 200 page views, 12 senders\) vs stable 0\.5%/,
    );
    // An aborted canary is no longer said to be guarded.
    expect(status.out).not.toMatch(/guarded since/);

    const json = JSON.parse((await cli(env, 'status', '--json')).out) as Record<string, unknown>;
    expect(json).toMatchObject({
      manifest: { remotes: { 'mfe-auth': { stable: { version: '1.0.0' }, canary: { version: '1.1.0', percent: 0 } } } },
      health: { windowMinutes: 60, versions: [{ version: '1.0.0', pageViews: 400 }, { version: '1.1.0', pageViews: 200 }] },
      healthSource: expect.stringMatching(/^the running portal at /),
      aborted: [{ remote: 'mfe-auth', version: '1.1.0', by: GUARD_ACTOR, note: expect.stringMatching(/^guard: error rate/) }],
    });

    expect(await cli(env, 'status', '--minutes', 'ten')).toMatchObject({ code: 1, err: [expect.stringMatching(/--minutes must be a whole number from 1 to 43200/)] });
  });
});
