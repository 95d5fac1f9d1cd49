import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_IDS } from '@portal/shared-contracts';
import { loadPortalConfig } from '../env';
import { REPO_ROOT } from '../paths';
import { ensureReleased, publishRemote } from '../release/publish';
import { FsReleaseStore, ReleaseStoreError, assertRemote, type ReleaseStore } from '../release/store';

interface CommandContext {
  store: ReleaseStore;
  storeUrl: string | null;
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
  out: (line: string) => void;
}

interface Command {
  usage: string;
  summary: string;
  run(ctx: CommandContext): Promise<void>;
}

/** Each release action is one entry: canary, promote and rollback slot in beside these. */
export const COMMANDS: Record<string, Command> = {
  publish: {
    usage: 'publish <remote> [--version <v>] [--dir <build dir>] [--no-build] [--if-missing]',
    summary: 'build one remote and copy it into the store as an immutable version (does not release it)',
    async run({ store, storeUrl, positionals, flags, out }) {
      const remote = positionals[0];
      if (!remote) throw new ReleaseStoreError('publish needs a remote, e.g. publish mfe-auth');
      assertRemote(remote);
      if (!flags['no-build'] && !flags.dir) {
        out(`building ${remote}...`);
        execFileSync('pnpm', ['--filter', `./${remote}`, 'run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
      }
      const res = await publishRemote(store, remote, {
        version: typeof flags.version === 'string' ? flags.version : undefined,
        dir: typeof flags.dir === 'string' ? path.resolve(process.cwd(), flags.dir) : undefined,
        ifMissing: Boolean(flags['if-missing']),
        storeUrl,
      });
      out(res.published ? `published ${remote} ${res.version} (${res.build.entry})` : `${remote} ${res.version} is already published`);
    },
  },
  ensure: {
    usage: 'ensure [--promote-new]',
    summary: 'publish every built remote of the repo that is not in the store; release it when it has no stable version',
    async run({ store, storeUrl, flags, out }) {
      const results = await ensureReleased(store, { promoteNew: Boolean(flags['promote-new']), storeUrl, log: out });
      if (results.length === 0) out('no built remote found (mfe-*/dist/mf-manifest.json)');
    },
  },
  status: {
    usage: 'status [--json]',
    summary: 'show the versions in force and what the store holds',
    async run({ store, flags, out }) {
      const manifest = await store.readManifest();
      if (flags.json) {
        out(JSON.stringify(manifest, null, 2));
        return;
      }
      out(`store: ${store.location}`);
      if (!manifest) {
        out('nothing released yet');
        return;
      }
      out(`shell ${manifest.shell.version} (contracts ${manifest.shell.contractsVersion})`);
      for (const remote of REMOTE_IDS) {
        const r = manifest.remotes[remote];
        const versions = await store.listVersions(remote);
        if (!r) {
          out(`${remote.padEnd(16)} not released${versions.length ? ` (${versions.length} version(s) in store)` : ''}`);
          continue;
        }
        const canary = r.canary ? `, canary ${r.canary.version} at ${r.canary.percent}%` : '';
        out(`${remote.padEnd(16)} stable ${r.stable.version}${canary}; ${versions.length} version(s) in store; updated ${r.updatedAt}`);
      }
    },
  },
  history: {
    usage: 'history [--limit <n>]',
    summary: 'list the latest release actions',
    async run({ store, flags, out }) {
      const limit = typeof flags.limit === 'string' ? Number.parseInt(flags.limit, 10) : 20;
      const entries = (await store.readHistory()).slice(-limit);
      for (const e of entries) out(`${e.at}  ${e.action.padEnd(8)} ${e.remote} ${e.version}${e.from ? ` (from ${e.from})` : ''}${e.note ? `  ${e.note}` : ''}`);
    },
  },
};

function usage(): string {
  const lines = Object.values(COMMANDS).map((c) => `  ${c.usage}\n      ${c.summary}`);
  return `usage: pnpm release <command>\n${lines.join('\n')}\n\nThe store is RELEASE_STORE (default <DATA_DIR>/releases).`;
}

export async function runReleaseCli(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      dir: { type: 'string' },
      limit: { type: 'string' },
      'no-build': { type: 'boolean' },
      'if-missing': { type: 'boolean' },
      'promote-new': { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [name, ...rest] = positionals;
  const command = name ? COMMANDS[name] : undefined;
  if (!command || values.help) {
    out(usage());
    return command || values.help ? 0 : 1;
  }
  const config = loadPortalConfig();
  const store = new FsReleaseStore(config.releaseStoreDir);
  try {
    await command.run({ store, storeUrl: config.releaseStoreUrl, positionals: rest, flags: values, out });
    return 0;
  } catch (err) {
    if (err instanceof ReleaseStoreError) {
      console.error(`release ${name}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  runReleaseCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
