import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TELEMETRY_LIMITS, type RemoteId } from '@portal/shared-contracts';
import { FREEZE_LIMITS } from '@portal/shared-contracts/release-freeze';
import { abortOf, canaryIsOff } from '@portal/shared-contracts/release-state';
import { loadPortalConfig } from '../env';
import { REPO_ROOT } from '../paths';
import { abortCanary, canary, describeGuard, formatTable, freeze, parseCompanies, parsePercent, promote, releaseActor, rollback, statusRows, unfreeze, withdraw } from '../release/actions';
import { freezesInForce } from '../release/manifest';
import { parseWindowMinutes, readFigures } from '../release/figures-access';
import { DEFAULT_GUARD, parseDuration, type GuardSettings } from '../release/guard';
import { ensureReleased, publishRemote } from '../release/publish';
import { openReleaseStore } from '../release/open-store';
import { ReleaseStoreError, assertRemote, assertVersion, type ReleaseStore } from '../release/store';
import { createPreview, parseExpires, previewSecret, previewsWithMakers, revokePreview } from '../release/preview';
import { PREVIEW_LIMITS } from '@portal/shared-contracts/release-preview';

interface CommandContext {
  store: ReleaseStore;
  storeUrl: string | null;
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
  out: (line: string) => void;
  env: Record<string, string | undefined>;
  actor: string;
  /** The portal's data folder (DATA_DIR), where a running portal leaves its figures access file. */
  dataDir: string;
  /** PUBLIC_URL: where preview links point. */
  publicUrl: string;
  /** PREVIEW_SECRET, or null: the key kept in the data folder. */
  previewSecret: string | null;
}

interface Command {
  usage: string;
  summary: string;
  run(ctx: CommandContext): Promise<void>;
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

function needRemote(positionals: string[], command: string): string {
  const remote = positionals[0];
  if (!remote) throw new ReleaseStoreError(`${command} needs a remote, e.g. ${command} mfe-auth`);
  assertRemote(remote);
  return remote;
}

/**
 * Builds one remote into a fresh folder outside the working tree: nothing of the shell or of the
 * other remotes (nor this remote's own dist) is rebuilt or rewritten.
 */
function buildRemote(remote: string, outDir: string, version: string | undefined, env: Record<string, string | undefined>): void {
  const res = spawnSync('pnpm', ['--filter', `./${remote}`, 'run', 'build'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, BUILD_OUT_DIR: outDir, ...(version ? { BUILD_VERSION: version } : {}) },
  });
  if (res.status !== 0) throw new ReleaseStoreError(`building ${remote} failed (exit ${res.status ?? res.signal})`);
}

/** Each release action is one entry. */
export const COMMANDS: Record<string, Command> = {
  publish: {
    usage: 'publish <remote> [--version <v>] [--dir <build dir>]',
    summary: 'build one remote and copy it into the store as an immutable version (users get it only after canary/promote)',
    async run({ store, storeUrl, positionals, flags, out, env, actor }) {
      const remote = needRemote(positionals, 'publish');
      const version = str(flags.version);
      if (version) assertVersion(version);
      // Refuse before spending a build on a version that can never be stored.
      if (version && (await store.hasVersion(remote as never, version))) {
        throw new ReleaseStoreError(`${remote} ${version} is already published; versions are immutable (use a new version)`);
      }
      let dir = str(flags.dir) ? path.resolve(process.cwd(), str(flags.dir)!) : undefined;
      let temp: string | null = null;
      if (!dir && !flags['no-build']) {
        temp = await mkdtemp(path.join(tmpdir(), `portal-build-${remote}-`));
        out(`building ${remote}${version ? ` ${version}` : ''}...`);
        const started = Date.now();
        buildRemote(remote, temp, version, env);
        out(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        dir = temp;
      }
      try {
        const res = await publishRemote(store, remote, { version, dir, ifMissing: Boolean(flags['if-missing']), storeUrl, actor });
        out(res.published ? `published ${remote} ${res.version} (${res.build.entry})` : `${remote} ${res.version} is already published`);
        if (res.published) out(`release it with: pnpm release canary ${remote} ${res.version} --percent 10   or   pnpm release promote ${remote} ${res.version}`);
      } finally {
        if (temp) await rm(temp, { recursive: true, force: true });
      }
    },
  },
  canary: {
    usage:
      'canary <remote> <version> --percent <0-100> [--companies <id1,id2>] [--guard [--margin <points>] [--min-views <n>] [--min-senders <n>] [--auto-promote <24h>]]',
    summary: `serve a published version to a sticky share of users, and to every user of the listed companies; --guard: the portal aborts it when its error rate exceeds stable's by more than the margin (default ${DEFAULT_GUARD.marginPoints} points) with at least the minimum page views (default ${DEFAULT_GUARD.minPageViews}) from at least the minimum distinct senders on each side (default ${DEFAULT_GUARD.minSenders}; a sender is a client address, IPv6 by /64, or a signed-in user), and promotes it after --auto-promote healthy; a verdict that would not hold without the largest sender waits`,
    async run({ store, storeUrl, positionals, flags, out, actor }) {
      const remote = needRemote(positionals, 'canary');
      const version = positionals[1];
      if (!version) throw new ReleaseStoreError(`canary needs a version, e.g. canary ${remote} 1.2.0 --percent 10`);
      const percent = parsePercent(flags.percent);
      const companies = parseCompanies(flags.companies);
      const guard = parseGuardFlags(flags);
      await canary(store, remote, version, percent, companies, { storeUrl, actor, ...(guard ? { guard } : {}) });
      out(`${remote} ${version} is the canary for ${percent}% of users${companies.length ? ` and companies ${companies.join(', ')}` : ''}`);
      if (guard) out(`guarded: ${describeGuard(guard)}`);
    },
  },
  promote: {
    usage: 'promote <remote> [<version>]',
    summary: 'make the canary (or the given published version) the stable version; the old stable is kept for rollback',
    async run({ store, storeUrl, positionals, out, actor }) {
      const remote = needRemote(positionals, 'promote');
      const manifest = await promote(store, remote, positionals[1], { storeUrl, actor });
      const r = manifest.remotes[remote as keyof typeof manifest.remotes]!;
      out(`${remote} ${r.stable.version} is stable${r.previous[0] ? ` (was ${r.previous[0].version})` : ''}`);
    },
  },
  rollback: {
    usage: 'rollback <remote> [--failing]',
    summary: 'go back to the previous stable version (and drop any canary); frozen companies keep theirs, unless --failing says the version withdrawn fails: then it is withdrawn from them too',
    async run({ store, storeUrl, positionals, flags, out, actor }) {
      const remote = needRemote(positionals, 'rollback');
      const manifest = await rollback(store, remote, { storeUrl, actor, failing: Boolean(flags.failing) });
      out(`${remote} is back on ${manifest.remotes[remote as keyof typeof manifest.remotes]!.stable.version}`);
    },
  },
  withdraw: {
    usage: 'withdraw <remote>',
    summary: 'take a remote the shell was not built with (made outside this repository, or removed with pnpm remove-remote) out of release.json, its freezes and previews: no one loads it from the next page on; its builds stay in the store',
    async run({ store, positionals, out, actor }) {
      const remote = needRemote(positionals, 'withdraw');
      await withdraw(store, remote, { actor });
      out(`${remote} is withdrawn: no page loads it from the next load on (publish and promote it to bring it back)`);
    },
  },
  freeze: {
    usage: 'freeze --company <id> --until <ISO date>',
    summary: `keep a company's versions as they are until the date (at most ${FREEZE_LIMITS.maxDays} days ahead): canaries, promotes and rollbacks do not change what its users get, except an abort or a rollback --failing of a version it runs; run again to move the end`,
    async run({ store, flags, out, actor }) {
      const manifest = await freeze(store, str(flags.company) ?? '', str(flags.until) ?? '', { actor });
      const f = manifest.freezes!.find((x) => x.companyId === str(flags.company)!.trim())!;
      out(`company ${f.companyId} is frozen until ${f.until} (since ${f.since})`);
    },
  },
  unfreeze: {
    usage: 'unfreeze --company <id>',
    summary: "end a company's freeze now: its users get what everyone gets on their next load",
    async run({ store, flags, out, actor }) {
      const company = str(flags.company) ?? '';
      await unfreeze(store, company, { actor });
      out(`company ${company.trim()} is no longer frozen: its users get what everyone gets on their next load`);
    },
  },
  preview: {
    usage: 'preview <remote> <version> [--expires 7d]',
    summary: `print a signed link that pins a published version of one remote for whoever opens it (a banner names it; nobody else is affected, and its telemetry never counts in release health), until it expires (default ${PREVIEW_LIMITS.defaultExpires}, at most ${PREVIEW_LIMITS.maxDays}d) or is revoked`,
    async run({ store, storeUrl, positionals, flags, out, actor, dataDir, publicUrl, previewSecret: configured }) {
      const remote = needRemote(positionals, 'preview');
      const version = positionals[1];
      if (!version) throw new ReleaseStoreError(`preview needs a version, e.g. preview ${remote} 1.2.0 --expires 7d`);
      const expires = parseExpires(str(flags.expires));
      const secret = await previewSecret(configured, dataDir);
      const { preview, link } = await createPreview(store, remote, version, expires, { actor, secret, publicUrl, storeUrl });
      out(link);
      out(`preview ${preview.id}: ${remote} ${version} until ${preview.until} (revoke with: pnpm release revoke-preview ${preview.id})`);
    },
  },
  previews: {
    usage: 'previews',
    summary: 'the preview links not yet expired nor revoked: id, remote, version, until, who made it',
    async run({ store, out }) {
      const previews = await previewsWithMakers(store);
      if (previews.length === 0) {
        out('no preview link is active');
        return;
      }
      for (const line of formatTable([['ID', 'REMOTE', 'VERSION', 'UNTIL', 'BY'], ...previews.map((p) => [p.id, p.remote, p.version, p.until, p.by ?? '-'])])) out(line);
    },
  },
  'revoke-preview': {
    usage: 'revoke-preview <id>',
    summary: 'end a preview link now: whoever is in it loads what everyone gets on their next page, and the link says it was revoked',
    async run({ store, positionals, out, actor }) {
      const p = await revokePreview(store, positionals[0] ?? '', { actor });
      out(`preview ${p.id} (${p.remote} ${p.version}) is revoked`);
    },
  },
  'abort-canary': {
    usage: 'abort-canary <remote>',
    summary: 'end the canary without promoting it: its share goes to 0 (release.json keeps the version) and everyone gets stable',
    async run({ store, storeUrl, positionals, out, actor }) {
      const remote = needRemote(positionals, 'abort-canary');
      const manifest = await abortCanary(store, remote, { storeUrl, actor });
      const r = manifest.remotes[remote as RemoteId]!;
      out(`${remote}: canary ${r.canary?.version ?? ''} ended (share 0); everyone gets stable ${r.stable.version} on their next load`);
    },
  },
  ensure: {
    usage: 'ensure [--promote-new]',
    summary: 'publish every built remote of the repo that is not in the store; release it when it has no stable version',
    async run({ store, storeUrl, flags, out, actor }) {
      const results = await ensureReleased(store, { promoteNew: Boolean(flags['promote-new']), storeUrl, log: out, actor });
      if (results.length === 0) out('no built remote found (mfe-*/dist/mf-manifest.json)');
    },
  },
  status: {
    usage: 'status [--minutes <n>] [--json]',
    summary:
      'the versions in force: remote, stable, canary, share, contracts version, age of the last change, and the health of the stable and canary versions over the last --minutes (default 60): from PostgreSQL with DATABASE_URL, else from the running portal on DATA_DIR',
    async run({ store, flags, out, env, dataDir }) {
      const minutes = parseWindowMinutes(str(flags.minutes));
      if (minutes === null) throw new ReleaseStoreError(`--minutes must be a whole number from 1 to ${TELEMETRY_LIMITS.maxWindowMinutes} (got ${String(flags.minutes)})`);
      const [manifest, history, figures] = await Promise.all([store.readManifest(), store.readHistory(), readFigures(env, dataDir, minutes)]);
      const aborted = Object.entries(manifest?.remotes ?? {}).flatMap(([remote, r]) => {
        const c = r?.canary;
        const e = c && canaryIsOff(c) ? abortOf([...history].reverse(), remote, c.version) : null;
        return e ? [{ remote, version: c!.version, at: e.at, by: e.by ?? null, note: e.note ?? null }] : [];
      });
      if (flags.json) {
        out(
          JSON.stringify(
            {
              store: store.location,
              manifest,
              health: figures.health,
              healthSource: figures.source,
              ...('unavailable' in figures ? { healthUnavailable: figures.unavailable } : {}),
              aborted,
            },
            null,
            2,
          ),
        );
        return;
      }
      out(`store: ${store.location}`);
      if (manifest) out(`shell: ${manifest.shell.version} (contracts ${manifest.shell.contractsVersion})`);
      out(
        figures.health
          ? `health: the last ${minutes} minutes, from ${figures.source} (errors: load failures plus render errors per page view)`
          : `health: not available: ${'unavailable' in figures ? figures.unavailable : ''}`,
      );
      for (const line of formatTable(statusRows(manifest, new Date(), { history, ...(figures.health ? { figures: figures.health.versions } : {}) }))) out(line);
      for (const [remote, r] of Object.entries(manifest?.remotes ?? {})) {
        const g = r?.canary?.guard;
        if (g && !canaryIsOff(r.canary)) out(`${remote} canary ${r.canary!.version} guarded since ${g.since}: ${describeGuard(g)}`);
      }
      for (const a of aborted) out(`${a.remote} canary ${a.version} aborted at ${a.at} by ${a.by ?? 'unknown'} (share 0)${a.note ? `: ${a.note}` : ''}`);
      for (const f of manifest ? freezesInForce(manifest) : []) {
        const held = Object.entries(f.remotes).map(([remote, r]) => `${remote} ${r.stable.version}${r.canary && !canaryIsOff(r.canary) ? ` (canary ${r.canary.version} ${r.canary.percent}%)` : ''}`);
        out(`company ${f.companyId} frozen until ${f.until} (since ${f.since}): ${held.join(', ')}`);
      }
    },
  },
  history: {
    usage: 'history [<remote>] [--limit <n>]',
    summary: 'the release actions, latest last: when, what, version, from, who',
    async run({ store, positionals, flags, out }) {
      const remote = positionals[0];
      if (remote) assertRemote(remote);
      const limit = str(flags.limit) ? Number.parseInt(str(flags.limit)!, 10) : 20;
      const entries = (await store.readHistory()).filter((e) => !remote || e.remote === remote).slice(-limit);
      if (entries.length === 0) out(remote ? `no release history for ${remote}` : 'no release history');
      const rows = [['WHEN', 'ACTION', 'REMOTE', 'VERSION', 'FROM', 'BY', 'NOTE']];
      for (const e of entries) rows.push([e.at, e.action, e.remote, e.version, e.from ?? '-', e.by ?? '-', e.note ?? '']);
      if (entries.length) for (const line of formatTable(rows)) out(line);
    },
  },
};

/** `--guard` and its settings; the settings alone do not guard a canary. */
function parseGuardFlags(flags: Record<string, string | boolean | undefined>): GuardSettings | null {
  const given = ['margin', 'min-views', 'min-senders', 'auto-promote'].filter((k) => flags[k] !== undefined);
  if (!flags.guard) {
    if (given.length) throw new ReleaseStoreError(`--${given[0]} applies to a guarded canary: add --guard`);
    return null;
  }
  const margin = flags.margin === undefined ? DEFAULT_GUARD.marginPoints : Number(flags.margin);
  if (!Number.isFinite(margin) || margin < 0 || margin > 100) throw new ReleaseStoreError(`--margin must be a number of percentage points from 0 to 100 (got ${String(flags.margin)})`);
  const minViews = flags['min-views'] === undefined ? DEFAULT_GUARD.minPageViews : Number(flags['min-views']);
  if (!Number.isInteger(minViews) || minViews < 1) throw new ReleaseStoreError(`--min-views must be a whole number of page views, at least 1 (got ${String(flags['min-views'])})`);
  const minSenders = flags['min-senders'] === undefined ? DEFAULT_GUARD.minSenders : Number(flags['min-senders']);
  if (!Number.isInteger(minSenders) || minSenders < 1) {
    throw new ReleaseStoreError(`--min-senders must be a whole number of distinct senders, at least 1 (got ${String(flags['min-senders'])})`);
  }
  const raw = flags['auto-promote'];
  const autoPromoteAfterMs = raw === undefined ? null : parseDuration(String(raw));
  if (raw !== undefined && autoPromoteAfterMs === null) throw new ReleaseStoreError(`--auto-promote must be a duration such as 30m, 24h or 2d (got ${String(raw)})`);
  return { marginPoints: margin, minPageViews: minViews, minSenders, autoPromoteAfterMs };
}

function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`);
  return [
    'usage: pnpm release <command>',
    ...lines,
    '',
    'The store is RELEASE_STORE (default <DATA_DIR>/releases), or RELEASE_STORE_URL=s3://bucket/prefix (S3_ENDPOINT for',
    'an S3-compatible server, AWS_REGION and the AWS credentials variables); RELEASE_ACTOR names who acts in the history.',
  ].join('\n');
}

/** Runs one command; errors a releaser can act on are one line on stderr and exit code 1. */
export async function runReleaseCli(
  argv: string[],
  out: (line: string) => void = console.log,
  env: Record<string, string | undefined> = process.env,
  err: (line: string) => void = console.error,
): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: Record<string, { type: 'string' | 'boolean'; short?: string }> }>>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        version: { type: 'string' },
        dir: { type: 'string' },
        limit: { type: 'string' },
        minutes: { type: 'string' },
        percent: { type: 'string' },
        companies: { type: 'string' },
        guard: { type: 'boolean' },
        margin: { type: 'string' },
        'min-views': { type: 'string' },
        'min-senders': { type: 'string' },
        'auto-promote': { type: 'string' },
        'no-build': { type: 'boolean' },
        'if-missing': { type: 'boolean' },
        'promote-new': { type: 'boolean' },
        company: { type: 'string' },
        until: { type: 'string' },
        expires: { type: 'string' },
        failing: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    err(`release: ${(e as Error).message}`);
    return 1;
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  const command = name ? COMMANDS[name] : undefined;
  if (!command || values.help) {
    if (name && !command) err(`release: unknown command "${name}"`);
    out(usage());
    return command || values.help ? 0 : 1;
  }
  try {
    const config = loadPortalConfig(env);
    const store = await openReleaseStore(config);
    await command.run({ store, storeUrl: config.releaseStoreUrl, positionals: rest, flags: values, out, env, actor: releaseActor(env), dataDir: config.dataDir, publicUrl: config.publicUrl, previewSecret: config.previewSecret });
    return 0;
  } catch (e) {
    if (e instanceof ReleaseStoreError) {
      err(`release ${name}: ${e.message}`);
      return 1;
    }
    err(`release ${name}: ${e instanceof Error ? e.message.split('\n').join(' ') : String(e)}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runReleaseCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
