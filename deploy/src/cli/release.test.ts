import { describe, expect, it } from 'vitest';
import { tempDir, writeFakeRemoteBuild } from '../test-fixtures';
import { FsReleaseStore } from '../release/store';
import { runReleaseCli } from './release';

async function cli(store: string, ...argv: string[]) {
  return cliWith({}, store, ...argv);
}

async function cliWith(env: Record<string, string>, store: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runReleaseCli(argv, (l) => out.push(l), { RELEASE_STORE: store, RELEASE_ACTOR: 'cli-test', LOG_LEVEL: 'silent', ...env }, (l) => err.push(l));
  return { code, out: out.join('\n'), err };
}

describe('pnpm release', () => {
  it('publishes a given build, canaries, promotes, rolls back and shows status and history', async () => {
    const store = await tempDir();
    for (const v of ['1.0.0', '1.1.0']) {
      const dir = await tempDir();
      await writeFakeRemoteBuild(dir, v);
      expect((await cli(store, 'publish', 'mfe-auth', '--version', v, '--dir', dir)).code).toBe(0);
    }
    // A second publish of a version is refused, whatever it holds.
    const again = await cli(store, 'publish', 'mfe-auth', '--version', '1.0.0', '--dir', await tempDir());
    expect(again.code).toBe(1);
    expect(again.err).toEqual([expect.stringMatching(/^release publish: mfe-auth 1\.0\.0 is already published/)]);

    // The first version becomes stable (the portal's start does this with `ensure`).
    expect((await cli(store, 'promote', 'mfe-auth', '1.0.0')).code).toBe(0);
    const canary = await cli(store, 'canary', 'mfe-auth', '1.1.0', '--percent', '10', '--companies', 'co-1,co-2');
    expect(canary).toMatchObject({ code: 0, err: [] });
    expect((await new FsReleaseStore(store).readManifest())?.remotes['mfe-auth']?.canary).toMatchObject({
      version: '1.1.0',
      percent: 10,
      companies: ['co-1', 'co-2'],
    });
    const status = await cli(store, 'status');
    expect(status.out).toMatch(/mfe-auth\s+1\.0\.0\s+1\.1\.0\s+10% \+2 companies/);

    expect((await cli(store, 'promote', 'mfe-auth')).out).toContain('mfe-auth 1.1.0 is stable (was 1.0.0)');
    expect((await cli(store, 'rollback', 'mfe-auth')).out).toContain('mfe-auth is back on 1.0.0');

    const history = await cli(store, 'history', 'mfe-auth');
    const lines = history.out.split('\n');
    expect(lines[0]).toMatch(/^WHEN\s+ACTION\s+REMOTE\s+VERSION\s+FROM\s+BY/);
    expect(lines.slice(1).map((l) => l.split(/\s{2,}/).slice(1, 6))).toEqual([
      ['publish', 'mfe-auth', '1.0.0', '-', 'cli-test'],
      ['publish', 'mfe-auth', '1.1.0', '-', 'cli-test'],
      ['promote', 'mfe-auth', '1.0.0', '-', 'cli-test'],
      ['canary', 'mfe-auth', '1.1.0', '1.0.0', 'cli-test'],
      ['promote', 'mfe-auth', '1.1.0', '1.0.0', 'cli-test'],
      ['rollback', 'mfe-auth', '1.0.0', '1.1.0', 'cli-test'],
    ]);
  });

  it('starts a guarded canary with --guard, and status says how it is guarded', async () => {
    const store = await tempDir();
    for (const v of ['1.0.0', '1.1.0']) {
      const dir = await tempDir();
      await writeFakeRemoteBuild(dir, v);
      await cli(store, 'publish', 'mfe-auth', '--version', v, '--dir', dir);
    }
    await cli(store, 'promote', 'mfe-auth', '1.0.0');
    const refused = await cli(store, 'canary', 'mfe-auth', '1.1.0', '--percent', '50', '--margin', '3');
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual(['release canary: --margin applies to a guarded canary: add --guard']);
    const bad = await cli(store, 'canary', 'mfe-auth', '1.1.0', '--percent', '50', '--guard', '--auto-promote', 'tomorrow');
    expect(bad.err).toEqual(['release canary: --auto-promote must be a duration such as 30m, 24h or 2d (got tomorrow)']);
    const few = await cli(store, 'canary', 'mfe-auth', '1.1.0', '--percent', '50', '--guard', '--min-senders', '0');
    expect(few.err).toEqual(['release canary: --min-senders must be a whole number of distinct senders, at least 1 (got 0)']);

    const res = await cli(store, 'canary', 'mfe-auth', '1.1.0', '--percent', '50', '--guard', '--auto-promote', '24h');
    expect(res).toMatchObject({ code: 0, err: [] });
    expect(res.out).toContain('guarded: margin 2 points, at least 200 page views from at least 10 senders on each side, promote after 24h');
    expect((await new FsReleaseStore(store).readManifest())?.remotes['mfe-auth']?.canary?.guard).toMatchObject({
      marginPoints: 2,
      minPageViews: 200,
      minSenders: 10,
      autoPromoteAfterMs: 86_400_000,
    });
    expect((await cli(store, 'status')).out).toMatch(
      /mfe-auth canary 1\.1\.0 guarded since \S+: margin 2 points, at least 200 page views from at least 10 senders on each side, promote after 24h/,
    );
    const five = await cli(store, 'canary', 'mfe-auth', '1.1.0', '--percent', '50', '--guard', '--min-senders', '5');
    expect(five.out).toContain('guarded: margin 2 points, at least 200 page views from at least 5 senders on each side');
  });

  it('rolls back and aborts a canary at the address the store is served from now, as canary and promote write it', async () => {
    const store = await tempDir();
    for (const v of ['1.0.0', '1.1.0', '1.2.0']) {
      const dir = await tempDir();
      await writeFakeRemoteBuild(dir, v);
      await cli(store, 'publish', 'mfe-auth', '--version', v, '--dir', dir);
    }
    // Released while this server served the store at /remotes/ ...
    await cli(store, 'promote', 'mfe-auth', '1.0.0');
    await cli(store, 'promote', 'mfe-auth', '1.1.0');
    await cli(store, 'canary', 'mfe-auth', '1.2.0', '--percent', '10');
    const manifest = async () => (await new FsReleaseStore(store).readManifest())!.remotes['mfe-auth']!;
    expect((await manifest()).previous[0]!.entry).toBe('/remotes/mfe-auth/1.0.0/mf-manifest.json');

    // ... then the store is served by a CDN: every build the CLI leaves in release.json is addressed there.
    const cdn = { RELEASE_STORE_URL: 'https://cdn.example.com/portal' };
    expect(await cliWith(cdn, store, 'abort-canary', 'mfe-auth')).toMatchObject({ code: 0, err: [] });
    expect((await manifest()).canary).toMatchObject({ version: '1.2.0', percent: 0, entry: 'https://cdn.example.com/portal/remotes/mfe-auth/1.2.0/mf-manifest.json' });
    expect(await cliWith(cdn, store, 'rollback', 'mfe-auth')).toMatchObject({ code: 0, err: [] });
    expect((await manifest()).stable).toMatchObject({ version: '1.0.0', entry: 'https://cdn.example.com/portal/remotes/mfe-auth/1.0.0/mf-manifest.json' });
    expect(await cliWith(cdn, store, 'promote', 'mfe-auth', '1.1.0')).toMatchObject({ code: 0, err: [] });
    expect((await manifest()).stable.entry).toBe('https://cdn.example.com/portal/remotes/mfe-auth/1.1.0/mf-manifest.json');
  });

  it('answers a mistake with one line and a non-zero exit', async () => {
    const store = await tempDir();
    const dir = await tempDir();
    await writeFakeRemoteBuild(dir);
    await cli(store, 'publish', 'mfe-auth', '--version', '1.0.0', '--dir', dir);
    await cli(store, 'promote', 'mfe-auth', '1.0.0');
    const cases: [string[], RegExp][] = [
      [['canary', 'nope', '1.0.0', '--percent', '5'], /Unknown remote "nope"/],
      // A remote-shaped id may be a remote made outside the repository: it is refused for what it lacks.
      [['canary', 'mfe-nope', '1.0.0', '--percent', '5'], /mfe-nope has no stable version yet/],
      [['withdraw', 'mfe-auth'], /remotes\.json.*pnpm remove-remote mfe-auth/],
      [['withdraw', 'mfe-nope'], /mfe-nope is not in release\.json/],
      [['canary', 'mfe-auth', '2.0.0', '--percent', '5'], /mfe-auth 2\.0\.0 is not in the store/],
      [['canary', 'mfe-auth', '1.0.0', '--percent', '150'], /--percent must be a number from 0 to 100/],
      [['canary', 'mfe-auth', '1.0.0'], /--percent must be a number from 0 to 100/],
      [['promote', 'mfe-auth', 'bad/../version'], /Invalid version/],
      [['rollback', 'mfe-auth'], /no earlier stable version/],
      [['history', 'x'], /Unknown remote/],
      [['status', '--bogus'], /Unknown option '--bogus'/],
      [['frobnicate'], /unknown command "frobnicate"/],
    ];
    for (const [argv, message] of cases) {
      const res = await cli(store, ...argv);
      expect(res.code, argv.join(' ')).toBe(1);
      expect(res.err, argv.join(' ')).toHaveLength(1);
      expect(res.err[0], argv.join(' ')).toMatch(message);
    }
  });

  it('freezes a company until a date, shows it in status, and unfreezes it', async () => {
    const store = await tempDir();
    const acme = '11111111-1111-4111-8111-111111111111';
    for (const v of ['1.0.0', '1.1.0']) {
      const dir = await tempDir();
      await writeFakeRemoteBuild(dir, v);
      await cli(store, 'publish', 'mfe-auth', '--version', v, '--dir', dir);
    }
    await cli(store, 'promote', 'mfe-auth', '1.0.0');
    const until = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const frozen = await cli(store, 'freeze', '--company', acme, '--until', until);
    expect(frozen).toMatchObject({ code: 0, err: [] });
    expect(frozen.out).toContain(`company ${acme} is frozen until ${until}`);
    await cli(store, 'promote', 'mfe-auth', '1.1.0');
    expect((await cli(store, 'status')).out).toContain(`company ${acme} frozen until ${until}`);
    expect((await cli(store, 'status')).out).toMatch(/: mfe-auth 1\.0\.0$/m);

    const far = await cli(store, 'freeze', '--company', acme, '--until', new Date(Date.now() + 40 * 86_400_000).toISOString());
    expect(far).toMatchObject({ code: 1, err: ['release freeze: A freeze lasts at most 31 days: give an end within 31 days of now'] });
    expect((await cli(store, 'freeze', '--until', until)).err).toEqual(["release freeze: That is not a company id: give the company's id (a UUID), as the company list shows it"]);

    expect((await cli(store, 'unfreeze', '--company', acme)).out).toContain(`company ${acme} is no longer frozen`);
    expect((await cli(store, 'status')).out).not.toContain('frozen until');
    expect((await cli(store, 'unfreeze', '--company', acme)).err).toEqual([`release unfreeze: Company ${acme} has no freeze in force`]);
    const history = (await cli(store, 'history')).out;
    expect(history).toMatch(new RegExp(`freeze\\s+\\*\\s+${acme}`));
    expect(history).toMatch(new RegExp(`unfreeze\\s+\\*\\s+${acme}`));
  });

  it('prints a preview link for a published version, lists it and revokes it', async () => {
    const store = await tempDir();
    const data = await tempDir();
    const env = { DATA_DIR: data, PUBLIC_URL: 'https://portal.example.com' };
    const dir = await tempDir();
    await writeFakeRemoteBuild(dir, '1.0.0');
    await cliWith(env, store, 'publish', 'mfe-auth', '--version', '1.0.0', '--dir', dir);
    await cliWith(env, store, 'publish', 'mfe-auth', '--version', '1.1.0-pr.12.abc1234', '--dir', dir);
    await cliWith(env, store, 'promote', 'mfe-auth', '1.0.0');

    const made = await cliWith(env, store, 'preview', 'mfe-auth', '1.1.0-pr.12.abc1234', '--expires', '2h');
    expect(made).toMatchObject({ code: 0, err: [] });
    const [link, line] = made.out.split('\n') as [string, string];
    expect(link).toMatch(/^https:\/\/portal\.example\.com\/\?preview=[\w-]+\.[\w-]{43}$/);
    const id = /^preview ([0-9a-f]{16}): mfe-auth 1\.1\.0-pr\.12\.abc1234 until /.exec(line)?.[1];
    expect(id).toBeTruthy();
    expect((await cliWith(env, store, 'previews')).out).toMatch(new RegExp(`^${id}\\s+mfe-auth\\s+1\\.1\\.0-pr\\.12\\.abc1234\\s+\\S+\\s+cli-test$`, 'm'));

    expect((await cliWith(env, store, 'preview', 'mfe-auth', '9.9.9')).err).toEqual([
      'release preview: mfe-auth 9.9.9 is not published: publish it first (pnpm release publish mfe-auth --version 9.9.9)',
    ]);
    expect((await cliWith(env, store, 'preview', 'mfe-auth', '1.0.0', '--expires', '90d')).err).toEqual([
      'release preview: Give how long the link lasts as a duration such as 30m, 24h or 7d, at most 30 days',
    ]);
    expect((await cliWith(env, store, 'revoke-preview', id!)).out).toBe(`preview ${id} (mfe-auth 1.1.0-pr.12.abc1234) is revoked`);
    expect((await cliWith(env, store, 'previews')).out).toBe('no preview link is active');
    expect((await cliWith(env, store, 'revoke-preview', id!)).err).toEqual([`release revoke-preview: No preview ${id} is active`]);
  });
});
