import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadReleaseManifest } from './load-release';

const manifest = {
  schemaVersion: 1,
  shell: { version: '1.0.0', contractsVersion: '1.0.0' },
  remotes: { 'mfe-auth': { stable: { version: '1.0.0', entry: '/remotes/mfe-auth/1.0.0/mf-manifest.json', contractsVersion: '1.0.0' }, updatedAt: 'now' } },
};
const answering = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

afterEach(() => vi.restoreAllMocks());

describe('loadReleaseManifest', () => {
  it('reads /release.json, never from a cache, with the schema\'s defaults', async () => {
    const fetchFn = answering(manifest);
    expect(await loadReleaseManifest(fetchFn)).toEqual({ ...manifest, overrideOrigins: [], remotes: { 'mfe-auth': { ...manifest.remotes['mfe-auth'], previous: [] } } });
    expect(fetchFn).toHaveBeenCalledWith('/release.json', expect.objectContaining({ cache: 'no-store' }));
  });

  it('loads no remote from a manifest that does not match its schema, and says what is wrong', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // An id the contracts do not list is a remote made elsewhere only with what it draws (app): without it, refused.
    expect(await loadReleaseManifest(answering({ ...manifest, remotes: { 'mfe-nope': manifest.remotes['mfe-auth'] } }))).toBeNull();
    expect(error).toHaveBeenCalledWith('release.json does not match its schema; no remote will load', [
      expect.objectContaining({ code: 'custom', message: expect.stringMatching(/must say what it draws \(app\)/) }),
    ]);
    error.mockClear();
    expect(await loadReleaseManifest(answering({ ...manifest, remotes: { nope: manifest.remotes['mfe-auth'] } }))).toBeNull();
    expect(error).toHaveBeenCalledWith('release.json does not match its schema; no remote will load', [expect.objectContaining({ path: ['remotes', 'nope'] })]);
  });

  it('tries twice, then loads no remote', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchFn = answering({}, 404);
    expect(await loadReleaseManifest(fetchFn)).toBeNull();
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(error).toHaveBeenCalledWith('release.json could not be loaded; no remote will load', new Error('HTTP 404'));
  });
});
