import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_VERSION } from '@portal/api/lib/api-version';
import { HTTP_TIMEOUTS } from '@portal/api/lib/http-server';
import { LIMITS, MESSAGES } from '@portal/shared-contracts';
import { describe, expect, it } from 'vitest';
import { EMPLOYEES_CSV_TEMPLATE } from './employees-csv';
import { REPO_ROOT } from './paths';
import { FsReleaseStore } from './release/store';
import { IMMUTABLE_CACHE } from './release/s3-store';
import { securityHeaders } from './security-headers';
import { tempDir } from './test-fixtures';

const CONF = path.join(REPO_ROOT, 'deploy', 'nginx', 'portal.conf');
const NGINX = '/usr/sbin/nginx';
const read = () => readFile(CONF, 'utf8');

/** `add_header Name "value" always;` lines of the server block, by lower-case name. */
function addedHeaders(conf: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name = '', quoted, bare] of conf.matchAll(/^\s*add_header\s+([\w-]+)\s+(?:"([^"]*)"|(\S+))\s+always;/gm)) {
    out[name.toLowerCase()] = quoted ?? bare ?? '';
  }
  return out;
}

function sizeInBytes(size: string): number {
  const [, n = '0', unit = ''] = /^(\d+)([kKmM]?)$/.exec(size) ?? [];
  return Number(n) * (unit.toLowerCase() === 'm' ? 1024 * 1024 : unit.toLowerCase() === 'k' ? 1024 : 1);
}

describe('nginx configuration (deploy/nginx/portal.conf)', () => {
  it.skipIf(!existsSync(NGINX))(`is accepted by nginx -t (skipped where ${NGINX} is not installed)`, async () => {
    const dir = await tempDir();
    const main = path.join(dir, 'nginx.conf');
    // The smallest main configuration around it, every writable path in a temporary folder.
    await writeFile(
      main,
      [
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        'events {}',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  access_log off;',
        `  client_body_temp_path ${dir}/body;`,
        `  proxy_temp_path ${dir}/proxy;`,
        `  include ${CONF};`,
        '}',
      ].join('\n'),
    );
    const res = spawnSync(NGINX, ['-t', '-q', '-c', main, '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('sends the portal server security headers and CSP, and its caching rules', async () => {
    const conf = await read();
    const headers = addedHeaders(conf);
    // Remotes come through this origin (/remotes/ from the bucket), behind TLS, without development overrides.
    for (const [name, value] of Object.entries(securityHeaders(null, true, []))) expect(headers[name], name).toBe(value);
    expect(headers['cache-control']).toBe('$portal_cache_control');
    const rule = (uri: string) => new RegExp(`^\\s*${uri.replace(/[.^$]/g, (c) => `\\${c}`)}\\s+"([^"]*)";`, 'm').exec(conf)?.[1];
    expect(rule('~^/remotes/')).toBe(IMMUTABLE_CACHE);
    expect(rule('/release.json')).toBe('no-store');
    expect(rule('/index.html')).toBe('no-store');
    expect(conf).toMatch(/^\s*gzip on;/m);
  });

  it("holds clients to the api's time limits, and answers TRACE as the api answers a method it does not take", async () => {
    const conf = await read();
    const seconds = (directive: string) => Number(new RegExp(`^\\s*${directive} (\\d+)s;`, 'm').exec(conf)?.[1]) * 1000;
    expect(seconds('client_header_timeout')).toBe(HTTP_TIMEOUTS.headersMs);
    expect(seconds('client_body_timeout')).toBe(HTTP_TIMEOUTS.requestMs);
    // Both locations that reach an api pass a body on as it arrives, so the api's limit applies.
    for (const location of ['location /api/ {', 'location ~ "^/api/releases/(?:console|freeze)(?:/|$)" {']) {
      const block = conf.slice(conf.indexOf(location), conf.indexOf('}', conf.indexOf(location)));
      expect(block, location).toMatch(/^\s*proxy_request_buffering off;/m);
    }
    const body = /return 405 '([^']*)';/.exec(conf)?.[1];
    expect(JSON.parse(body ?? 'null')).toEqual({ success: false, message: MESSAGES.common.methodNotAllowed });
    expect(/TRACE\s+"([^"]+)";/.exec(conf)?.[1]).toBe(API_VERSION);
  });

  it('serves from /remotes/ exactly the paths the portal server serves', async () => {
    const conf = await read();
    const pattern = /location ~ "(\^\/remotes\/[^"]+)"/.exec(conf)?.[1];
    expect(pattern).toBeDefined();
    const served = new RegExp(pattern!);
    for (const p of [
      'mfe-auth/1.0.0/mf-manifest.json',
      'mfe-employees/1.2.0-abc.1f2e/sub/chunk.123abc45.js',
      'release.json',
      'history.jsonl',
      'mfe-auth/1.0.0/.publishing',
      'mfe-auth/.incoming-1-abcd/x.js',
      'mfe-auth/1.0.0/../../history.jsonl',
      'mfe-auth/1.0.0/',
    ]) {
      expect(served.test(`/remotes/${p}`), p).toBe(FsReleaseStore.isServablePath(`/${p}`));
    }
  });

  it('proxies /api to several instances with keepalive, retrying only requests that may be repeated', async () => {
    const conf = await read();
    const upstream = /upstream portal_api \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(upstream.match(/^\s*server\s/gm)?.length).toBeGreaterThanOrEqual(2);
    expect(upstream).toMatch(/^\s*keepalive \d+;/m);
    const api = /location \/api\/ \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    expect(api).toMatch(/proxy_http_version 1\.1;/);
    expect(api).toMatch(/proxy_set_header Connection "";/);
    const retry = /proxy_next_upstream ([^;]+);/.exec(api)?.[1];
    expect(retry).toBeDefined();
    expect(retry).not.toContain('non_idempotent');
    // The client address is the one nginx established from the trusted proxy only.
    expect(conf).toMatch(/^\s*set_real_ip_from \S+;/m);
    expect(conf).toMatch(/^\s*real_ip_header X-Forwarded-For;/m);
    expect(api).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });

  it('takes the CSV import and nothing much larger, and offers the same CSV template', async () => {
    const conf = await read();
    const limit = sizeInBytes(/^\s*client_max_body_size (\S+);/m.exec(conf)?.[1] ?? '0');
    expect(limit).toBeGreaterThanOrEqual(LIMITS.csvMaxBytes + 64 * 1024);
    expect(limit).toBeLessThanOrEqual(2 * LIMITS.csvMaxBytes);
    const template = /location = \/employees\.csv \{[^}]*return 200 "([^"]*)";/.exec(conf)?.[1];
    expect(template?.replace(/\\r/g, '\r').replace(/\\n/g, '\n')).toBe(EMPLOYEES_CSV_TEMPLATE);
  });
});
