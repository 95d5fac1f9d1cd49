import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '@portal/api/lib/api-version';
import { acceptEveryMethod, httpServerOptions } from '@portal/api/lib/http-server';
import { freePort } from '@portal/api/db/testing/pg-cluster';
import { MESSAGES } from '@portal/shared-contracts';
import { PORTAL_CONF, topologyNginxConf } from '../topology/topology';
import { tempDir } from './test-fixtures';
import { rawExchange } from '@portal/api/test/raw-exchange';

/**
 * deploy/nginx/portal.conf in a real nginx, in front of a server with the api's HTTP layer (its time
 * limits, its answers below the framework, every method routed) on shortened limits: what a client
 * gets through nginx at the edges. TRACE is nginx's own to answer; a body that trickles in reaches
 * the api as it arrives, so the api's limit on the whole request cuts it off.
 */
const NGINX = '/usr/sbin/nginx';
const REQUEST_MS = 1_500;

let nginx: ChildProcess | undefined;
let upstream: FastifyInstance | undefined;
let port = 0;

beforeAll(async () => {
  if (!existsSync(NGINX)) return;
  upstream = Fastify(httpServerOptions({ headersMs: 1_000, requestMs: REQUEST_MS, checkEveryMs: 100 }));
  acceptEveryMethod(upstream);
  upstream.route({
    method: upstream.supportedMethods.filter((m) => m !== 'HEAD') as never,
    url: '/api/*',
    handler: async (req) => ({ success: true, method: req.method, body: req.body ?? null }),
  });
  const apiPort = Number(new URL(await upstream.listen({ port: 0, host: '127.0.0.1' })).port);
  const dir = await tempDir('portal-nginx-edges-');
  port = await freePort();
  const conf = topologyNginxConf(await readFile(PORTAL_CONF, 'utf8'), { apiPorts: [apiPort], s3Port: await freePort(), listenPort: port, shellDir: dir });
  await writeFile(path.join(dir, 'portal.conf'), conf);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    [
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'daemon off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/portal.conf;`,
      '}',
    ].join('\n'),
  );
  nginx = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    if (await new Promise<boolean>((r) => net.connect(port, '127.0.0.1').once('connect', function (this: net.Socket) { this.destroy(); r(true); }).once('error', () => r(false)))) return;
  }
  throw new Error('nginx did not start');
}, 30_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await upstream?.close();
});

/** Sends `head`, then `drip` a character every `everyMs`, to nginx. */
const exchange = (head: string, drip = '', everyMs = 200) => rawExchange(port, head, { drip, everyMs, giveUpMs: 15_000 });

describe.skipIf(!existsSync(NGINX))(`through nginx (skipped where ${NGINX} is not installed)`, () => {
  it("answers TRACE itself in the api's error shape with its version and the portal's headers", async () => {
    for (const target of ['/api/accounts/me', '/']) {
      const a = await exchange(`TRACE ${target} HTTP/1.1\r\nHost: portal.example.com\r\nConnection: close\r\n\r\n`);
      expect(a.status, target).toBe(405);
      expect(a.body).toEqual({ success: false, message: MESSAGES.common.methodNotAllowed });
      expect(a.headers['api-version']).toBe(API_VERSION);
      expect(a.headers['content-type']).toMatch(/^application\/json/);
      expect(a.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('passes any other method on to the api, and adds no version of its own to what the api answers', async () => {
    const a = await exchange(`PROPFIND /api/anything HTTP/1.1\r\nHost: portal.example.com\r\nConnection: close\r\n\r\n`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ method: 'PROPFIND' });
    expect(a.headers['api-version']).toBeUndefined();
  });

  it("passes a trickling body on as it arrives: the api's limit on the whole request cuts it off with 408", async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'Passw0rd!' });
    const head = `POST /api/accounts/login HTTP/1.1\r\nHost: portal.example.com\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const a = await exchange(head, body, 200);
    expect(a.status, JSON.stringify(a)).toBe(408);
    expect(a.body).toEqual({ success: false, message: MESSAGES.common.requestTimeout });
    expect(a.headers['api-version']).toBe(API_VERSION);
    expect(a.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(a.closedAfterMs).toBeLessThan(REQUEST_MS + 2_000);
  });

  it('answers a whole body that arrives in time as usual', async () => {
    const body = JSON.stringify({ a: 1 });
    const a = await exchange(`POST /api/echo HTTP/1.1\r\nHost: portal.example.com\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`, body, 20);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ method: 'POST', body: { a: 1 } });
  });
});
