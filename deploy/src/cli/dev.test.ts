import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths';
import { overrideUrl, parseDevArgs } from './dev';

describe('pnpm dev <remote>', () => {
  it("serves the remote on its contracts dev port and prints the portal's override link", () => {
    const args = parseDevArgs(['mfe-auth'], {});
    expect(args).toEqual({ remote: 'mfe-auth', port: 3001, portal: 'http://localhost:8080', dir: path.join(REPO_ROOT, 'mfe-auth') });
    expect(overrideUrl(args.portal, args.remote, args.port)).toBe('http://localhost:8080/?override=mfe-auth=http://localhost:3001#/');
    expect(overrideUrl('https://portal.example.com/', 'mfe-employees', 3003)).toBe(
      'https://portal.example.com/?override=mfe-employees=http://localhost:3003#/',
    );
  });

  it('takes another port and portal, and refuses unknown remotes and bad ports', () => {
    expect(parseDevArgs(['mfe-employees', '--port', '4100'], { PORTAL_URL: 'https://portal.example.com' })).toMatchObject({
      port: 4100,
      portal: 'https://portal.example.com',
    });
    expect(() => parseDevArgs([], {})).toThrow(/usage: pnpm dev <remote>/);
    expect(() => parseDevArgs(['mfe-nope'], {})).toThrow(/Unknown remote "mfe-nope"/);
    expect(() => parseDevArgs(['mfe-auth', '--port', '99999'], {})).toThrow(/--port/);
  });
});
