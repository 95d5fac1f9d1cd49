import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { describeEmbeddedOnly } from './test/embedded-only';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside dist/ (ignored by git and the image's context), so node_modules and drizzle/ are found as from dist/.
const OUT = path.join(API_DIR, 'dist', `.build-test-${process.pid}`);
const DATA = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));

afterAll(() => {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.rmSync(DATA, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  const port = await new Promise<number>((resolve) => srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port)));
  await new Promise((r) => srv.close(r));
  return port;
}

/** Plain node: no loader, no flags, nothing from the test runner's NODE_OPTIONS. */
const plainNodeEnv = (extra: Record<string, string>) => ({ ...process.env, NODE_OPTIONS: '', DATABASE_URL: '', DATA_DIR: DATA, LOG_LEVEL: 'warn', ...extra });

describeEmbeddedOnly('the production build', () => {
  it('compiles the api once; node dist/migrate.js and node dist/server.js run it with no TypeScript loader', async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--outdir', OUT], { cwd: API_DIR, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const files = fs.readdirSync(OUT, { recursive: true }).map(String).filter((f) => f.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['server.js', 'migrate.js']));
    for (const f of files) {
      const code = fs.readFileSync(path.join(OUT, f), 'utf8');
      // The workspace's TypeScript is compiled in; nothing asks for tsx or a .ts file at run time.
      expect(code, f).not.toMatch(/from ["'](tsx|@portal\/[^"']+)["']/);
      expect(code, f).not.toMatch(/import\(["'][^"']+\.ts["']\)/);
    }

    const migrate = spawnSync(process.execPath, [path.join(OUT, 'migrate.js')], { cwd: API_DIR, env: plainNodeEnv({}), encoding: 'utf8' });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain('is up to date');

    const port = await freePort();
    const child = spawn(process.execPath, [path.join(OUT, 'server.js')], { cwd: API_DIR, env: plainNodeEnv({ API_PORT: String(port) }), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    try {
      let ready: Response | null = null;
      for (const deadline = Date.now() + 60_000; !ready && Date.now() < deadline; ) {
        if (child.exitCode !== null) throw new Error(`node dist/server.js exited (${child.exitCode}): ${stderr}`);
        ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready?.status, stderr).toBe(200);
      expect(await ready!.json()).toEqual({ success: true, message: MESSAGES.health.ready, status: 'ready' });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
