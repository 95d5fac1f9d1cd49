import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths';
import { missingPrerequisites, PORTAL_CONF, startTopology, topologyNginxConf, UPSTREAM_HEADER, type Topology } from './topology';

const conf = readFileSync(PORTAL_CONF, 'utf8');
const generated = topologyNginxConf(conf, { apiPorts: [6001, 6002], portalPort: 6300, s3Port: 6100, listenPort: 6200, shellDir: '/tmp/shell' });

describe('the topology nginx configuration', () => {
  it('is portal.conf with only the addresses and folders of this machine replaced, plus the upstream header', () => {
    expect(generated).toMatch(/upstream portal_api \{\s*(?:#[^\n]*\n\s*)*server 127\.0\.0\.1:6001 max_fails=3 fail_timeout=10s;\n\s*server 127\.0\.0\.1:6002 max_fails=3 fail_timeout=10s;\n\s*#/);
    expect(generated).not.toMatch(/526[123]|:9000|:8090|listen 8080|\/srv\/portal/);
    expect(generated).toMatch(/upstream portal_release_console \{[^}]*server 127\.0\.0\.1:6300 /);
    expect(generated).toContain('listen 127.0.0.1:6200;');
    expect(generated).toContain('root /tmp/shell;');
    expect(generated.match(/proxy_set_header Host 127\.0\.0\.1:6100;/g)).toHaveLength(2);
    // Every other line is portal.conf's own: the same rules, in the same order.
    const own = (text: string) => text.split('\n').filter((l) => !/server 127\.0\.0\.1:\d+|listen |root |proxy_set_header Host 127|X-Topology-Upstream/.test(l));
    expect(own(generated)).toEqual(own(conf));
    expect(generated).toContain(`add_header ${'X-Topology-Upstream'} $upstream_addr always;`);
    expect(UPSTREAM_HEADER).toBe('x-topology-upstream');
  });

  it('fails loudly when portal.conf no longer has a line it replaces', () => {
    expect(() => topologyNginxConf(conf.replace('listen 8080;', 'listen 8443;'), { apiPorts: [1], s3Port: 2, listenPort: 3, shellDir: '/x' })).toThrow(/listen line/);
  });
});

// Starts PostgreSQL, two api instances, the bucket and nginx: needs the machine's binaries and a build.
const built =
  existsSync(path.join(REPO_ROOT, 'shell', 'dist', 'index.html')) &&
  readdirSync(REPO_ROOT).some((n) => n.startsWith('mfe-') && existsSync(path.join(REPO_ROOT, n, 'dist', 'mf-manifest.json')));
const missing = missingPrerequisites() ?? (built ? null : 'no build of the shell and the remotes (run pnpm build)');

describe.skipIf(missing !== null)(`the topology on loopback${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let topology: Topology;

  beforeAll(async () => {
    topology = await startTopology({ apiInstances: 2, seed: 'none' });
  }, 180_000);

  afterAll(async () => {
    const dirs = topology ? [topology.logDir] : [];
    await topology?.stop();
    for (const d of dirs) expect(existsSync(d)).toBe(false);
    for (const i of topology?.instances ?? []) expect(i.pid).toBeNull();
  }, 60_000);

  it('has each api instance ready, and nginx serving the shell, the remotes from the bucket and the api', async () => {
    for (const url of topology.apiUrls) {
      const ready = await fetch(`${url}/api/health/ready`);
      expect(ready.status, url).toBe(200);
    }
    const shell = await fetch(`${topology.nginxUrl}/`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<div id="root"');
    expect(shell.headers.get('content-security-policy')).toContain("default-src 'self'");

    const release = (await (await fetch(`${topology.nginxUrl}/release.json`)).json()) as { remotes: Record<string, { stable: { version: string; entry: string } }> };
    const [remote, entry] = Object.entries(release.remotes)[0]!;
    const manifest = await fetch(`${topology.nginxUrl}/remotes/${remote}/${entry.stable.version}/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${topology.nginxUrl}/remotes/${remote}/${entry.stable.version}/nothing.js`)).status).toBe(404);

    // Round robin: consecutive calls through nginx reach both instances.
    const seen = new Set<string>();
    for (let n = 0; n < 4; n++) {
      const res = await fetch(`${topology.nginxUrl}/api/health/ready`);
      expect(res.status).toBe(200);
      seen.add(res.headers.get(UPSTREAM_HEADER) ?? '');
    }
    expect([...seen].sort()).toEqual(topology.instances.map((i) => `127.0.0.1:${i.port}`).sort());
  });

  it('kills one instance, keeps answering through the other, and restarts it ready', async () => {
    await topology.stopInstance(1);
    expect(topology.instances[1]!.pid).toBeNull();
    for (let n = 0; n < 4; n++) expect((await fetch(`${topology.nginxUrl}/api/health/live`)).status).toBe(200);
    await topology.startInstance(1);
    expect((await fetch(`${topology.apiUrls[1]}/api/health/ready`)).status).toBe(200);
  }, 120_000);
});
