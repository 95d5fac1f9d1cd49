// Starts the built portal (shell/dist and the remotes' dist, released into a throwaway store) on a free
// port with a fresh data folder, for the measuring scripts. `env` adds variables (e.g. DEMO_DATA=1).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX = path.join(ROOT, 'deploy', 'node_modules', '.bin', 'tsx');

export async function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startPortal(extraEnv = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-measure-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', ...extraEnv };
  delete env.API_URL;
  delete env.DATABASE_URL;
  delete env.RELEASE_STORE;
  const rel = spawnSync(TSX, ['src/cli/release.ts', 'ensure'], { cwd: path.join(ROOT, 'deploy'), env, encoding: 'utf8' });
  if (rel.status !== 0) throw new Error(`release ensure failed: ${rel.stderr}`);
  const child = spawn(TSX, ['src/server.ts'], { cwd: path.join(ROOT, 'deploy'), env, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the portal exited');
    if (Date.now() > deadline) throw new Error('the portal did not start');
    const ok = await fetch(`${url}/release.json`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
