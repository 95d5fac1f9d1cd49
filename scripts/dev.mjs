#!/usr/bin/env node
// `pnpm dev <remote> [--port <n>] [--portal <url>]`: one remote's dev server with hot updates, to be
// overridden into a running portal (README, "Working on one remote"). The work is done by
// deploy/src/cli/dev.ts, which knows the remotes from shared-contracts.
import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const tsx = path.join(ROOT, 'deploy', 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const child = spawn(tsx, [path.join(ROOT, 'deploy', 'src', 'cli', 'dev.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: ROOT,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
