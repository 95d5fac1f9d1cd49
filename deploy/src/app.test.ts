import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptEveryMethod, HTTP_TIMEOUTS } from '@portal/api/lib/http-server';
import { createPortal } from './app';
import { PRELOAD_SCRIPT, PRELOAD_SCRIPT_SOURCE } from './index-page';
import { loadPortalConfig } from './env';
import { promote } from './release/actions';
import { ensureReleased, publishRemote } from './release/publish';
import { FsReleaseStore } from './release/store';
import { tempDir, writeFakeRemoteBuild, writeFakeRepo } from './test-fixtures';

const open: FastifyInstance[] = [];
const shellDirs = new WeakMap<FastifyInstance, string>();
const dataDirs = new WeakMap<FastifyInstance, string>();
afterEach(async () => {
  await Promise.all(open.splice(0).map((a) => a.close()));
});

async function portal(env: Record<string, string> = {}) {
  const repo = await tempDir();
  await writeFakeRepo(repo);
  const shellDir = path.join(repo, 'shell', 'dist');
  await mkdir(path.join(shellDir, 'assets'), { recursive: true });
  await writeFile(path.join(shellDir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  await writeFile(path.join(shellDir, 'main.0123456789.js'), `console.log("shell");\n`.repeat(400));
  await writeFile(path.join(shellDir, 'favicon.ico'), 'icon');
  const data = await tempDir();
  const config = loadPortalConfig({ DATA_DIR: data, SHELL_DIR: shellDir, PORT: '0', LOG_LEVEL: 'silent', ...env });
  const store = new FsReleaseStore(config.releaseStoreDir);
  await ensureReleased(store, { repoRoot: repo });
  const app = await createPortal(config, {
    repoRoot: repo,
    logger: false,
    registerApi: async (a) => {
      a.get('/api/ping', async () => ({ success: true, where: 'embedded' }));
      a.get('/api/address', async (req) => ({ ip: req.ip }));
    },
  });
  open.push(app);
  shellDirs.set(app, shellDir);
  dataDirs.set(app, data);
  return app;
}

describe('portal server', () => {
  it('serves index.html for / and client-side paths, never cached', async () => {
    const app = await portal();
    for (const url of ['/', '/index.html', '/Signup', '/some/deep/link']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it("names the login page's remote files in index.html for its preload script, which its CSP allows by hash on that answer alone", async () => {
    const repo = await tempDir();
    await writeFakeRepo(repo);
    const mf = {
      id: 'mfe_auth',
      name: 'mfe_auth',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'LoginPage', assets: { js: { sync: ['123.abcdef0123.js'], async: [] }, css: { sync: [], async: [] } } }],
    };
    await writeFile(path.join(repo, 'mfe-auth', 'dist', 'mf-manifest.json'), JSON.stringify(mf));
    const shellDir = path.join(repo, 'shell', 'dist');
    await mkdir(shellDir, { recursive: true });
    await writeFile(path.join(shellDir, 'index.html'), '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>');
    const config = loadPortalConfig({ DATA_DIR: await tempDir(), SHELL_DIR: shellDir, PORT: '0', LOG_LEVEL: 'silent' });
    await ensureReleased(new FsReleaseStore(config.releaseStoreDir), { repoRoot: repo });
    const app = await createPortal(config, { repoRoot: repo, logger: false, registerApi: async () => {} });
    open.push(app);

    const page = await app.inject({ url: '/' });
    expect(page.headers['cache-control']).toBe('no-store');
    const files = JSON.parse(/<script type="application\/json" id="portal-preload">([^<]*)<\/script>/.exec(page.body)?.[1] ?? 'null');
    const base = '/remotes/mfe-auth/1.0.0-abc12345/';
    expect(files).toEqual({ '/': { manifest: `${base}mf-manifest.json`, scripts: [`${base}remoteEntry.js`, `${base}123.abcdef0123.js`], styles: [] } });
    expect(page.body).toContain(`<script>${PRELOAD_SCRIPT}</script></head>`);
    const scriptSrc = (csp: unknown) => String(csp).split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc(page.headers['content-security-policy'])).toBe(`script-src 'self' ${PRELOAD_SCRIPT_SOURCE} http://localhost:* http://127.0.0.1:*`);
    // Every other answer keeps the policy without it; release.json is what it was.
    expect(scriptSrc((await app.inject({ url: '/release.json' })).headers['content-security-policy'])).toBe("script-src 'self' http://localhost:* http://127.0.0.1:*");
    expect((await app.inject({ url: '/release.json' })).json().remotes['mfe-auth'].stable.entry).toBe(`${base}mf-manifest.json`);
    // Each of the served files is there.
    for (const file of [...files['/'].scripts, files['/'].manifest]) expect((await app.inject({ url: file })).statusCode, file).toBe(200);
  });

  it('caches hashed shell assets for good and 404s missing files', async () => {
    const app = await portal();
    const js = await app.inject({ url: '/main.0123456789.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect((await app.inject({ url: '/favicon.ico' })).headers['cache-control']).toBe('public, max-age=300');
    const missing = await app.inject({ url: '/main.deadbeef00.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/../package.json' })).body).not.toContain('"version"');
  });

  it('compresses JavaScript, including immutable assets', async () => {
    const app = await portal();
    const res = await app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('console.log("shell")');
    const remote = await app.inject({
      url: '/remotes/mfe-auth/1.0.0-abc12345/remoteEntry.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(remote.headers['content-encoding']).toBe('br');
  });

  it("sends the build's precompressed brotli or gzip file when the browser accepts it", async () => {
    const app = await portal();
    const js = `console.log("precompressed");\n`.repeat(200);
    // The build wrote x.js.br / x.js.gz beside x.js; marked copies prove which file was sent.
    await writeFile(path.join(shellDirs.get(app)!, 'main.0123456789.js.br'), brotliCompressSync(Buffer.from(`/* br */${js}`)));
    await writeFile(path.join(shellDirs.get(app)!, 'main.0123456789.js.gz'), gzipSync(Buffer.from(`/* gz */${js}`)));
    const br = await app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^\/\* br \*\//);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/^\/\* gz \*\//);
  });

  it('serves remote builds from the store: immutable and readable cross-origin', async () => {
    const app = await portal();
    const res = await app.inject({ url: '/remotes/mfe-auth/1.0.0-abc12345/mf-manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toMatchObject({ name: 'mfe_auth' });
    expect((await app.inject({ url: '/remotes/mfe-auth/1.0.0-abc12345/123.abcdef0123.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/remotes/mfe-auth/9.9.9/mf-manifest.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/release.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/remotes/history.jsonl' })).statusCode).toBe(404);
  });

  it('answers /release.json from the store, never cached', async () => {
    const app = await portal();
    const res = await app.inject({ url: '/release.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().remotes['mfe-auth'].stable.entry).toBe('/remotes/mfe-auth/1.0.0-abc12345/mf-manifest.json');
  });

  it('serves a freeze in force and never one that has ended', async () => {
    const app = await portal();
    const store = new FsReleaseStore(loadPortalConfig({ DATA_DIR: dataDirs.get(app)!, LOG_LEVEL: 'silent' }).releaseStoreDir);
    const m = (await store.readManifest())!;
    const held = { 'mfe-auth': m.remotes['mfe-auth']! };
    const hour = 3_600_000;
    await store.writeManifest({
      ...m,
      freezes: [
        { companyId: 'in-force', since: new Date(Date.now() - hour).toISOString(), until: new Date(Date.now() + hour).toISOString(), remotes: held },
        { companyId: 'ended', since: new Date(Date.now() - 2 * hour).toISOString(), until: new Date(Date.now() - 1000).toISOString(), remotes: held },
      ],
    });
    const served = (await app.inject({ url: '/release.json' })).json() as { freezes: { companyId: string }[] };
    expect(served.freezes.map((f) => f.companyId)).toEqual(['in-force']);
  });

  it('offers the employee CSV template as a download', async () => {
    const app = await portal();
    const res = await app.inject({ url: '/employees.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="employees.csv"');
    const [header, example] = res.body.trim().split(/\r?\n/);
    expect(header).toBe('firstName,lastName,email,employeeNumber,department');
    expect(example?.split(',')).toHaveLength(5);
  });

  it('sends the security headers on every answer', async () => {
    const app = await portal();
    for (const url of ['/', '/release.json', '/api/ping', '/nope.js']) {
      const res = await app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toBeTruthy();
    }
  });

  it('allows scripts from a separate release store origin in the CSP', async () => {
    const app = await portal({ RELEASE_STORE_URL: 'https://cdn.example.com/releases' });
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://cdn.example.com ");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com ");
  });

  it('allows exactly loopback and OVERRIDE_ORIGINS for development overrides, and says so in release.json', async () => {
    const app = await portal({ OVERRIDE_ORIGINS: 'https://remotes.dev.example.com, http://10.0.0.5:4000' });
    const res = await app.inject({ url: '/' });
    const directives = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    const dev = ['http://localhost:*', 'http://127.0.0.1:*', 'https://remotes.dev.example.com', 'http://10.0.0.5:4000'];
    expect(directives['script-src']).toEqual(["'self'", ...dev]);
    expect(directives['connect-src']).toEqual([
      "'self'",
      ...dev,
      'ws://localhost:*',
      'ws://127.0.0.1:*',
      'wss://remotes.dev.example.com',
      'ws://10.0.0.5:4000',
    ]);
    const manifest = (await app.inject({ url: '/release.json' })).json();
    expect(manifest.overrideOrigins).toEqual(dev);
    expect(() => loadPortalConfig({ OVERRIDE_ORIGINS: 'https://x.example.com/path' })).toThrow(/OVERRIDE_ORIGINS/);
  });

  it('allows no loopback source where development overrides are off: the default when PUBLIC_URL is not loopback', async () => {
    const loopback = /localhost|127\.0\.0\.1/;
    const deployed = await portal({ PUBLIC_URL: 'https://portal.example.com' });
    const csp = String((await deployed.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).not.toMatch(loopback);
    expect(csp).toContain("script-src 'self';");
    expect((await deployed.inject({ url: '/release.json' })).json().overrideOrigins).toEqual([]);

    // OVERRIDE_ORIGINS stay what the deployment lists; DEV_OVERRIDES turns loopback on or off explicitly.
    const listed = await portal({ PUBLIC_URL: 'https://portal.example.com', OVERRIDE_ORIGINS: 'https://remotes.dev.example.com' });
    const listedCsp = String((await listed.inject({ url: '/' })).headers['content-security-policy']);
    expect(listedCsp).not.toMatch(loopback);
    expect(listedCsp).toContain("script-src 'self' https://remotes.dev.example.com;");
    const opted = await portal({ PUBLIC_URL: 'https://portal.example.com', DEV_OVERRIDES: 'on' });
    expect(String((await opted.inject({ url: '/' })).headers['content-security-policy'])).toContain("script-src 'self' http://localhost:* http://127.0.0.1:*;");
    const local = await portal({ PUBLIC_URL: 'http://127.0.0.1:8080', DEV_OVERRIDES: 'off' });
    expect(String((await local.inject({ url: '/' })).headers['content-security-policy'])).not.toMatch(loopback);
  });

  it('turns development overrides on by default only for a loopback PUBLIC_URL', () => {
    expect(loadPortalConfig({}).devOverrides).toBe(true);
    expect(loadPortalConfig({ PUBLIC_URL: 'http://127.0.0.1:4000' }).devOverrides).toBe(true);
    expect(loadPortalConfig({ PUBLIC_URL: 'https://portal.example.com' }).devOverrides).toBe(false);
    expect(loadPortalConfig({ PUBLIC_URL: 'http://localhost.example.com' }).devOverrides).toBe(false);
    expect(loadPortalConfig({ PUBLIC_URL: 'https://portal.example.com', DEV_OVERRIDES: 'true' }).devOverrides).toBe(true);
    expect(() => loadPortalConfig({ DEV_OVERRIDES: 'sometimes' })).toThrow(/DEV_OVERRIDES/);
  });

  it('reads release.json from the store on every request: a release needs no restart', async () => {
    const storeDir = await tempDir();
    const app = await portal({ RELEASE_STORE: storeDir });
    const first = (await app.inject({ url: '/release.json' })).json();
    expect(first.remotes['mfe-auth'].stable.version).toBe('1.0.0-abc12345');

    const store = new FsReleaseStore(storeDir);
    const build = await tempDir();
    await writeFakeRemoteBuild(build, 'v2');
    await publishRemote(store, 'mfe-auth', { dir: build, version: '2.0.0', actor: 'test' });
    await promote(store, 'mfe-auth', '2.0.0', { actor: 'test' });

    const res = await app.inject({ url: '/release.json' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().remotes['mfe-auth'].stable.version).toBe('2.0.0');
    expect((await app.inject({ url: '/remotes/mfe-auth/2.0.0/mf-manifest.json' })).json()).toMatchObject({ marker: 'v2' });
  });

  it('runs the api in-process by default and 404s unknown api paths', async () => {
    const app = await portal();
    expect((await app.inject({ url: '/api/ping' })).json()).toEqual({ success: true, where: 'embedded' });
    const unknown = await app.inject({ url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).not.toMatch(/html/);
  });

  it('behind TRUST_PROXY proxies, takes the address the outermost proxy appended, never one the client wrote into X-Forwarded-For', async () => {
    const address = async (app: FastifyInstance, forwardedFor: string) =>
      (await app.inject({ url: '/api/address', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': forwardedFor } })).json<{ ip: string }>().ip;
    // One proxy (nginx, an ingress) appends the address it saw to what the client sent.
    const one = await portal({ TRUST_PROXY: 'true' });
    expect(await address(one, '203.0.113.9')).toBe('203.0.113.9');
    expect(await address(one, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await address(one, '2001:db8::1, 7.7.7.7, 203.0.113.9')).toBe('203.0.113.9');
    // A load balancer, then nginx: the load balancer's entry is the client's.
    const two = await portal({ TRUST_PROXY: '2' });
    expect(await address(two, '6.6.6.6, 203.0.113.9, 10.0.0.9')).toBe('203.0.113.9');
    // No proxy trusted: the socket's address, whatever the header says.
    expect(await address(await portal(), '6.6.6.6')).toBe('10.0.0.5');
  });

  it('proxies /api to API_URL when set', async () => {
    const upstream = Fastify();
    open.push(upstream);
    upstream.post('/api/echo', async (req) => ({ body: req.body, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
    const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const app = await portal({ API_URL: url });
    const res = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ body: { a: 1 }, forwardedFor: '127.0.0.1' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('proxies SCIM provisioning (/scim/v2, outside /api) to API_URL too, never the shell page', async () => {
    const upstream = Fastify();
    open.push(upstream);
    upstream.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_req, body, done) => done(null, JSON.parse(String(body))));
    upstream.patch('/scim/v2/Users/:id', async (req, reply) =>
      reply.type('application/scim+json').send({ id: (req.params as { id: string }).id, body: req.body, authorization: req.headers.authorization ?? null }),
    );
    const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const app = await portal({ API_URL: url });
    const res = await app.inject({
      method: 'PATCH',
      url: '/scim/v2/Users/u1',
      headers: { authorization: 'Bearer t', 'content-type': 'application/scim+json' },
      payload: JSON.stringify({ Operations: [] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(res.json()).toEqual({ id: 'u1', body: { Operations: [] }, authorization: 'Bearer t' });
    const missing = await (await portal()).inject({ url: '/scim/v2/Nothing' });
    expect(missing.headers['content-type']).not.toMatch(/html/);
  });

  it('passes every method through to API_URL, whose api answers the ones a path does not take', async () => {
    const upstream = Fastify();
    open.push(upstream);
    acceptEveryMethod(upstream);
    upstream.route({ method: upstream.supportedMethods.filter((m) => m !== 'HEAD') as never, url: '/api/*', handler: async (req) => ({ method: req.method }) });
    const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const app = await portal({ API_URL: url });
    for (const method of ['TRACE', 'PROPFIND', 'PATCH'] as const) {
      const res = await app.inject({ method, url: '/api/anything' });
      expect(res.statusCode, method).toBe(200);
      expect(res.json(), method).toEqual({ method });
    }
  });

  it("holds its clients to the api's time limits, with the api proxied or its routes its own", async () => {
    for (const env of [{}, { API_URL: 'http://127.0.0.1:9' }] as Record<string, string>[]) {
      const app = await portal(env);
      expect(app.server.requestTimeout).toBe(HTTP_TIMEOUTS.requestMs);
      expect(app.server.headersTimeout).toBe(HTTP_TIMEOUTS.headersMs);
    }
  });
});

describe('portal configuration', () => {
  it('refuses a bad variable and names it', () => {
    expect(() => loadPortalConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadPortalConfig({ API_URL: 'not a url' })).toThrow(/API_URL/);
  });

  it('fills the documented defaults', () => {
    const c = loadPortalConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toMatch(/\.data$/);
    expect(c.releaseStoreDir).toBe(path.join(c.dataDir, 'releases'));
    expect(c.shellDir).toMatch(/shell[/\\]dist$/);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.apiUrl).toBeNull();
    expect(c.apiEnv).toMatchObject({ DATA_DIR: c.dataDir, PUBLIC_URL: c.publicUrl });
    expect(loadPortalConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    // How many proxies append to X-Forwarded-For: `true` is one, a number a chain of them.
    expect(c.trustProxy).toBe(0);
    expect(loadPortalConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadPortalConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadPortalConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    for (const bad of ['maybe', '0.5', '11', '-1']) expect(() => loadPortalConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('answers 400, not 500, to a malformed path', async () => {
    const app = await portal();
    expect((await app.inject({ url: '/%E0%A4%A' })).statusCode).toBe(400);
  });
});
